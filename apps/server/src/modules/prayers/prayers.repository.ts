import { and, asc, type Column, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  jsonArray,
  type JsonFields,
  type JsonResult,
  jsonRow,
  selectValues,
} from '../../db/json.ts';
import {
  type ActivityKind,
  journals,
  type PrayerRow,
  prayerActivity,
  prayers,
  prayerShares,
  prayerTestimonies,
  users,
} from '../../db/schema/index.ts';
import { textMatches } from '../../lib/text-search.ts';
import {
  grantedBetween,
  prayerKeptPrivate,
  prayerVisibleInReadableJournal,
} from '../access/access.sql.ts';
import { prayerDueOn } from '../practice/practice.sql.ts';
import { type PublicUserRow, publicUserColumns } from '../friends/friends.presenter.ts';

export interface PrayerWithJournal {
  prayer: PrayerRow;
  /** Null when the viewer may read the prayer but not its journal (a shared prayer). */
  journalTitle: string | null;
}

/**
 * A prayer as lists show it: with its journal's title, its testimonies, oldest first, and
 * whether it is due today for the viewer (its author).
 */
export interface ListedPrayer extends PrayerWithJournal {
  testimonies: string[];
  due: boolean;
}

/** Whose "due today" a read shows: the viewer's, on their local date. */
export interface DueFor {
  userId: string;
  /** The viewer's local date, 'YYYY-MM-DD'. */
  day: string;
}

/**
 * The prayer is due today for the viewer: theirs and due on their day (practice.sql.ts). For
 * a select over `prayers`; false for nobody (a group's page read for no one in particular).
 */
export function dueForViewer(viewer: DueFor | null): SQL<boolean> {
  if (viewer === null) return sql<boolean>`false`;
  return sql<boolean>`(${prayers.authorId} = ${viewer.userId} and ${prayerDueOn(viewer.userId, viewer.day)})`;
}

export type NewPrayer = typeof prayers.$inferInsert;

/**
 * What a prayer written, answered, hidden or deleted changes a journal's prayer tallies by (the
 * counts the journal's row keeps of its prayers: all, answered, and those its readers see).
 */
export type PrayerTallies = Partial<
  Record<'prayerCount' | 'answeredCount' | 'publicPrayerCount' | 'publicAnsweredCount', number>
>;

export interface PrayerFilter {
  /**
   * In a journal the viewer may read (checked by the caller through the access policy); a
   * column of the caller's statement when the page is read inside it.
   */
  journalId?: string | Column;
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
  /** Whose due marks to read (null: none is due). */
  dueFor: DueFor | null;
  /** Only the prayers due today for `dueFor`. */
  dueOnly?: boolean;
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

