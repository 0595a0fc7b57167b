import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  type ActivityKind,
  journals,
  type PrayerRow,
  prayerActivity,
  prayers,
  prayerShares,
  prayerTestimonies,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { likePattern } from '../../lib/cursor.ts';
import { grantedBetween, prayerVisibleInReadableJournal } from '../access/access.sql.ts';

export interface PrayerWithJournal {
  prayer: PrayerRow;
  /** Null when the viewer may read the prayer but not its journal (a shared prayer). */
  journalTitle: string | null;
}

export type NewPrayer = typeof prayers.$inferInsert;

export interface PrayerFilter {
  /** In a journal the viewer may read (checked by the caller through the access policy). */
  journalId?: string;
  authorId?: string;
  /**
   * Whose view: their own prayers and others' public ones (access.sql.ts); null for nobody's
   * own, the public ones only.
   */
  viewerId: string | null;
  status?: 'pending' | 'answered';
  category?: string;
  search?: string;
  after: readonly [Date, string] | null;
  limit: number;
}

/** Prayers, testimonies and the activity log. Queries only. */
export class PrayersRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(values: NewPrayer, tx: DbOrTx = this.db): Promise<PrayerRow> {
    const [row] = await tx.insert(prayers).values(values).returning();
    return row!;
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<PrayerWithJournal | null> {
    const [row] = await tx
      .select({ prayer: prayers, journalTitle: journals.title })
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .where(eq(prayers.id, id))
      .limit(1);
    return row ?? null;
  }

  /** A page of prayers, newest first, keyset-paginated on (created_at, id). */
  async list(filter: PrayerFilter): Promise<PrayerWithJournal[]> {
    const conditions: (SQL | undefined)[] = [
      filter.journalId ? eq(prayers.journalId, filter.journalId) : undefined,
      filter.authorId ? eq(prayers.authorId, filter.authorId) : undefined,
      prayerVisibleInReadableJournal(filter.viewerId),
      filter.status ? eq(prayers.status, filter.status) : undefined,
      filter.category ? eq(prayers.category, filter.category) : undefined,
      filter.search ? ilike(prayers.title, likePattern(filter.search)) : undefined,
      filter.after
        ? or(
            lt(prayers.createdAt, filter.after[0]),
            and(eq(prayers.createdAt, filter.after[0]), lt(prayers.id, filter.after[1])),
          )
        : undefined,
    ];
    return this.db
      .select({ prayer: prayers, journalTitle: journals.title })
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .where(and(...conditions))
      .orderBy(desc(prayers.createdAt), desc(prayers.id))
      .limit(filter.limit);
  }

