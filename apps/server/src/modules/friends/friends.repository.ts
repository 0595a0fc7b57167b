import {
  aliasedTable,
  and,
  type Column,
  desc,
  eq,
  inArray,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/json.ts';
import {
  type FriendRequestRow,
  friendInvites,
  friendRequests,
  friendships,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { personFindable, profileVisible } from '../access/access.sql.ts';

export type Relation = 'friend' | 'request_sent' | 'request_received';

/**
 * The viewer's relation to `person` (a column of the statement's row): a pending request either
 * way, else a friendship, else null. Wrapped so that Drizzle qualifies the column even in the
 * selection of a one-table select (it leaves a selection's own columns unqualified there, and
 * `friend_requests` has an `id` of its own).
 */
function relationTo(viewerId: string, person: Column): SQL<Relation | null> {
  const other = sql`${person}`;
  return sql<Relation | null>`case
    when exists (select 1 from friend_requests rr where rr.status = 'pending'
      and rr.recipient_id = ${viewerId} and rr.requester_id = ${other}) then 'request_received'
    when exists (select 1 from friend_requests rs where rs.status = 'pending'
      and rs.requester_id = ${viewerId} and rs.recipient_id = ${other}) then 'request_sent'
    when exists (select 1 from friendships rf where rf.user_id = ${viewerId}
      and rf.friend_id = ${other}) then 'friend'
  end`;
}

export interface FriendRow {
  user: UserRow;
  friendsSince: Date;
  mutualJournals: number;
}

/** Friendships, friend requests and invitations. Queries only. */
export class FriendsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async areFriends(a: string, b: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .select({ x: friendships.userId })
      .from(friendships)
      .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
      .limit(1);
    return rows.length > 0;
  }

  /** Which of `ids` are friends of `userId`. */
  async friendsAmong(userId: string, ids: string[], tx: DbOrTx = this.db): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await tx
      .select({ id: friendships.friendId })
      .from(friendships)
      .where(and(eq(friendships.userId, userId), inArray(friendships.friendId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async listFriends(userId: string, limit: number): Promise<FriendRow[]> {
    return this.db
      .select({
        user: users,
        friendsSince: friendships.createdAt,
        // Raw aliases: Drizzle does not render aliased tables inside sql templates.
        mutualJournals: sql<number>`(select count(*)::int from journal_members m1 join journal_members m2 on m2.journal_id = m1.journal_id where m1.user_id = ${userId} and m2.user_id = "users"."id")`,
      })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId))
      .orderBy(users.firstName, users.lastName, users.id)
      .limit(limit);
  }

  async addFriendship(a: string, b: string, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .insert(friendships)
      .values([
        { userId: a, friendId: b },
        { userId: b, friendId: a },
      ])
      .onConflictDoNothing();
  }

  async removeFriendship(a: string, b: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, a), eq(friendships.friendId, b)),
          and(eq(friendships.userId, b), eq(friendships.friendId, a)),
        ),
      )
      .returning({ id: friendships.userId });
    return rows.length > 0;
  }

  /** Ids of the user's friends. */
  async friendIds(userId: string, tx: DbOrTx = this.db): Promise<string[]> {
    const rows = await tx
      .select({ id: friendships.friendId })
      .from(friendships)
      .where(eq(friendships.userId, userId));
    return rows.map((r) => r.id);
  }

  /** Cancels every pending request the user sent or received. */
  async cancelPendingOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx
      .update(friendRequests)
      .set({ status: 'cancelled', respondedAt: new Date() })
      .where(
        and(
          eq(friendRequests.status, 'pending'),
          or(eq(friendRequests.requesterId, userId), eq(friendRequests.recipientId, userId)),
        ),
      );
  }

  /** Deletes the user's invitations: those sent by e-mail and their personal link. */
  async deleteInvitesBy(inviterId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(friendInvites).where(eq(friendInvites.inviterId, inviterId));
  }

  async pendingBetween(
    a: string,
    b: string,
    tx: DbOrTx = this.db,
  ): Promise<FriendRequestRow | null> {
    const [row] = await tx
      .select()
      .from(friendRequests)
      .where(
        and(
          eq(friendRequests.status, 'pending'),
          or(
            and(eq(friendRequests.requesterId, a), eq(friendRequests.recipientId, b)),
            and(eq(friendRequests.requesterId, b), eq(friendRequests.recipientId, a)),
          ),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  /** Inserts a pending request; null when one is already pending between the two. */
  async createRequest(
    requesterId: string,
    recipientId: string,
    tx: DbOrTx = this.db,
  ): Promise<FriendRequestRow | null> {
    const [row] = await tx
      .insert(friendRequests)
      .values({ requesterId, recipientId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async findRequest(id: string, tx: DbOrTx = this.db): Promise<FriendRequestRow | null> {
    const [row] = await tx.select().from(friendRequests).where(eq(friendRequests.id, id)).limit(1);
    return row ?? null;
  }

  /** Moves a pending request to `status`; false when it was no longer pending. */
  async resolveRequest(
    id: string,
    status: 'accepted' | 'rejected' | 'cancelled',
    tx: DbOrTx = this.db,
  ): Promise<boolean> {
    const rows = await tx
      .update(friendRequests)
      .set({ status, respondedAt: new Date() })
      .where(and(eq(friendRequests.id, id), eq(friendRequests.status, 'pending')))
      .returning({ id: friendRequests.id });
    return rows.length > 0;
  }

  /**
   * Pending requests to or from the user. The requester of an incoming one is always shown (they
   * asked); the recipient of an outgoing one only when their profile is visible to the user.
   */
  async requests(userId: string, direction: 'incoming' | 'outgoing', limit: number) {
    const requester = aliasedTable(users, 'requester');
    const recipient = aliasedTable(users, 'recipient');
    return this.db
      .select({
        request: friendRequests,
        requester,
        recipient,
        recipientVisible: sql<boolean>`${profileVisible(userId, recipient)}`,
      })
      .from(friendRequests)
      .innerJoin(requester, eq(requester.id, friendRequests.requesterId))
      .innerJoin(recipient, eq(recipient.id, friendRequests.recipientId))
      .where(
        and(
          eq(friendRequests.status, 'pending'),
          direction === 'incoming'
            ? eq(friendRequests.recipientId, userId)
            : eq(friendRequests.requesterId, userId),
        ),
      )
      .orderBy(desc(friendRequests.createdAt))
      .limit(limit);
  }

  async mutualFriendCount(a: string, b: string, tx: DbOrTx = this.db): Promise<number> {
    const rows = await tx.execute(
      sql`select count(*)::int as n from friendships f1 join friendships f2 on f2.friend_id = f1.friend_id where f1.user_id = ${a} and f2.user_id = ${b}`,
    );
    return Number(rowsOf<{ n: number }>(rows)[0]?.n ?? 0);
  }

  /**
   * People the viewer may find: by name among the profiles visible to them; by exact username
   * when the profile is not private; by exact full e-mail always. Never by a part of an e-mail.
   */
  async search(
    viewerId: string,
    q: string,
    exactEmail: string,
    limit: number,
  ): Promise<{ user: UserRow; mutualFriends: number; relation: Relation | null }[]> {
    return this.db
      .select({
        user: users,
        mutualFriends: sql<number>`(select count(*)::int from friendships f1 join friendships f2 on f2.user_id = f1.friend_id where f1.user_id = ${viewerId} and f2.friend_id = "users"."id")`,
        relation: relationTo(viewerId, users.id),
      })
      .from(users)
      .where(and(ne(users.id, viewerId), personFindable(viewerId, q, exactEmail)))
      .orderBy(
        sql`${users.email} = ${exactEmail} desc`,
        sql`lower(${users.username}) = lower(${q}) desc`,
        users.firstName,
        users.id,
      )
      .limit(limit);
  }

  /**
   * Friends of friends and members of shared journals who are not friends yet and whose profile
   * the viewer may see, most mutual friends first.
   */
  async suggestions(
    userId: string,
    limit: number,
  ): Promise<{ user: UserRow; mutualFriends: number; relation: Relation | null }[]> {
    const candidates = sql`(
      with mine as (select friend_id from friendships where user_id = ${userId}),
      fof as (
        select f2.friend_id as id, count(*)::int as mutual
        from friendships f1 join friendships f2 on f2.user_id = f1.friend_id
        where f1.user_id = ${userId} and f2.friend_id <> ${userId} and f2.friend_id not in (select friend_id from mine)
        group by f2.friend_id),
      mates as (
        select distinct m2.user_id as id
        from journal_members m1 join journal_members m2 on m2.journal_id = m1.journal_id
        where m1.user_id = ${userId} and m2.user_id <> ${userId} and m2.user_id not in (select friend_id from mine))
      select u.id, coalesce(fof.mutual, 0) as mutual
      from fof full join mates on mates.id = fof.id
      join users u on u.id = coalesce(fof.id, mates.id)
      where ${profileVisible(userId, { id: sql`u.id`, settings: sql`u.settings` })}
      order by mutual desc, u.id
      limit ${limit}) as suggested`;
    // The people and the viewer's relation to each: the same statement (ADR 046).
    return this.db
      .select({
        user: users,
        mutualFriends: sql<number>`suggested.mutual`.mapWith(Number),
        relation: relationTo(userId, users.id),
      })
      .from(users)
      .innerJoin(candidates, sql`suggested.id = ${users.id}`)
      .orderBy(sql`suggested.mutual desc`, users.id);
  }

  async createInvite(
    values: { inviterId: string; email: string | null; code: string },
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(friendInvites).values(values);
  }

  async personalInvite(inviterId: string, tx: DbOrTx = this.db): Promise<string | null> {
    const [row] = await tx
      .select({ code: friendInvites.code })
      .from(friendInvites)
      .where(and(eq(friendInvites.inviterId, inviterId), sql`${friendInvites.email} is null`))
      .limit(1);
    return row?.code ?? null;
  }

  /** Inviters whose invitation matches this code or e-mail. */
  async invitersFor(
    code: string | undefined,
    email: string,
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ inviterId: friendInvites.inviterId })
      .from(friendInvites)
      .where(or(eq(friendInvites.email, email), code ? eq(friendInvites.code, code) : undefined));
    return rows.map((r) => r.inviterId);
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The user's friends, with since when. */
  async friendsSince(userId: string) {
    return this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
        since: friendships.createdAt,
      })
      .from(friendships)
      .innerJoin(users, eq(users.id, friendships.friendId))
      .where(eq(friendships.userId, userId));
  }

  /** Deletes the user's friendships, both ways. */
  async deleteFriendshipsOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(friendships)
      .where(or(eq(friendships.userId, userId), eq(friendships.friendId, userId)));
  }
}
