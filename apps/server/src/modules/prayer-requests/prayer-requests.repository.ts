import { and, desc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { jsonArray, jsonRow } from '../../db/json.ts';
import { settingsZone } from '../../db/time-zones.ts';
import {
  type CommitmentCadence,
  prayerEvents,
  type PrayerRequestRow,
  prayerRequestResponses,
  prayerRequestUpdates,
  prayerRequests,
  prayerRequestShares,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { textMatches } from '../../lib/text-search.ts';
import { othersRequestReadable, grantedBetween, profileVisible } from '../access/access.sql.ts';
import { commitmentRunningOn } from '../practice/practice.sql.ts';

/**
 * The committer's local date at `now`, in the zone of their settings (UTC until they choose
 * one, and for a stored value that is not a zone the database knows: ADR 054), for a statement
 * that joins `users` as the committer.
 */
const committerToday = (now: Date): SQL =>
  sql`(${now.toISOString()}::timestamptz at time zone ${settingsZone()})::date`;

export interface RequestWithCreator {
  request: PrayerRequestRow;
  creator: UserRow;
}

export interface Responder {
  requestId: string;
  userId: string;
  username: string;
  /** The display name (first and last name, else the username). */
  name: string;
  avatar: string | null;
  rank: number;
  total: number;
  /** Whether the viewer may see who this is (access.sql.ts `profileVisible`). */
  visible: boolean;
}

export const RESPONDERS_SHOWN = 20;

/** What a request is read with (`PrayerRequestsRepository.seenWith`). */
export type SeenWith = {
  [K in keyof ReturnType<PrayerRequestsRepository['seenWith']>]: ReturnType<
    PrayerRequestsRepository['seenWith']
  >[K]['_']['type'];
};

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

  /**
   * Marks the request answered if it is still pending: whether this call did it. Of two answers
   * at once the second waits for the first's row lock, then finds it answered (docs/decisions/056).
   */
  async markAnswered(
    id: string,
    values: { answeredAt: Date; testimony: string },
    tx: Tx,
  ): Promise<boolean> {
    const rows = await tx
      .update(prayerRequests)
      .set({ status: 'answered', ...values })
      .where(and(eq(prayerRequests.id, id), eq(prayerRequests.status, 'pending')))
      .returning({ id: prayerRequests.id });
    return rows.length > 0;
  }

  /**
   * Whether the request is still pending, holding a share lock on its row until the transaction
   * ends: writes that need it pending (a commitment, an update) run before its answer or see
   * it, never in between; they do not wait for each other (docs/decisions/056).
   */
  async lockPending(id: string, tx: Tx): Promise<boolean> {
    const rows = await tx
      .select({ id: prayerRequests.id })
      .from(prayerRequests)
      .where(and(eq(prayerRequests.id, id), eq(prayerRequests.status, 'pending')))
      .for('share');
    return rows.length > 0;
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
    at: { now: Date; viewerToday: string };
  }): Promise<(RequestWithCreator & SeenWith)[]> {
    const scope =
      opts.type === 'myRequests'
        ? eq(prayerRequests.creatorId, opts.viewerId)
        : othersRequestReadable(opts.viewerId);
    return this.db
      .select({ request: prayerRequests, creator: users, ...this.seenWith(opts.viewerId, opts.at) })
      .from(prayerRequests)
      .innerJoin(users, eq(users.id, prayerRequests.creatorId))
      .where(
        and(
          scope,
          opts.category ? eq(prayerRequests.category, opts.category) : undefined,
          opts.search
            ? textMatches(opts.search, prayerRequests.title, prayerRequests.description)
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
   * (ADR 046): up to 20 people whose commitment runs plus the viewer's own row, with the total;
   * for its creator, whom it is shared with; the viewer's commitment; how many (person, day)
   * pairs prayed it in the viewer's last 7 days (a burst of Prayed is once a day, the day being
   * the intercessor's own local date, as their streak counts it); the newest update and the
   * number of updates. The people praying and the days prayed count only those who may still
   * read the request (the access policy's `othersRequestReadable`, asked per person: an
   * un-shared or unfriended intercessor is neither counted nor listed, ADR 055).
   * `at` is the moment read (each committer's local today is taken from it in their zone),
   * `viewerToday` the viewer's local date.
   */
  seenWith(viewerId: string, at: { now: Date; viewerToday: string }) {
    const running = commitmentRunningOn(committerToday(at.now));
    const ranked = this.db
      .select({
        requestId: prayerRequestResponses.requestId,
        userId: prayerRequestResponses.userId,
        username: users.username,
        name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`.as(
          'name',
        ),
        avatar: users.profilePicture,
        rank: sql<number>`(row_number() over (order by ${prayerRequestResponses.createdAt}, ${prayerRequestResponses.userId}))::int`.as(
          'rank',
        ),
        total: sql<number>`(count(*) over ())::int`.as('total'),
        visible: sql<boolean>`${profileVisible(viewerId)}`.as('visible'),
      })
      .from(prayerRequestResponses)
      .innerJoin(users, eq(users.id, prayerRequestResponses.userId))
      .where(
        and(
          eq(prayerRequestResponses.requestId, prayerRequests.id),
          running,
          othersRequestReadable(prayerRequestResponses.userId),
        ),
      )
      .as('ranked');
    const mine = prayerRequestResponses;
    const latest = prayerRequestUpdates;
    return {
      responders: jsonArray(
        {
          requestId: ranked.requestId,
          userId: ranked.userId,
          username: ranked.username,
          name: ranked.name,
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
      commitment: jsonRow(
        {
          cadence: mine.cadence,
          endsOn: mine.endsOn,
          running: sql<boolean>`${commitmentRunningOn(at.viewerToday, mine)}`,
          daysLeft: sql<number | null>`case when ${mine.endsOn} is not null
            and ${commitmentRunningOn(at.viewerToday, mine)}
            then ${mine.endsOn} - ${at.viewerToday}::date + 1 end`,
        },
        (row) =>
          this.db
            .select({ row })
            .from(mine)
            .where(and(eq(mine.requestId, prayerRequests.id), eq(mine.userId, viewerId))),
      ),
      // One per person and day of theirs, then whether that person may still read it. The bound
      // on `occurred_at` only lets the index skip older events: an event of a day in the window
      // happened at most 9 days ago (late entries go 7 days back; zones are within a day of UTC).
      prayedThisWeek:
        sql<number>`(select count(*) from (select distinct ${prayerEvents.userId} as user_id, ${prayerEvents.day}
          from ${prayerEvents}
          where ${prayerEvents.requestId} = ${prayerRequests.id}
            and ${prayerEvents.occurredAt} > ${at.now.toISOString()}::timestamptz - interval '9 days'
            and ${prayerEvents.day} > ${at.viewerToday}::date - 7) as prayed_days
        where ${othersRequestReadable(sql`prayed_days.user_id`)})::int`.mapWith(Number),
      latestUpdate: jsonRow(
        { id: latest.id, text: latest.text, createdAt: latest.createdAt },
        (row) =>
          this.db
            .select({ row })
            .from(latest)
            .where(eq(latest.requestId, prayerRequests.id))
            .orderBy(desc(latest.createdAt), desc(latest.id))
            .limit(1),
      ),
      updatesCount: sql<number>`(select count(*) from ${prayerRequestUpdates}
        where ${prayerRequestUpdates.requestId} = ${prayerRequests.id})::int`.mapWith(Number),
    };
  }

  /**
   * A page of a request's updates, newest first, read in the statement that finds the request
   * (`access.requestWith`).
   */
  updatesPage(after: readonly [Date, string] | null, limit: number) {
    const u = prayerRequestUpdates;
    return jsonArray({ id: u.id, text: u.text, createdAt: u.createdAt }, (row) =>
      this.db
        .select({ row })
        .from(u)
        .where(
          and(
            eq(u.requestId, prayerRequests.id),
            after
              ? or(lt(u.createdAt, after[0]), and(eq(u.createdAt, after[0]), lt(u.id, after[1])))
              : undefined,
          ),
        )
        .orderBy(desc(u.createdAt), desc(u.id))
        .limit(limit),
    );
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

  /** Deletes the user's commitments and everyone's commitments to the user's requests. */
  async deleteCommitmentsOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(prayerRequestResponses)
      .where(
        or(
          eq(prayerRequestResponses.userId, userId),
          sql`${prayerRequestResponses.requestId} in (select id from prayer_requests where creator_id = ${userId})`,
        ),
      );
  }

  /**
   * Commits `userId` to pray for the request with `cadence` (to `endsOn` for daily7): a new
   * commitment, or the existing one changed and reopened. Whether it is new.
   */
  async commit(
    requestId: string,
    userId: string,
    commitment: { cadence: CommitmentCadence; endsOn: string | null },
    tx: DbOrTx = this.db,
  ): Promise<{ added: boolean }> {
    const [row] = await tx
      .insert(prayerRequestResponses)
      .values({ requestId, userId, ...commitment })
      .onConflictDoUpdate({
        target: [prayerRequestResponses.requestId, prayerRequestResponses.userId],
        set: { cadence: commitment.cadence, endsOn: commitment.endsOn, endedAt: null },
      })
      .returning({ added: sql<boolean>`(xmax = 0)` });
    return { added: Boolean(row?.added) };
  }

  /**
   * Ends commitments to the request that have not ended: `userId`'s, or everyone's when
   * `userId` is null. (A 'once' one ending at a Prayed: the practice's `endOnceCommitments`.)
   */
  async endCommitments(
    requestId: string,
    opts: { userId: string | null; at: Date },
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx
      .update(prayerRequestResponses)
      .set({ endedAt: opts.at })
      .where(
        and(
          eq(prayerRequestResponses.requestId, requestId),
          isNull(prayerRequestResponses.endedAt),
          opts.userId === null ? undefined : eq(prayerRequestResponses.userId, opts.userId),
        ),
      );
  }

  /**
   * Who committed to the request and may still read it (the friendship lasts: the access
   * policy's rule, asked per committer): everyone, or only those whose commitment runs at `now`
   * (each in their own zone).
   */
  async committers(
    requestId: string,
    opts: { runningAt: Date | null },
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    const rows = await tx
      .select({ userId: prayerRequestResponses.userId })
      .from(prayerRequestResponses)
      .innerJoin(prayerRequests, eq(prayerRequests.id, prayerRequestResponses.requestId))
      .innerJoin(users, eq(users.id, prayerRequestResponses.userId))
      .where(
        and(
          eq(prayerRequestResponses.requestId, requestId),
          othersRequestReadable(prayerRequestResponses.userId),
          opts.runningAt ? commitmentRunningOn(committerToday(opts.runningAt)) : undefined,
        ),
      );
    return rows.map((r) => r.userId);
  }

  async insertUpdate(
    requestId: string,
    text: string,
    tx: DbOrTx = this.db,
  ): Promise<{ id: string; text: string; createdAt: Date }> {
    const [row] = await tx.insert(prayerRequestUpdates).values({ requestId, text }).returning({
      id: prayerRequestUpdates.id,
      text: prayerRequestUpdates.text,
      createdAt: prayerRequestUpdates.createdAt,
    });
    return row!;
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The requests the user made, whole rows. */
  async createdBy(userId: string): Promise<PrayerRequestRow[]> {
    return this.db.select().from(prayerRequests).where(eq(prayerRequests.creatorId, userId));
  }

  /** The user's commitments to pray for requests. */
  async commitmentsBy(userId: string) {
    return this.db
      .select({
        requestId: prayerRequestResponses.requestId,
        cadence: prayerRequestResponses.cadence,
        endsOn: prayerRequestResponses.endsOn,
        endedAt: prayerRequestResponses.endedAt,
        createdAt: prayerRequestResponses.createdAt,
      })
      .from(prayerRequestResponses)
      .where(eq(prayerRequestResponses.userId, userId));
  }

  /** The updates of the requests the user made. */
  async updatesOfCreator(userId: string) {
    return this.db
      .select({
        requestId: prayerRequestUpdates.requestId,
        text: prayerRequestUpdates.text,
        createdAt: prayerRequestUpdates.createdAt,
      })
      .from(prayerRequestUpdates)
      .innerJoin(prayerRequests, eq(prayerRequests.id, prayerRequestUpdates.requestId))
      .where(eq(prayerRequests.creatorId, userId));
  }

  async deleteCreatedBy(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(prayerRequests).where(eq(prayerRequests.creatorId, userId));
  }
}
