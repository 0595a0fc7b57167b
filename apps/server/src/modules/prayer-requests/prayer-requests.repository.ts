import { and, desc, eq, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonArray, rowsOf } from '../../db/json.ts';
import {
  type PrayerRequestRow,
  prayerRequestResponses,
  prayerRequests,
  prayerRequestShares,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/cursor.ts';
import { othersRequestReadable, grantedBetween, profileVisible } from '../access/access.sql.ts';

export interface RequestWithCreator {
  request: PrayerRequestRow;
  creator: UserRow;
}

export interface Responder {
  requestId: string;
  userId: string;
  username: string;
  avatar: string | null;
  rank: number;
  total: number;
  /** Whether the viewer may see who this is (access.sql.ts `profileVisible`). */
  visible: boolean;
}

export const RESPONDERS_SHOWN = 20;

/** What a request is read with (`PrayerRequestsRepository.seenWith`). */
export interface SeenWith {
  responders: Responder[];
  shares: string[];
}

/** Prayer requests, their shares and who prays for them. Queries only. */
export class PrayerRequestsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(
    values: typeof prayerRequests.$inferInsert,
    tx: DbOrTx = this.db,
  ): Promise<PrayerRequestRow> {
    const [row] = await tx.insert(prayerRequests).values(values).returning();
    return row!;
  }

  async update(
    id: string,
    values: Partial<typeof prayerRequests.$inferInsert>,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.update(prayerRequests).set(values).where(eq(prayerRequests.id, id));
  }

  async delete(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(prayerRequests).where(eq(prayerRequests.id, id));
  }

  async replaceShares(
    requestId: string,
    userIds: string[],
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    const before = await tx
      .select({ userId: prayerRequestShares.userId })
      .from(prayerRequestShares)
      .where(eq(prayerRequestShares.requestId, requestId));
    await tx.delete(prayerRequestShares).where(eq(prayerRequestShares.requestId, requestId));
    if (userIds.length > 0) {
      await tx.insert(prayerRequestShares).values(userIds.map((userId) => ({ requestId, userId })));
    }
    const had = new Set(before.map((b) => b.userId));
    return userIds.filter((id) => !had.has(id));
  }

  async list(opts: {
    viewerId: string;
    type: 'myRequests' | 'friendRequests';
    category?: string | undefined;
    search?: string | undefined;
    after: readonly [Date, string] | null;
    limit: number;
  }): Promise<(RequestWithCreator & SeenWith)[]> {
    const scope =
      opts.type === 'myRequests'
        ? eq(prayerRequests.creatorId, opts.viewerId)
        : othersRequestReadable(opts.viewerId);
    return this.db
      .select({ request: prayerRequests, creator: users, ...this.seenWith(opts.viewerId) })
      .from(prayerRequests)
      .innerJoin(users, eq(users.id, prayerRequests.creatorId))
      .where(
        and(
          scope,
          opts.category ? eq(prayerRequests.category, opts.category) : undefined,
          opts.search
            ? or(
                ilike(prayerRequests.title, likePattern(opts.search)),
                ilike(prayerRequests.description, likePattern(opts.search)),
              )
            : undefined,
          opts.after
            ? or(
                lt(prayerRequests.createdAt, opts.after[0]),
                and(
                  eq(prayerRequests.createdAt, opts.after[0]),
                  lt(prayerRequests.id, opts.after[1]),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(desc(prayerRequests.createdAt), desc(prayerRequests.id))
      .limit(opts.limit);
  }

  /**
   * What a request is shown with, read in the statement over `prayer_requests` that finds it
   * (ADR 046): up to 20 people praying plus the viewer's own row, with the total, and, for its
   * creator, whom it is shared with.
   */
  seenWith(viewerId: string): { responders: SQL<Responder[]>; shares: SQL<string[]> } {
    const ranked = this.db
      .select({
        requestId: prayerRequestResponses.requestId,
        userId: prayerRequestResponses.userId,
        username: users.username,
        avatar: users.profilePicture,
        rank: sql<number>`(row_number() over (order by ${prayerRequestResponses.createdAt}, ${prayerRequestResponses.userId}))::int`.as(
          'rank',
        ),
        total: sql<number>`(count(*) over ())::int`.as('total'),
        visible: sql<boolean>`${profileVisible(viewerId)}`.as('visible'),
      })
      .from(prayerRequestResponses)
      .innerJoin(users, eq(users.id, prayerRequestResponses.userId))
      .where(eq(prayerRequestResponses.requestId, prayerRequests.id))
      .as('ranked');
    return {
      responders: jsonArray(
        {
          requestId: ranked.requestId,
          userId: ranked.userId,
          username: ranked.username,
          avatar: ranked.avatar,
          rank: ranked.rank,
          total: ranked.total,
          visible: ranked.visible,
        },
        (row) =>
          this.db
            .select({ row })
            .from(ranked)
            .where(or(sql`${ranked.rank} <= ${RESPONDERS_SHOWN}`, eq(ranked.userId, viewerId)))
            .orderBy(ranked.rank),
      ),
      shares: jsonArray(prayerRequestShares.userId, (row) =>
        this.db
          .select({ row })
          .from(prayerRequestShares)
          .where(
            and(
              eq(prayerRequestShares.requestId, prayerRequests.id),
              eq(prayerRequests.creatorId, viewerId),
            ),
          ),
      ),
    };
  }

  /** Deletes the shares of each one's requests with the other, both ways. */
  async removeSharesBetween(a: string, b: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(prayerRequestShares)
      .where(
        grantedBetween(
          a,
          b,
          { grantee: prayerRequestShares.userId, record: prayerRequestShares.requestId },
          { table: sql`prayer_requests`, owner: sql`creator_id` },
        ),
      );
  }

  /**
   * Adds `userId` to the request's responders, and in the same statement reads the responders
   * as `responders` does, as they were before it: whether the row is new, and who prayed before,
   * is what the caller needs to answer without another query. Plain SQL, built in a few
   * microseconds: Drizzle's builder cost more CPU here than the database did.
   */
  async addResponse(
    requestId: string,
    userId: string,
    tx: DbOrTx = this.db,
  ): Promise<{ added: boolean; before: Responder[] }> {
    const result = await tx.execute(sql`
      with added as (
        insert into prayer_request_responses (request_id, user_id)
        values (${requestId}::uuid, ${userId}::uuid)
        on conflict do nothing
        returning user_id
      )
      select (select count(*) from added)::int as added, r.user_id, r.username, r.avatar,
        r.rank, r.total, r.visible
      from (select 1) as one
      left join (
        select ranked.* from (
          select pr.user_id, u.username, u.profile_picture as avatar,
            (row_number() over (order by pr.created_at, pr.user_id))::int as rank,
            (count(*) over ())::int as total,
            ${profileVisible(userId, { id: sql`u.id`, settings: sql`u.settings` })} as visible
          from prayer_request_responses pr
          join users u on u.id = pr.user_id
          where pr.request_id = ${requestId}::uuid
        ) as ranked
        where ranked.rank <= ${RESPONDERS_SHOWN} or ranked.user_id = ${userId}::uuid
      ) as r on true
      order by r.rank`);
    const rows = rowsOf<{
      added: number;
      user_id: string | null;
      username: string;
      avatar: string | null;
      rank: number;
      total: number;
      visible: boolean;
    }>(result);
    return {
      added: Number(rows[0]?.added ?? 0) > 0,
      before: rows.flatMap((r) =>
        r.user_id === null
          ? []
          : [
              {
                requestId,
                userId: r.user_id,
                username: r.username,
                avatar: r.avatar,
                rank: Number(r.rank),
                total: Number(r.total),
                visible: Boolean(r.visible),
              },
            ],
      ),
    };
  }

  async removeResponse(requestId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(prayerRequestResponses)
      .where(
        and(
          eq(prayerRequestResponses.requestId, requestId),
          eq(prayerRequestResponses.userId, userId),
        ),
      )
      .returning({ userId: prayerRequestResponses.userId });
    return rows.length > 0;
  }

  /** Ends the user's running 'once' commitments to these requests. */
  async endOnceCommitments(
    userId: string,
    requestIds: string[],
    at: Date,
    tx: DbOrTx,
  ): Promise<void> {
    if (requestIds.length === 0) return;
    await tx
      .update(prayerRequestResponses)
      .set({ endedAt: at })
      .where(
        and(
          eq(prayerRequestResponses.userId, userId),
          inArray(prayerRequestResponses.requestId, requestIds),
          eq(prayerRequestResponses.cadence, 'once'),
          isNull(prayerRequestResponses.endedAt),
        ),
      );
  }
}
