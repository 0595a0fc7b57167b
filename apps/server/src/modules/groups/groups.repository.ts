import { and, desc, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { jsonArray } from '../../db/json.ts';
import {
  friendships,
  type GroupRole,
  journals,
  type PrayerGroupRow,
  prayerGroupInvites,
  prayerGroupMembers,
  prayerGroups,
  users,
} from '../../db/schema/index.ts';
import { textMatches } from '../../lib/text-search.ts';
import type { GroupAccess } from '../access/access.policy.ts';
import {
  groupListedPublicly,
  groupVisible,
  groupWithViewerColumns,
  profileVisible,
} from '../access/access.sql.ts';

/** Whether the viewer is an admin of the group of the statement's `prayer_groups` row. */
const viewerIsAdmin = (viewerId: string) => sql`${groupWithViewerColumns(viewerId).role} = 'admin'`;

/** A group with what its viewer may see of it (access.sql.ts `groupWithViewerColumns`). */
export type GroupWithViewer = GroupAccess;

export type GroupListScope = 'all' | 'mine' | 'suggested';

/** Prayer groups, members and invitations. Queries only. */
export class GroupsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * A page of groups: every group the viewer may see ('all', newest first), the ones they belong
   * to ('mine'), or public groups with a friend in them that they have not joined ('suggested',
   * largest first). Keyset-paginated after the last row's (sort key, id).
   */
  async list(
    viewerId: string,
    opts: {
      scope: GroupListScope;
      search?: string | undefined;
      /** The last row's (member count, id) for 'suggested', else its (created at, id). */
      after: readonly [Date | number, string] | null;
      limit: number;
    },
  ): Promise<GroupWithViewer[]> {
    const isMember = exists(
      this.db
        .select({ x: sql`1` })
        .from(prayerGroupMembers)
        .where(
          and(
            eq(prayerGroupMembers.groupId, prayerGroups.id),
            eq(prayerGroupMembers.userId, viewerId),
          ),
        ),
    );
    const friendIsMember = exists(
      this.db
        .select({ x: sql`1` })
        .from(prayerGroupMembers)
        .innerJoin(friendships, eq(friendships.friendId, prayerGroupMembers.userId))
        .where(
          and(eq(prayerGroupMembers.groupId, prayerGroups.id), eq(friendships.userId, viewerId)),
        ),
    );
    const scope =
      opts.scope === 'mine'
        ? isMember
        : opts.scope === 'suggested'
          ? and(groupListedPublicly(), sql`not ${isMember}`, friendIsMember)
          : groupVisible(viewerId);
    const search = opts.search
      ? textMatches(opts.search, prayerGroups.name, prayerGroups.description)
      : undefined;
    const suggested = opts.scope === 'suggested';
    const sortKey = suggested ? prayerGroups.memberCount : prayerGroups.createdAt;
    const after = opts.after
      ? or(
          lt(sortKey, opts.after[0]),
          and(eq(sortKey, opts.after[0]), lt(prayerGroups.id, opts.after[1])),
        )
      : undefined;
    return this.db
      .select(groupWithViewerColumns(viewerId))
      .from(prayerGroups)
      .innerJoin(journals, eq(journals.id, prayerGroups.journalId))
      .where(and(scope, search, after))
      .orderBy(desc(sortKey), desc(prayerGroups.id))
      .limit(opts.limit);
  }

  async insert(
    values: typeof prayerGroups.$inferInsert,
    tx: DbOrTx = this.db,
  ): Promise<PrayerGroupRow> {
    const [row] = await tx.insert(prayerGroups).values(values).returning();
    return row!;
  }

  async update(
    id: string,
    values: Partial<typeof prayerGroups.$inferInsert>,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    // An update with nothing in it (`{}` is a valid body) changes nothing: Drizzle refuses an
    // empty SET.
    if (Object.keys(values).length === 0) return;
    await tx.update(prayerGroups).set(values).where(eq(prayerGroups.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(prayerGroups).where(eq(prayerGroups.id, id));
  }

  /**
   * Ends the user's ties to groups: the groups around their journals are deleted (members and
   * invitations with them), they leave every other group (member counts follow; a group they
   * leave without an admin gets its longest-standing member as admin), and the invitations
   * sent to them or by them are withdrawn.
   */
  async removeTiesOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(prayerGroups)
      .where(
        sql`${prayerGroups.journalId} in (select id from journals where owner_id = ${userId})`,
      );
    const left = (
      await tx
        .delete(prayerGroupMembers)
        .where(eq(prayerGroupMembers.userId, userId))
        .returning({ groupId: prayerGroupMembers.groupId })
    ).map((r) => r.groupId);
    if (left.length > 0) {
      await tx
        .update(prayerGroups)
        .set({ memberCount: sql`${prayerGroups.memberCount} - 1` })
        .where(inArray(prayerGroups.id, left));
      await tx.execute(sql`
        update ${prayerGroupMembers} set role = 'admin'
        from (select distinct on (m.group_id) m.group_id, m.user_id from prayer_group_members m
          where ${inArray(sql`m.group_id`, left)} and not exists (select 1 from prayer_group_members a
            where a.group_id = m.group_id and a.role = 'admin')
          order by m.group_id, m.joined_at, m.user_id) as heir
        where ${prayerGroupMembers.groupId} = heir.group_id and ${prayerGroupMembers.userId} = heir.user_id`);
    }
    await tx
      .delete(prayerGroupInvites)
      .where(or(eq(prayerGroupInvites.userId, userId), eq(prayerGroupInvites.invitedBy, userId)));
  }

  /**
   * Locks the group's row until the transaction ends: members leaving, stepping down or being
   * removed are decided one at a time, each on the roles the one before left, so parallel
   * changes cannot leave a group without an admin (docs/decisions/056). `for no key update`, as
   * plans.repository.ts explains; joins wait for it when they bump the member count.
   */
  async lock(id: string, tx: Tx): Promise<void> {
    await tx
      .select({ id: prayerGroups.id })
      .from(prayerGroups)
      .where(eq(prayerGroups.id, id))
      .for('no key update');
  }

  async addMember(
    groupId: string,
    userId: string,
    role: GroupRole,
    tx: DbOrTx = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .insert(prayerGroupMembers)
      .values({ groupId, userId, role })
      .onConflictDoNothing()
      .returning({ userId: prayerGroupMembers.userId });
    if (rows.length > 0) {
      await tx
        .update(prayerGroups)
        .set({ memberCount: sql`${prayerGroups.memberCount} + 1` })
        .where(eq(prayerGroups.id, groupId));
      await tx
        .delete(prayerGroupInvites)
        .where(and(eq(prayerGroupInvites.groupId, groupId), eq(prayerGroupInvites.userId, userId)));
    }
    return rows.length > 0;
  }

  async removeMember(groupId: string, userId: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .delete(prayerGroupMembers)
      .where(and(eq(prayerGroupMembers.groupId, groupId), eq(prayerGroupMembers.userId, userId)))
      .returning({ userId: prayerGroupMembers.userId });
    if (rows.length > 0) {
      await tx
        .update(prayerGroups)
        .set({ memberCount: sql`${prayerGroups.memberCount} - 1` })
        .where(eq(prayerGroups.id, groupId));
    }
    return rows.length > 0;
  }

  async setRole(groupId: string, userId: string, role: GroupRole, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(prayerGroupMembers)
      .set({ role })
      .where(and(eq(prayerGroupMembers.groupId, groupId), eq(prayerGroupMembers.userId, userId)))
      .returning({ userId: prayerGroupMembers.userId });
    return rows.length > 0;
  }

  async adminCount(groupId: string, tx: DbOrTx = this.db): Promise<number> {
    return tx.$count(
      prayerGroupMembers,
      and(eq(prayerGroupMembers.groupId, groupId), eq(prayerGroupMembers.role, 'admin')),
    );
  }

  async adminIds(groupId: string, tx: DbOrTx = this.db): Promise<string[]> {
    const rows = await tx
      .select({ userId: prayerGroupMembers.userId })
      .from(prayerGroupMembers)
      .where(and(eq(prayerGroupMembers.groupId, groupId), eq(prayerGroupMembers.role, 'admin')));
    return rows.map((r) => r.userId);
  }

  /**
   * The members the viewer may see, admins first, to read with the group (`access.groupWith`,
   * whose row gives the viewer's role): every one for admins, else those whose profile is
   * visible.
   */
  members(groupId: string, viewerId: string, limit: number) {
    return jsonArray(
      {
        userId: prayerGroupMembers.userId,
        role: prayerGroupMembers.role,
        joinedAt: prayerGroupMembers.joinedAt,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.profilePicture,
      },
      (row) =>
        this.db
          .select({ row })
          .from(prayerGroupMembers)
          .innerJoin(users, eq(users.id, prayerGroupMembers.userId))
          .where(
            and(
              eq(prayerGroupMembers.groupId, groupId),
              or(viewerIsAdmin(viewerId), profileVisible(viewerId)),
            ),
          )
          .orderBy(sql`${prayerGroupMembers.role} = 'admin' desc`, prayerGroupMembers.joinedAt)
          .limit(limit),
    );
  }

  /**
   * Pending invitations of a group, newest first, with who was invited, to read with the group:
   * for its admins only (none for anyone else).
   */
  invitations(groupId: string, viewerId: string, limit: number) {
    return jsonArray(
      {
        userId: prayerGroupInvites.userId,
        invitedAt: prayerGroupInvites.createdAt,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.profilePicture,
      },
      (row) =>
        this.db
          .select({ row })
          .from(prayerGroupInvites)
          .innerJoin(users, eq(users.id, prayerGroupInvites.userId))
          .where(and(eq(prayerGroupInvites.groupId, groupId), viewerIsAdmin(viewerId)))
          .orderBy(desc(prayerGroupInvites.createdAt), prayerGroupInvites.userId)
          .limit(limit),
    );
  }

  /** Withdraws every invitation one of two people sent the other (they are no longer friends). */
  async removeInvitesBetween(a: string, b: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(prayerGroupInvites)
      .where(
        or(
          and(eq(prayerGroupInvites.invitedBy, a), eq(prayerGroupInvites.userId, b)),
          and(eq(prayerGroupInvites.invitedBy, b), eq(prayerGroupInvites.userId, a)),
        ),
      );
  }

  async invite(
    groupId: string,
    userIds: string[],
    invitedBy: string,
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await tx
      .insert(prayerGroupInvites)
      .values(userIds.map((userId) => ({ groupId, userId, invitedBy })))
      .onConflictDoNothing()
      .returning({ userId: prayerGroupInvites.userId });
    return rows.map((r) => r.userId);
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The groups the user is in, with their role. */
  async membershipsOf(userId: string) {
    return this.db
      .select({ group: prayerGroups, role: prayerGroupMembers.role })
      .from(prayerGroupMembers)
      .innerJoin(prayerGroups, eq(prayerGroups.id, prayerGroupMembers.groupId))
      .where(eq(prayerGroupMembers.userId, userId));
  }

  /** The groups the user joined (not created) count one member fewer. */
  async uncountMember(userId: string, tx: DbOrTx): Promise<void> {
    await tx.execute(sql`update prayer_groups set member_count = member_count - 1
        where creator_id <> ${userId} and id in (select group_id from prayer_group_members where user_id = ${userId})`);
  }
}
