import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonArray } from '../../db/json.ts';
import {
  type JournalRow,
  journalMembers,
  journals,
  prayers,
  users,
} from '../../db/schema/index.ts';
import { textMatches } from '../../lib/text-search.ts';
import type { JournalAccess } from '../access/access.policy.ts';
import {
  journalListedPublicly,
  grantedBetween,
  journalRole,
  journalWithViewerColumns,
  prayerSeenByJournalReaders,
  prayerVisibleInReadableJournal,
  profileVisible,
} from '../access/access.sql.ts';
import { type PublicUserRow, publicUserColumns } from '../friends/friends.presenter.ts';

/** A journal with what its viewer may see of it (access.sql.ts `journalWithViewerColumns`). */
export type JournalWithViewer = JournalAccess;

export interface MemberRow {
  userId: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  role: 'owner' | 'member';
  viaShare: boolean;
  joinedAt: Date;
}

/** What changes a journal's member count by (its prayer tallies are the prayers module's). */
export type CounterDelta = Partial<Record<'memberCount', number>>;

/** Journals, their members and counters. Queries only. */
export class JournalsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async insert(values: typeof journals.$inferInsert, tx: DbOrTx = this.db): Promise<JournalRow> {
    const [row] = await tx.insert(journals).values(values).returning();
    return row!;
  }

  async addMember(
    journalId: string,
    userId: string,
    role: 'owner' | 'member',
    tx: DbOrTx = this.db,
    viaShare = false,
  ): Promise<boolean> {
    const rows = await tx
      .insert(journalMembers)
      .values({ journalId, userId, role, viaShare })
      .onConflictDoNothing()
      .returning({ userId: journalMembers.userId });
    return rows.length > 0;
  }

  /** Every journal the user owns or belongs to, newest first (bounded). */
  async listForMember(userId: string, limit: number): Promise<JournalWithViewer[]> {
    return this.db
      .select({ ...journalWithViewerColumns(userId), role: journalMembers.role })
      .from(journalMembers)
      .innerJoin(journals, eq(journals.id, journalMembers.journalId))
      .where(eq(journalMembers.userId, userId))
      .orderBy(desc(journals.createdAt), desc(journals.id))
      .limit(limit);
  }

  /**
   * The members `viewerId` may see, owner first, to read with the journal (`access.journalWith`,
   * whose row says who owns it): everyone for the journal's owner; for others, the owner when
   * they belong to the journal themselves, and whoever's profile is visible to them.
   */
  members(journalId: string, viewerId: string, limit: number): SQL<MemberRow[]> {
    const visible = or(
      eq(journals.ownerId, viewerId),
      and(sql`${journalRole(viewerId)} is not null`, eq(journalMembers.role, 'owner')),
      profileVisible(viewerId),
    );
    return jsonArray(
      {
        userId: journalMembers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        profilePicture: users.profilePicture,
        role: journalMembers.role,
        viaShare: journalMembers.viaShare,
        joinedAt: journalMembers.joinedAt,
      },
      (row) =>
        this.db
          .select({ row })
          .from(journalMembers)
          .innerJoin(users, eq(users.id, journalMembers.userId))
          .where(and(eq(journalMembers.journalId, journalId), visible))
          .orderBy(sql`${journalMembers.role} = 'owner' desc`, journalMembers.joinedAt)
          .limit(limit),
    );
  }

  /**
   * The people the owner added by sharing the journal with them, first shared first, to read
   * with the journal.
   */
  sharedMembers(journalId: string, limit: number): SQL<PublicUserRow[]> {
    return jsonArray(publicUserColumns, (row) =>
      this.db
        .select({ row })
        .from(journalMembers)
        .innerJoin(users, eq(users.id, journalMembers.userId))
        .where(and(eq(journalMembers.journalId, journalId), eq(journalMembers.viaShare, true)))
        .orderBy(journalMembers.joinedAt, journalMembers.userId)
        .limit(limit),
    );
  }

  /**
   * Ends memberships of a journal (never the owner's; with `viaShareOnly`, only those that came
   * from a share) and lowers its member count; returns how many ended.
   */
  async removeMembers(
    journalId: string,
    userIds: string[],
    tx: DbOrTx,
    opts: { viaShareOnly?: boolean } = {},
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const rows = await tx
      .delete(journalMembers)
      .where(
        and(
          eq(journalMembers.journalId, journalId),
          inArray(journalMembers.userId, userIds),
          eq(journalMembers.role, 'member'),
          opts.viaShareOnly ? eq(journalMembers.viaShare, true) : undefined,
        ),
      )
      .returning({ userId: journalMembers.userId });
    await this.bumpCounters(journalId, { memberCount: -rows.length }, tx);
    return rows.length;
  }

  /**
   * Ends the memberships each of two people got by the other sharing a journal with them and
   * lowers those journals' member counts, in one statement.
   */
  async removeSharedMembershipsBetween(a: string, b: string, tx: DbOrTx): Promise<void> {
    const ended = and(
      eq(journalMembers.viaShare, true),
      grantedBetween(
        a,
        b,
        { grantee: journalMembers.userId, record: journalMembers.journalId },
        { table: sql`journals`, owner: sql`owner_id` },
      ),
    );
    await tx.execute(sql`
      with gone as (
        delete from ${journalMembers} where ${ended} returning ${journalMembers.journalId}
      )
      update ${journals} set member_count = ${journals.memberCount} - gone.n
      from (select journal_id, count(*)::int as n from gone group by journal_id) as gone
      where ${journals.id} = gone.journal_id`);
  }

  /**
   * Ends every membership between the user and others, however it came (a share or a join): the
   * user leaves others' journals and everyone else leaves the user's; the member counts follow,
   * in one statement.
   */
  async removeMembershipsOf(userId: string, tx: DbOrTx): Promise<void> {
    const ended = and(
      eq(journalMembers.role, 'member'),
      or(
        eq(journalMembers.userId, userId),
        sql`${journalMembers.journalId} in (select id from journals where owner_id = ${userId})`,
      ),
    );
    await tx.execute(sql`
      with gone as (
        delete from ${journalMembers} where ${ended} returning ${journalMembers.journalId}
      )
      update ${journals} set member_count = ${journals.memberCount} - gone.n
      from (select journal_id, count(*)::int as n from gone group by journal_id) as gone
      where ${journals.id} = gone.journal_id`);
  }

  /** Ids of every member of a journal other than its owner (bounded by the plan's member cap). */
  /**
   * Distinct categories of the prayers the viewer may see in a journal they may read, sorted, to
   * read with the journal.
   */
  prayerCategories(journalId: string, viewerId: string): SQL<string[]> {
    return jsonArray(prayers.category, (row) =>
      this.db
        .selectDistinct({ row })
        .from(prayers)
        .where(and(eq(prayers.journalId, journalId), prayerVisibleInReadableJournal(viewerId)))
        .orderBy(prayers.category),
    );
  }

  async update(
    id: string,
    values: Partial<typeof journals.$inferInsert>,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    // An update with nothing in it (`{}` is a valid body) changes nothing: Drizzle refuses an
    // empty SET.
    if (Object.keys(values).length === 0) return;
    await tx.update(journals).set(values).where(eq(journals.id, id));
  }

  /** Adds deltas to the counters. */
  async bumpCounters(id: string, delta: CounterDelta, tx: DbOrTx = this.db): Promise<void> {
    const set: Record<string, SQL> = {};
    for (const [key, value] of Object.entries(delta)) {
      if (!value) continue;
      const column = journals[key as keyof typeof delta];
      set[key] = sql`${column} + ${value}`;
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(journals).set(set).where(eq(journals.id, id));
  }

  async delete(id: string, tx: DbOrTx = this.db): Promise<void> {
    await tx.delete(journals).where(eq(journals.id, id));
  }

  // --- Discover ------------------------------------------------------------------------------

  private publicFilter(search?: string, category?: string): SQL | undefined {
    return and(
      journalListedPublicly(),
      search ? textMatches(search, journals.title) : undefined,
      category ? eq(journals.category, category) : undefined,
    );
  }

  private popular<Q extends PgSelect>(
    query: Q,
    opts: {
      search?: string | undefined;
      category?: string | undefined;
      after: readonly [number, string] | null;
      limit: number;
    },
  ) {
    const after = opts.after
      ? or(
          lt(journals.memberCount, opts.after[0]),
          and(eq(journals.memberCount, opts.after[0]), lt(journals.id, opts.after[1])),
        )
      : undefined;
    return query
      .where(and(this.publicFilter(opts.search, opts.category), after))
      .orderBy(desc(journals.memberCount), desc(journals.id))
      .limit(opts.limit);
  }

  async publicPopular(
    viewerId: string,
    opts: Parameters<JournalsRepository['popular']>[1],
  ): Promise<JournalWithViewer[]> {
    return this.popular(
      this.db.select(journalWithViewerColumns(viewerId)).from(journals).$dynamic(),
      opts,
    );
  }

  /** `publicPopular` as JSON, to read inside another statement. */
  publicPopularJson(
    viewerId: string,
    opts: Parameters<JournalsRepository['popular']>[1],
  ): SQL<JournalWithViewer[]> {
    return jsonArray(journalWithViewerColumns(viewerId), (row) =>
      this.popular(this.db.select({ row }).from(journals).$dynamic(), opts),
    );
  }

  async publicNewest(
    viewerId: string,
    opts: {
      search?: string;
      category?: string;
      after: readonly [Date, string] | null;
      limit: number;
    },
  ): Promise<JournalWithViewer[]> {
    const after = opts.after
      ? or(
          lt(journals.createdAt, opts.after[0]),
          and(eq(journals.createdAt, opts.after[0]), lt(journals.id, opts.after[1])),
        )
      : undefined;
    return this.db
      .select(journalWithViewerColumns(viewerId))
      .from(journals)
      .where(and(this.publicFilter(opts.search, opts.category), after))
      .orderBy(desc(journals.createdAt), desc(journals.id))
      .limit(opts.limit);
  }

  /** Joins plus public prayers per journal since `since` (what trending ranks by). */
  private recentActivity(since: Date) {
    return this.db.$with('recent').as(
      this.db
        .select({
          journalId: sql<string>`a.journal_id`.as('journal_id'),
          activity: sql<number>`count(*)::int`.as('activity'),
        })
        .from(
          sql`(select ${journalMembers.journalId} as journal_id from ${journalMembers}
                where ${journalMembers.joinedAt} > ${since} and ${journalMembers.role} = 'member'
               union all
               select ${prayers.journalId} from ${prayers}
                where ${prayers.createdAt} > ${since} and ${prayerSeenByJournalReaders()}) as a`,
        )
        .groupBy(sql`a.journal_id`),
    );
  }

  private trending<Q extends PgSelect>(
    query: Q,
    recent: ReturnType<JournalsRepository['recentActivity']>,
    opts: {
      search?: string | undefined;
      category?: string | undefined;
      offset: number;
      limit: number;
    },
  ) {
    return query
      .innerJoin(journals, eq(journals.id, recent.journalId))
      .where(this.publicFilter(opts.search, opts.category))
      .orderBy(desc(recent.activity), desc(journals.memberCount), desc(journals.id))
      .offset(opts.offset)
      .limit(opts.limit);
  }

  /** Public journals ranked by joins plus public prayers since `since`. */
  async publicTrending(
    viewerId: string,
    opts: { search?: string; category?: string; since: Date; offset: number; limit: number },
  ): Promise<(JournalWithViewer & { activity: number })[]> {
    const recent = this.recentActivity(opts.since);
    return this.trending(
      this.db
        .with(recent)
        .select({ ...journalWithViewerColumns(viewerId), activity: recent.activity })
        .from(recent)
        .$dynamic(),
      recent,
      opts,
    );
  }

  /** `publicTrending` as JSON, to read inside another statement. */
  publicTrendingJson(
    viewerId: string,
    opts: { since: Date; offset: number; limit: number },
  ): SQL<(JournalWithViewer & { activity: number })[]> {
    const recent = this.recentActivity(opts.since);
    return jsonArray({ ...journalWithViewerColumns(viewerId), activity: recent.activity }, (row) =>
      this.trending(this.db.with(recent).select({ row }).from(recent).$dynamic(), recent, opts),
    );
  }

  /** How many public journals each category has, most first, as JSON. */
  publicCategoryCounts(): SQL<{ category: string; count: number }[]> {
    return jsonArray(
      { category: sql<string>`${journals.category}`, count: sql<number>`count(*)::int` },
      (row) =>
        this.db
          .select({ row })
          .from(journals)
          .where(and(journalListedPublicly(), sql`${journals.category} is not null`))
          .groupBy(journals.category)
          .orderBy(desc(sql`count(*)`), journals.category),
    );
  }
  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The journals the user owns, whole rows. */
  async ownedBy(userId: string): Promise<JournalRow[]> {
    return this.db.select().from(journals).where(eq(journals.ownerId, userId));
  }

  /** Deletes the journals the user owns (their prayers and memberships go with them). */
  async deleteOwnedBy(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(journals).where(eq(journals.ownerId, userId));
  }

  /** The journals the user joined count one member fewer. */
  async uncountMember(userId: string, tx: DbOrTx): Promise<void> {
    await tx.execute(sql`update journals set member_count = member_count - 1
        where id in (select journal_id from journal_members where user_id = ${userId} and role = 'member')`);
  }
}