  /** Testimonies of many prayers in one query, oldest first. */
  async testimoniesFor(prayerIds: string[], tx: DbOrTx = this.db): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (prayerIds.length === 0) return map;
    const rows = await tx
      .select({ prayerId: prayerTestimonies.prayerId, text: prayerTestimonies.text })
      .from(prayerTestimonies)
      .where(inArray(prayerTestimonies.prayerId, prayerIds))
      .orderBy(asc(prayerTestimonies.createdAt), asc(prayerTestimonies.id));
    for (const row of rows) {
      const list = map.get(row.prayerId) ?? [];
      list.push(row.text);
      map.set(row.prayerId, list);
    }
    return map;
  }

  async update(
    id: string,
    values: Partial<typeof prayers.$inferInsert>,
    tx: DbOrTx = this.db,
  ): Promise<PrayerRow | null> {
    // Nothing to change (a PUT of `{}`): the row as it is; Drizzle refuses an empty SET.
    if (Object.keys(values).length === 0) return (await this.findById(id, tx))?.prayer ?? null;
    const [row] = await tx.update(prayers).set(values).where(eq(prayers.id, id)).returning();
    return row ?? null;
  }

  async delete(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(prayers).where(eq(prayers.id, id));
  }

  /** The people a prayer is shared with, first shared first. */
  async shares(prayerId: string, limit: number): Promise<UserRow[]> {
    const rows = await this.db
      .select({ user: users })
      .from(prayerShares)
      .innerJoin(users, eq(users.id, prayerShares.userId))
      .where(eq(prayerShares.prayerId, prayerId))
      .orderBy(prayerShares.createdAt, prayerShares.userId)
      .limit(limit);
    return rows.map((r) => r.user);
  }

  /** Takes back a share; false when the prayer was not shared with that user. */
  async removeShare(prayerId: string, userId: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .delete(prayerShares)
      .where(and(eq(prayerShares.prayerId, prayerId), eq(prayerShares.userId, userId)))
      .returning({ userId: prayerShares.userId });
    return rows.length > 0;
  }

  /** Takes back every share of one person's prayers with the other, both ways. */
  async removeSharesBetween(a: string, b: string, tx: DbOrTx): Promise<void> {
    await tx
      .delete(prayerShares)
      .where(
        grantedBetween(
          a,
          b,
          { grantee: prayerShares.userId, record: prayerShares.prayerId },
          { table: sql`prayers`, owner: sql`author_id` },
        ),
      );
  }

  /** Shares a prayer with users; returns those it was not yet shared with. */
  async addShares(prayerId: string, userIds: string[], tx: DbOrTx = this.db): Promise<string[]> {
    if (userIds.length === 0) return [];
    const rows = await tx
      .insert(prayerShares)
      .values(userIds.map((userId) => ({ prayerId, userId })))
      .onConflictDoNothing()
      .returning({ userId: prayerShares.userId });
    return rows.map((r) => r.userId);
  }

  async addTestimony(prayerId: string, text: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.insert(prayerTestimonies).values({ prayerId, text });
  }

  async logActivity(
    userId: string,
    kind: ActivityKind,
    at: Date,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(prayerActivity).values({ userId, kind, occurredAt: at });
  }

  /** Counts of a user's prayers by status and creation time, in one query. */
  async authorCounts(
    authorId: string,
    since: { day: Date; week: Date; month: Date },
  ): Promise<{
    total: number;
    active: number;
    answered: number;
    today: number;
    week: number;
    month: number;
  }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${prayers.status} = 'pending'))::int`,
        answered: sql<number>`(count(*) filter (where ${prayers.status} = 'answered'))::int`,
        today: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.day}))::int`,
        week: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.week}))::int`,
        month: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.month}))::int`,
      })
      .from(prayers)
      .where(eq(prayers.authorId, authorId));
    return row!;
  }

  async categoryCounts(authorId: string): Promise<{ category: string; count: number }[]> {
    return this.db
      .select({ category: prayers.category, count: sql<number>`count(*)::int` })
      .from(prayers)
      .where(eq(prayers.authorId, authorId))
      .groupBy(prayers.category)
      .orderBy(desc(sql`count(*)`), prayers.category);
  }

  /** The distinct local dates (YYYY-MM-DD in `timeZone`) with activity, newest first. */
  async activityDays(
    userId: string,
    timeZone: string,
    since: Date,
    limit: number,
  ): Promise<string[]> {
    const day = sql<string>`to_char((${prayerActivity.occurredAt} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
    const rows = await this.db
      .selectDistinct({ day })
      .from(prayerActivity)
      .where(and(eq(prayerActivity.userId, userId), sql`${prayerActivity.occurredAt} >= ${since}`))
      // By position: the time-zone parameter makes the expression differ textually from the select.
      .orderBy(sql`1 desc`)
      .limit(limit);
    return rows.map((r) => r.day);
  }

  /**
   * The user's most recently answered prayers with their latest testimony; with `answeredSince`,
   * only those answered at or after it.
   */
  async recentlyAnswered(
    authorId: string,
    limit: number,
    answeredSince: Date | null = null,
  ): Promise<
    {
      id: string;
      title: string;
      content: string;
      createdAt: Date;
      answeredAt: Date;
      testimony: string | null;
    }[]
  > {
    const rows = await this.db
      .select({
        id: prayers.id,
        title: prayers.title,
        content: prayers.content,
        createdAt: prayers.createdAt,
        answeredAt: prayers.answeredAt,
        // Qualified by hand: in a one-table select Drizzle leaves outer columns unqualified.
        testimony: sql<
          string | null
        >`(select pt.text from prayer_testimonies pt where pt.prayer_id = "prayers"."id" order by pt.created_at desc limit 1)`,
      })
      .from(prayers)
      .where(
        and(
          eq(prayers.authorId, authorId),
          eq(prayers.status, 'answered'),
          answeredSince ? gte(prayers.answeredAt, answeredSince) : undefined,
        ),
      )
      .orderBy(desc(prayers.answeredAt))
      .limit(limit);
    return rows.map((r) => ({ ...r, answeredAt: r.answeredAt ?? r.createdAt }));
  }

  /** The n-th (mod count) of the user's memory verses, for a verse that changes daily. */
  async memoryVerseAt(
    authorId: string,
    dayNumber: number,
  ): Promise<{ verse: string; reference: string } | null> {
    const where = and(eq(prayers.authorId, authorId), sql`${prayers.memoryVerse} is not null`);
    const count = await this.db.$count(prayers, where);
    if (count === 0) return null;
    const [row] = await this.db
      .select({ memoryVerse: prayers.memoryVerse })
      .from(prayers)
      .where(where)
      .orderBy(asc(prayers.createdAt), asc(prayers.id))
      .offset(dayNumber % count)
      .limit(1);
    return row?.memoryVerse ?? null;
  }
}
