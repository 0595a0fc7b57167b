import { and, desc, eq, exists, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
import { likePattern } from '../../lib/cursor.ts';

export interface GroupWithViewer {
  group: PrayerGroupRow;
  journalTitle: string;
  role: GroupRole | null;
  invited: boolean;
}

const viewerColumns = (viewerId: string) => ({
  group: prayerGroups,
  journalTitle: journals.title,
  role: sql<GroupRole | null>`(select gm.role from prayer_group_members gm where gm.group_id = ${prayerGroups.id} and gm.user_id = ${viewerId})`,
  invited: sql<boolean>`exists (select 1 from prayer_group_invites gi where gi.group_id = ${prayerGroups.id} and gi.user_id = ${viewerId})`,
});

/** Prayer groups, members and invitations. Queries only. */
export class GroupsRepository {
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  /** Public groups, and private ones the viewer belongs to or is invited to. */
  private visibleTo(viewerId: string): SQL {
    return or(
      eq(prayerGroups.isPublic, true),
      exists(
        this.db
          .select({ x: sql`1` })
          .from(prayerGroupMembers)
          .where(
            and(
              eq(prayerGroupMembers.groupId, prayerGroups.id),
              eq(prayerGroupMembers.userId, viewerId),
            ),
          ),
      ),
      exists(
        this.db
          .select({ x: sql`1` })
          .from(prayerGroupInvites)
          .where(
            and(
              eq(prayerGroupInvites.groupId, prayerGroups.id),
              eq(prayerGroupInvites.userId, viewerId),
            ),
          ),
      ),
    )!;
  }

  async findVisible(id: string, viewerId: string): Promise<GroupWithViewer | null> {
    const [row] = await this.db
      .select(viewerColumns(viewerId))
      .from(prayerGroups)
      .innerJoin(journals, eq(journals.id, prayerGroups.journalId))
      .where(and(eq(prayerGroups.id, id), this.visibleTo(viewerId)))
      .limit(1);
    return row ?? null;
  }

  async list(
    viewerId: string,
    opts: { scope: 'all' | 'mine' | 'suggested'; search?: string | undefined; limit: number },
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
          ? and(eq(prayerGroups.isPublic, true), sql`not ${isMember}`, friendIsMember)
          : this.visibleTo(viewerId);
    const search = opts.search
      ? or(
          ilike(prayerGroups.name, likePattern(opts.search)),
          ilike(prayerGroups.description, likePattern(opts.search)),
        )
      : undefined;
    return this.db
      .select(viewerColumns(viewerId))
      .from(prayerGroups)
      .innerJoin(journals, eq(journals.id, prayerGroups.journalId))
      .where(and(scope, search))
      .orderBy(
        opts.scope === 'suggested' ? desc(prayerGroups.memberCount) : desc(prayerGroups.createdAt),
        desc(prayerGroups.id),
      )
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

  async setRole(groupId: string, userId: string, role: GroupRole): Promise<boolean> {
    const rows = await this.db
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

  async members(groupId: string, limit: number) {
    return this.db
      .select({
        userId: prayerGroupMembers.userId,
        role: prayerGroupMembers.role,
        joinedAt: prayerGroupMembers.joinedAt,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.profilePicture,
      })
      .from(prayerGroupMembers)
      .innerJoin(users, eq(users.id, prayerGroupMembers.userId))
      .where(eq(prayerGroupMembers.groupId, groupId))
      .orderBy(sql`${prayerGroupMembers.role} = 'admin' desc`, prayerGroupMembers.joinedAt)
      .limit(limit);
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
}