  /** Moves a journal's prayer tallies by `delta` (the tallies that do not move are left alone). */
  async bumpJournalTallies(journalId: string, delta: PrayerTallies, tx: Tx): Promise<void> {
    const set: Record<string, SQL> = {};
    for (const [key, value] of Object.entries(delta)) {
      if (!value) continue;
      set[key] = sql`${journals[key as keyof PrayerTallies]} + ${value}`;
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(journals).set(set).where(eq(journals.id, journalId));
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

  /**
   * The prayer as it is now, its row locked until the transaction ends: the changes that move
   * its journal's counters (status, privacy, deletion) run one at a time per prayer, each
   * counting from the row the one before left (docs/decisions/056). `for no key update`, as
   * plans.repository.ts explains.
   */
  async lock(id: string, tx: Tx): Promise<PrayerRow | null> {
    const [row] = await tx.select().from(prayers).where(eq(prayers.id, id)).for('no key update');
    return row ?? null;
  }

  /**
   * A prayer's testimonies, oldest first, as a JSON array read with the prayer (for a select
   * over `prayers`).
   */
  testimonies(): SQL<string[]> {
    return jsonArray(prayerTestimonies.text, (row) =>
      this.db
        .select({ row })
        .from(prayerTestimonies)
        .where(eq(prayerTestimonies.prayerId, prayers.id))
        .orderBy(asc(prayerTestimonies.createdAt), asc(prayerTestimonies.id)),
    );
  }

  /** What a list shows of each prayer (`ListedPrayer`), for a select over prayers and journals. */
  private listedFields(dueFor: DueFor | null) {
    return {
      prayer: prayers,
      journalTitle: journals.title,
      testimonies: this.testimonies(),
      due: dueForViewer(dueFor),
    } satisfies JsonFields;
  }

  /** Which prayers a page holds (the rows after the cursor; ordered and cut by the caller). */
  private listWhere(filter: PrayerFilter): SQL | undefined {
    return and(
      filter.journalId ? eq(prayers.journalId, filter.journalId) : undefined,
      filter.authorId ? eq(prayers.authorId, filter.authorId) : undefined,
      prayerVisibleInReadableJournal(filter.viewerId),
      filter.status ? eq(prayers.status, filter.status) : undefined,
      filter.category ? eq(prayers.category, filter.category) : undefined,
      // Title and text, ignoring case and accents (issue 29 §5).
      filter.search ? textMatches(filter.search, prayers.title, prayers.content) : undefined,
      filter.dueOnly ? dueForViewer(filter.dueFor) : undefined,
      filter.after
        ? or(
            lt(prayers.createdAt, filter.after[0]),
            and(eq(prayers.createdAt, filter.after[0]), lt(prayers.id, filter.after[1])),
          )
        : undefined,
    );
  }

  /**
   * A page of prayers, newest first, keyset-paginated on (created_at, id), with testimonies and
   * what `also` reads of each (expressions over the prayer's row).
   */
  async list(filter: PrayerFilter, also: Record<string, SQL> = {}): Promise<ListedPrayer[]> {
    return this.db
      .select({ ...this.listedFields(filter.dueFor), ...also })
      .from(prayers)
      .innerJoin(journals, eq(journals.id, prayers.journalId))
      .where(this.listWhere(filter))
      .orderBy(desc(prayers.createdAt), desc(prayers.id))
      .limit(filter.limit);
  }

  /** The same page as `list`, as a JSON array read inside another statement (ADR 046). */
  page(filter: PrayerFilter): SQL<ListedPrayer[]> {
    return jsonArray(this.listedFields(filter.dueFor), (row) =>
      this.db
        .select({ row })
        .from(prayers)
        .innerJoin(journals, eq(journals.id, prayers.journalId))
        .where(this.listWhere(filter))
        .orderBy(desc(prayers.createdAt), desc(prayers.id))
        .limit(filter.limit),
    );
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

  /**
   * The author's private prayers in a journal (issue 29 §2): how many, and the newest `limit` of
   * them, to read in the statement that checks the journal's access.
   */
  privateOfJournal(
    journalId: string,
    authorId: string,
    limit: number,
  ): {
    total: SQL<number>;
    data: SQL<{ _id: string; title: string; category: string; status: 'pending' | 'answered' }[]>;
  } {
    const mine = and(
      eq(prayers.journalId, journalId),
      eq(prayers.authorId, authorId),
      prayerKeptPrivate(),
    );
    return {
      total: sql<number>`(select count(*)::int from ${prayers} where ${mine})`,
      data: jsonArray(
        {
          _id: prayers.id,
          title: prayers.title,
          category: prayers.category,
          status: prayers.status,
        },
        (row) =>
          this.db
            .select({ row })
            .from(prayers)
            .where(mine)
            .orderBy(desc(prayers.createdAt), desc(prayers.id))
            .limit(limit),
      ),
    };
  }

  /**
   * Makes these private prayers of the author in a journal visible to its readers; returns the
   * rows it changed (a prayer made visible meanwhile is not changed, nor counted, twice).
   */
  async showInJournal(
    journalId: string,
    authorId: string,
    ids: string[],
    tx: Tx,
  ): Promise<Pick<PrayerRow, 'status' | 'isPrivate'>[]> {
    if (ids.length === 0) return [];
    return tx
      .update(prayers)
      .set({ isPrivate: false })
      .where(
        and(
          eq(prayers.journalId, journalId),
          eq(prayers.authorId, authorId),
          prayerKeptPrivate(),
          inArray(prayers.id, ids),
        ),
      )
      .returning({ status: prayers.status, isPrivate: prayers.isPrivate });
  }

  /** The ids of the user's prayers due on their `day`. */
  async delete(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(prayers).where(eq(prayers.id, id));
  }

  /** The people a prayer is shared with, first shared first, to read with the prayer. */
  shares(prayerId: string, limit: number): SQL<PublicUserRow[]> {
    return jsonArray(publicUserColumns, (row) =>
      this.db
        .select({ row })
        .from(prayerShares)
        .innerJoin(users, eq(users.id, prayerShares.userId))
        .where(eq(prayerShares.prayerId, prayerId))
        .orderBy(prayerShares.createdAt, prayerShares.userId)
        .limit(limit),
    );
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

  async addTestimony(
    prayerId: string,
    text: string,
    createdAt: Date,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(prayerTestimonies).values({ prayerId, text, createdAt });
  }

  async logActivity(
    userId: string,
    kind: ActivityKind,
    at: Date,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(prayerActivity).values({ userId, kind, occurredAt: at });
  }

  /** Several of the reads below (a page's parts) as one statement (`selectValues`). */
  readTogether<T extends Record<string, SQL>>(values: T) {
    return selectValues(this.db, values);
  }

  /** Counts of a user's prayers by status and creation time, to read with the rest of a page. */
  authorCounts(
    authorId: string,
    since: { day: Date; week: Date; month: Date },
  ): SQL<{
    total: number;
    active: number;
    answered: number;
    today: number;
    week: number;
    month: number;
  }> {
    const counts = {
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${prayers.status} = 'pending'))::int`,
      answered: sql<number>`(count(*) filter (where ${prayers.status} = 'answered'))::int`,
      today: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.day}))::int`,
      week: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.week}))::int`,
      month: sql<number>`(count(*) filter (where ${prayers.createdAt} >= ${since.month}))::int`,
    };
    // An aggregate without groups: always one row.
    return jsonRow(counts, (row) =>
      this.db.select({ row }).from(prayers).where(eq(prayers.authorId, authorId)),
    ) as SQL<JsonResult<typeof counts>>;
  }

  /** How many of a user's prayers each category has, most first, to read with a page. */
  categoryCounts(authorId: string): SQL<{ category: string; count: number }[]> {
    return jsonArray({ category: prayers.category, count: sql<number>`count(*)::int` }, (row) =>
      this.db
        .select({ row })
        .from(prayers)
        .where(eq(prayers.authorId, authorId))
        .groupBy(prayers.category)
        .orderBy(desc(sql`count(*)`), prayers.category),
    );
  }

  /**
   * The user's most recently answered prayers with their latest testimony; with `answeredSince`,
   * only those answered at or after it. To read with a page.
   */
  recentlyAnswered(
    authorId: string,
    limit: number,
    answeredSince: Date | null = null,
  ): SQL<
    {
      id: string;
      title: string;
      content: string;
      createdAt: Date;
      answeredAt: Date | null;
      testimony: string | null;
    }[]
  > {
    return jsonArray(
      {
        id: prayers.id,
        title: prayers.title,
        content: prayers.content,
        createdAt: prayers.createdAt,
        answeredAt: prayers.answeredAt,
        testimony: sql<string | null>`(select pt.text from prayer_testimonies pt
          where pt.prayer_id = ${prayers.id} order by pt.created_at desc limit 1)`,
      },
      (row) =>
        this.db
          .select({ row })
          .from(prayers)
          .where(
            and(
              eq(prayers.authorId, authorId),
              eq(prayers.status, 'answered'),
              answeredSince ? gte(prayers.answeredAt, answeredSince) : undefined,
            ),
          )
          .orderBy(desc(prayers.answeredAt))
          .limit(limit),
    );
  }

  /** The n-th (mod their count) of the user's memory verses, oldest first: a verse a day. */
  async memoryVerseAt(
    authorId: string,
    dayNumber: number,
  ): Promise<{ verse: string; reference: string } | null> {
    const verses = this.db
      .select({
        memoryVerse: prayers.memoryVerse,
        n: sql<number>`row_number() over (order by ${prayers.createdAt}, ${prayers.id}) - 1`.as(
          'n',
        ),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(prayers)
      .where(and(eq(prayers.authorId, authorId), sql`${prayers.memoryVerse} is not null`))
      .as('verses');
    const [row] = await this.db
      .select({ memoryVerse: verses.memoryVerse })
      .from(verses)
      .where(sql`${verses.n} = mod(${dayNumber}::bigint, ${verses.total})`)
      .limit(1);
    return row?.memoryVerse ?? null;
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The prayers the user wrote, whole rows. */
  async authoredBy(userId: string): Promise<PrayerRow[]> {
    return this.db.select().from(prayers).where(eq(prayers.authorId, userId));
  }

  /** The testimonies of the prayers the user wrote. */
  async testimoniesOfAuthor(userId: string) {
    return this.db
      .select({
        prayerId: prayerTestimonies.prayerId,
        text: prayerTestimonies.text,
        createdAt: prayerTestimonies.createdAt,
      })
      .from(prayerTestimonies)
      .innerJoin(prayers, eq(prayers.id, prayerTestimonies.prayerId))
      .where(eq(prayers.authorId, userId));
  }

  /** What the user did with prayers (written, answered), for their statistics. */
  async activityOf(userId: string) {
    return this.db
      .select({ kind: prayerActivity.kind, occurredAt: prayerActivity.occurredAt })
      .from(prayerActivity)
      .where(eq(prayerActivity.userId, userId));
  }

  async deleteAuthoredBy(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(prayers).where(eq(prayers.authorId, userId));
  }

  async deleteActivityOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(prayerActivity).where(eq(prayerActivity.userId, userId));
  }
}
