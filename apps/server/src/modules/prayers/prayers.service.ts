import type {
  CreatePrayerInput,
  Prayer,
  PrayerPage,
  PrayerSummary,
  PrivatePrayers,
  ShowPrayersInput,
  ShowPrayersResult,
  UpdatePrayerInput,
} from '@selah/shared/schemas/prayers';
import { PRIVATE_PRAYERS_LISTED } from '@selah/shared/schemas/prayers';
import type {
  PrayerEvent,
  PrayerLog,
  PrayerNote,
  RhythmInput,
} from '@selah/shared/schemas/practice';
import type { Column, SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { ActivityKind, PrayerRow, UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { addDays, localDate, periodStarts } from '../../lib/time-zone.ts';
import { type AccessPolicy, seenByJournalReaders } from '../access/access.policy.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PracticeService, RecordPrayed } from '../practice/practice.service.ts';
import { presentPrayerEvent } from '../practice/practice.presenter.ts';
import { presentPrayer } from './prayers.presenter.ts';
import {
  type DueFor,
  dueForViewer,
  type ListedPrayer,
  type NewPrayer,
  PrayersRepository,
} from './prayers.repository.ts';
import { userTimeZone } from '../users/users.service.ts';
import type { PublicUserRow } from '../friends/friends.presenter.ts';

export const PERMISSION_DENIED_MESSAGE = 'You can only add prayers to your own journal.';
/** A timeline page's key: (at, rank, id), newest first. */
const TIMELINE_KEY = ['timestamp', 'integer', 'uuid'] as const;
/** At most this many people are listed as a prayer's shares (friend lists are bounded too). */
const SHARES_LISTED = 1000;

type Status = 'pending' | 'answered' | 'active' | 'all' | undefined;

const statusFilter = (status: Status) =>
  status === 'answered'
    ? 'answered'
    : status === 'pending' || status === 'active'
      ? 'pending'
      : undefined;

/** Journal counter deltas for a prayer entering (+1) or leaving (-1) a state. */
function counterDelta(prayer: Pick<PrayerRow, 'status' | 'isPrivate'>, sign: 1 | -1) {
  const answered = prayer.status === 'answered' ? sign : 0;
  return {
    prayerCount: sign,
    answeredCount: answered,
    publicPrayerCount: seenByJournalReaders(prayer) ? sign : 0,
    publicAnsweredCount: seenByJournalReaders(prayer) ? answered : 0,
  };
}

function addDeltas(a: ReturnType<typeof counterDelta>, b: ReturnType<typeof counterDelta>) {
  return {
    prayerCount: a.prayerCount + b.prayerCount,
    answeredCount: a.answeredCount + b.answeredCount,
    publicPrayerCount: a.publicPrayerCount + b.publicPrayerCount,
    publicAnsweredCount: a.publicAnsweredCount + b.publicAnsweredCount,
  };
}

export interface PrayersServiceDeps {
  db: Db;
  access: AccessPolicy;
  now: () => Date;
  notifications: NotificationsService;
  /** Plan limits (prayer points). */
  plans: PlansService;
  /** The practice of prayer: Prayed events, notes, rhythms, the streak (issue 20, ADR 063). */
  practice: PracticeService;
}

/** Prayers inside journals: status, testimonies, shares, lists, summary. Access: the policy's. */
export class PrayersService {
  private readonly deps: PrayersServiceDeps;
  private readonly repo: PrayersRepository;

  constructor(deps: PrayersServiceDeps) {
    this.deps = deps;
    this.repo = new PrayersRepository(deps.db);
  }

  /**
   * The prayer as the user reads it, with its testimonies: one statement (ADR 046). With `own`,
   * only its author's.
   * @throws AppError NOT_FOUND when the prayer is missing or hidden from the user (or not theirs).
   */
  private async read(
    id: string,
    user: UserRow,
    own = false,
    tx: DbOrTx = this.deps.db,
  ): Promise<Prayer> {
    const row = await this.deps.access.prayerWith(
      user.id,
      id,
      { testimonies: this.repo.testimonies(), due: dueForViewer(this.dueFor(user)) },
      tx,
    );
    if (!row || (own && row.prayer.authorId !== user.id)) throw notFound('Prayer');
    return presentPrayer(row, row.testimonies, user.id);
  }

  /** The user's local date today (their time zone). */
  today(user: Pick<UserRow, 'settings'>): string {
    return localDate(this.deps.now(), userTimeZone(user));
  }

  /** Whose due marks a read of `user` shows: theirs, on their local date. */
  private dueFor(user: UserRow): DueFor {
    return { userId: user.id, day: this.today(user) };
  }

  /**
   * Sets the prayer's rhythm (issue 20 §2): its kind and that kind's fields (the others are
   * cleared), and, when given, its snooze and star, as the practice's rules say. Author only.
   * @throws AppError NOT_FOUND unless theirs; BAD_REQUEST for an 'until' date before today or a
   * snooze date not after today (in the user's time zone).
   */
  async setRhythm(id: string, input: RhythmInput, user: UserRow): Promise<Prayer> {
    await this.deps.access.ownPrayer(user.id, id);
    await this.repo.update(id, this.deps.practice.rhythmColumns(input, user));
    return this.read(id, user, true);
  }

  async get(id: string, user: UserRow): Promise<Prayer> {
    return this.read(id, user);
  }

  /**
   * Adds a prayer to one of the user's journals; in `tx` when the caller has a transaction open
   * (an idempotent create).
   * @throws AppError NOT_FOUND for a journal the user cannot see, FORBIDDEN for someone else's.
   */
  async create(
    input: CreatePrayerInput,
    user: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<Prayer> {
    const journal = await this.deps.access.readableJournal(user.id, input.journal, tx);
    if (!this.deps.access.ownsJournal(journal, user.id))
      throw new AppError('FORBIDDEN', PERMISSION_DENIED_MESSAGE);
    const created = await transaction(tx, async (tx) => {
      await this.deps.plans.assertCanCreatePrayer(user.id, tx);
      return this.write(
        {
          journalId: input.journal,
          authorId: user.id,
          title: input.title.trim(),
          content: (input.content ?? '').trim(),
          category: input.category ?? 'Personal',
          isPrivate: input.isPrivate ?? true,
          memoryVerse: input.memoryVerse ?? null,
        },
        tx,
      );
    });
    // The inserted row is the prayer; a new prayer has no testimonies (no read-back queries).
    return presentPrayer({ prayer: created, journalTitle: journal.journal.title }, [], user.id);
  }

  /**
   * Writes a new prayer in the caller's transaction, with its journal's counters and the
   * author's activity; the caller has checked the journal and the plan.
   */
  async write(values: Omit<NewPrayer, 'createdAt'>, tx: Tx): Promise<PrayerRow> {
    const prayer = await this.repo.insert({ ...values, createdAt: this.deps.now() }, tx);
    await this.repo.bumpJournalTallies(prayer.journalId, counterDelta(prayer, 1), tx);
    await this.logActivity(prayer.authorId, 'prayer_written', tx);
    return prayer;
  }

  /** Records an act of prayer in the user's activity (it counts toward their streak). */
  async logActivity(userId: string, kind: ActivityKind, tx: DbOrTx = this.deps.db): Promise<void> {
    await this.repo.logActivity(userId, kind, this.deps.now(), tx);
  }

  async update(id: string, input: UpdatePrayerInput, user: UserRow): Promise<Prayer> {
    await this.deps.access.ownPrayer(user.id, id);
    await transaction(this.deps.db, async (tx) => {
      const prayer = await this.repo.lock(id, tx);
      if (!prayer) throw notFound('Prayer');
      const updated = await this.repo.update(
        id,
        {
          ...(input.title !== undefined ? { title: input.title.trim() } : {}),
          ...(input.content !== undefined ? { content: input.content.trim() } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          ...(input.isPrivate !== undefined ? { isPrivate: input.isPrivate } : {}),
          ...(input.memoryVerse !== undefined ? { memoryVerse: input.memoryVerse } : {}),
        },
        tx,
      );
      if (updated && seenByJournalReaders(updated) !== seenByJournalReaders(prayer)) {
        await this.repo.bumpJournalTallies(
          prayer.journalId,
          addDeltas(counterDelta(prayer, -1), counterDelta(updated, 1)),
          tx,
        );
      }
    });
    return this.read(id, user, true);
  }

  /**
   * How many of the owner's prayers in their journal are private (its readers, members and group
   * see none of them), with the newest of them to choose from (issue 29 §2).
   * @throws AppError NOT_FOUND unless the journal is theirs.
   */
  async privateInJournal(journalId: string, user: UserRow): Promise<PrivatePrayers> {
    const row = await this.deps.access.journalWith(
      user.id,
      journalId,
      this.repo.privateOfJournal(journalId, user.id, PRIVATE_PRAYERS_LISTED),
    );
    if (!row || !this.deps.access.ownsJournal(row, user.id)) throw notFound('Journal');
    return { total: row.total, data: row.data };
  }

  /**
   * Makes chosen private prayers of the owner's journal visible to its readers, keeping the
   * journal's public counters right; ids that are not its private prayers are left alone.
   * @throws AppError NOT_FOUND unless the journal is theirs.
   */
  async showInJournal(input: ShowPrayersInput, user: UserRow): Promise<ShowPrayersResult> {
    await this.deps.access.ownedJournal(user.id, input.journal);
    const shown = await transaction(this.deps.db, async (tx) => {
      const changed = await this.repo.showInJournal(
        input.journal,
        user.id,
        [...new Set(input.prayerIds)],
        tx,
      );
      if (changed.length > 0) {
        await this.repo.bumpJournalTallies(
          input.journal,
          {
            publicPrayerCount: changed.length,
            publicAnsweredCount: changed.filter((p) => p.status === 'answered').length,
          },
          tx,
        );
      }
      return changed.length;
    });
    const { total } = await this.privateInJournal(input.journal, user);
    return { shown, privateCount: total };
  }

  async delete(id: string, user: UserRow): Promise<void> {
    await this.deps.access.ownPrayer(user.id, id);
    await transaction(this.deps.db, async (tx) => {
      // Deleted at once: the first deletes and counts, the others find it gone.
      const prayer = await this.repo.lock(id, tx);
      if (!prayer) throw notFound('Prayer');
      await this.repo.delete(id, tx);
      await this.repo.bumpJournalTallies(prayer.journalId, counterDelta(prayer, -1), tx);
    });
  }

  /** Marks a prayer answered or pending again. */
  async setStatus(id: string, isAnswered: boolean, user: UserRow): Promise<Prayer> {
    const { journalTitle } = await this.deps.access.ownPrayer(user.id, id);
    const status = isAnswered ? 'answered' : 'pending';
    await transaction(this.deps.db, async (tx) => {
      // The status as it is now: of calls at once, only the one that changes it counts and tells.
      const prayer = await this.repo.lock(id, tx);
      if (!prayer) throw notFound('Prayer');
      if (prayer.status === status) return;
      const updated = await this.repo.update(
        id,
        { status, answeredAt: isAnswered ? this.deps.now() : null },
        tx,
      );
      await this.repo.bumpJournalTallies(
        prayer.journalId,
        addDeltas(counterDelta(prayer, -1), counterDelta(updated!, 1)),
        tx,
      );
      if (isAnswered) await this.logActivity(user.id, 'prayer_answered', tx);
      // Members of the journal hear about answered prayers they can see.
      if (isAnswered && seenByJournalReaders(prayer)) {
        const members = await this.deps.access.journalMemberIds(prayer.journalId, tx);
        await this.deps.notifications.notify(
          members.map((userId) => ({
            userId,
            actorId: user.id,
            type: 'prayer_answered' as const,
            message: `A prayer was answered in "${journalTitle}": "${prayer.title}".`,
            link: `/journal/${prayer.journalId}`,
          })),
          tx,
        );
      }
    });
    return this.read(id, user, true);
  }

  /**
   * Adds a testimony to an answered prayer; in `tx` when the caller has a transaction open (an
   * idempotent create).
   * @throws AppError BAD_REQUEST when the prayer is not answered yet.
   */
  async addTestimony(
    id: string,
    testimony: string,
    user: UserRow,
    tx: DbOrTx = this.deps.db,
  ): Promise<Prayer> {
    const { prayer } = await this.deps.access.ownPrayer(user.id, id, tx);
    if (prayer.status !== 'answered') {
      throw badRequest('Mark the prayer as answered before adding a testimony.');
    }
    await transaction(tx, async (tx) => {
      await this.repo.addTestimony(id, testimony.trim(), this.deps.now(), tx);
      await this.logActivity(user.id, 'testimony', tx);
    });
    return this.read(id, user, true, tx);
  }

  /**
   * Records a Prayed by the viewer on a prayer they may read (theirs, a journal's they read, one
   * shared with them), today or late up to 7 days back; the same Prayed again within a minute
   * answers with the first (`PracticeService.record`).
   * @throws AppError NOT_FOUND when the prayer is hidden from them, BAD_REQUEST for a day out of
   *   range.
   */
  async prayed(id: string, viewer: UserRow, input: RecordPrayed = {}): Promise<PrayerEvent> {
    const event = await transaction(this.deps.db, async (tx) => {
      if (!(await this.deps.access.prayer(viewer.id, id, tx))) throw notFound('Prayer');
      return this.deps.practice.record(viewer, { prayerId: id }, input, tx);
    });
    return presentPrayerEvent(event);
  }

  /**
   * A page of the prayer's timeline as the viewer sees it, newest first, with their own record
   * of it: one statement with the access check (ADR 046). Prayed events are the viewer's own;
   * notes are the author's and shown to the author only.
   * @throws AppError NOT_FOUND when the prayer is hidden from them.
   */
  async log(
    id: string,
    viewer: UserRow,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<PrayerLog> {
    const after = decodeCursor(query.cursor, TIMELINE_KEY);
    const row = await this.deps.access.prayerWith(viewer.id, id, {
      items: this.deps.practice.timeline(viewer.id, after, query.limit + 1),
      summary: this.deps.practice.prayedSummary(viewer.id),
    });
    if (!row) throw notFound('Prayer');
    return {
      ...cursorPage(
        row.items,
        query.limit,
        ({ kind, id, at, day, late, text }) => ({ kind, id, at, day, late, text }),
        (last) => encodeCursor(TIMELINE_KEY, [new Date(last.at), last.rank, last.id]),
      ),
      summary: row.summary ?? { prayedCount: 0, lastPrayedAt: null, lastPrayedDay: null },
      today: this.deps.practice.today(viewer),
    };
  }

  /**
   * Adds a dated note to the author's prayer.
   * @throws AppError NOT_FOUND unless the prayer is theirs.
   */
  async addNote(id: string, text: string, author: UserRow): Promise<PrayerNote> {
    await this.deps.access.ownPrayer(author.id, id);
    const note = await this.deps.practice.addNote(id, author, text.trim(), this.deps.db);
    return {
      id: note.id,
      prayerId: note.prayerId,
      text: note.text,
      createdAt: note.createdAt.toISOString(),
    };
  }

  /** The people the author shared a prayer with. @throws AppError NOT_FOUND unless theirs. */
  async shares(id: string, user: UserRow): Promise<PublicUserRow[]> {
    const row = await this.deps.access.prayerWith(user.id, id, {
      shares: this.repo.shares(id, SHARES_LISTED),
    });
    if (!row || row.prayer.authorId !== user.id) throw notFound('Prayer');
    return row.shares;
  }

  /** Takes back a share. @throws AppError NOT_FOUND unless the author shared it with them. */
  async unshare(id: string, userId: string, user: UserRow): Promise<void> {
    await this.deps.access.ownPrayer(user.id, id);
    if (!(await this.repo.removeShare(id, userId))) throw notFound('Share');
  }

  /** Shares a prayer with friends, in the sharing transaction; returns who did not have it. */
  async addShares(id: string, userIds: string[], tx: Tx): Promise<string[]> {
    return this.repo.addShares(id, userIds, tx);
  }

  /** Ends the shares of each one's prayers with the other (they are no longer friends). */
  async endSharesBetween(a: string, b: string, tx: Tx): Promise<void> {
    await this.repo.removeSharesBetween(a, b, tx);
  }

  /** A page from `limit + 1` rows: the first `limit`, and a cursor when there were more. */
  pageOf(rows: ListedPrayer[], limit: number, viewerId: string): PrayerPage {
    return cursorPage(
      rows,
      limit,
      (r) => presentPrayer(r, r.testimonies, viewerId),
      (last) => encodeCursor(CREATED_AT_ID, [last.prayer.createdAt, last.prayer.id]),
    );
  }

  /**
   * A page of a journal's prayers as its owner sees them (all of them), newest first, with their
   * testimonies when asked: the PDF export reads the journal with it.
   */
  async ownersPage(
    journalId: string,
    ownerId: string,
    options: {
      answered: boolean;
      testimonies: boolean;
      after: readonly [Date, string] | null;
      limit: number;
    },
  ): Promise<
    { prayer: PrayerRow; testimonies: string[]; notes: { text: string; createdAt: Date }[] }[]
  > {
    const rows = await this.repo.list(
      {
        journalId,
        viewerId: ownerId,
        ...(options.answered ? {} : { status: 'pending' as const }),
        after: options.after,
        limit: options.limit,
        dueFor: null,
      },
      // The owner's dated notes (issue 20 §4) print with their testimonies.
      options.testimonies ? { notes: this.deps.practice.notesOfPrayer() } : {},
    );
    return rows.map((r) => ({
      prayer: r.prayer,
      testimonies: options.testimonies ? r.testimonies : [],
      notes: options.testimonies
        ? ((r as { notes?: { text: string; createdAt: Date }[] }).notes ?? [])
        : [],
    }));
  }

  /** Several of the reads below (a page's parts) as one statement (ADR 046). */
  readTogether<T extends Record<string, SQL>>(values: T) {
    return this.repo.readTogether(values);
  }

  /** Counts of the user's prayers by status and creation time (the dashboard), to read together. */
  authorCounts(authorId: string, since: { day: Date; week: Date; month: Date }) {
    return this.repo.authorCounts(authorId, since);
  }

  /** The user's latest answered prayers with their latest testimony (the dashboard), to read together. */
  recentlyAnswered(authorId: string, limit: number, answeredSince: Date | null) {
    return this.repo.recentlyAnswered(authorId, limit, answeredSince);
  }

  /** The n-th (mod count) of the user's memory verses (the daily verse). */
  memoryVerseAt(authorId: string, dayNumber: number) {
    return this.repo.memoryVerseAt(authorId, dayNumber);
  }

  /**
   * The newest page of a journal's prayers the viewer may see (the journal's page shows it), to
   * read in the statement that checks the journal's access (`pageOf(rows, limit)` presents it).
   */
  firstPageOfJournal(journalId: string, viewer: UserRow, limit: number): SQL<ListedPrayer[]> {
    return this.repo.page({
      journalId,
      viewerId: viewer.id,
      after: null,
      limit: limit + 1,
      dueFor: this.dueFor(viewer),
    });
  }

  /** A page of a journal's prayers the viewer may see. */
  async listForJournal(
    journalId: string,
    query: {
      status?: Status;
      category?: string | undefined;
      search?: string | undefined;
      due?: 'true' | 'false' | undefined;
      cursor?: string | undefined;
      limit: number;
    },
    user: UserRow,
  ): Promise<PrayerPage> {
    const after = decodeCursor(query.cursor, CREATED_AT_ID);
    // The journal's access check and the page: one statement.
    const row = await this.deps.access.journalWith(user.id, journalId, {
      page: this.repo.page({
        journalId,
        viewerId: user.id,
        status: statusFilter(query.status),
        category: query.category,
        search: query.search || undefined,
        after,
        limit: query.limit + 1,
        dueFor: this.dueFor(user),
        dueOnly: query.due === 'true',
      }),
    });
    if (!row) throw notFound('Journal');
    return this.pageOf(row.page, query.limit, user.id);
  }

  /**
   * A page of a journal's public prayers, as a group shows them, to read in the statement that
   * asks the access policy whether the viewer may read them (`pageOf` presents it). `journalId`
   * may be the group's column.
   */
  publicPageOfJournal(
    journalId: string | Column,
    query: { cursor?: string | undefined; limit: number },
    viewer: UserRow,
  ): SQL<ListedPrayer[]> {
    return this.repo.page({
      journalId,
      // Nobody's own: a group shows its journal's public prayers, even to the journal's owner.
      viewerId: null,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
      // Its author still sees which of theirs are due.
      dueFor: this.dueFor(viewer),
    });
  }

  /** A page of the user's own prayers across their journals (Prayer Points). */
  async listForUser(
    query: {
      status?: Status;
      category?: string | undefined;
      search?: string | undefined;
      due?: 'true' | 'false' | undefined;
      cursor?: string | undefined;
      limit: number;
    },
    user: UserRow,
  ): Promise<PrayerPage> {
    const rows = await this.repo.list({
      authorId: user.id,
      viewerId: user.id,
      status: statusFilter(query.status),
      category: query.category,
      search: query.search || undefined,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
      dueFor: this.dueFor(user),
      dueOnly: query.due === 'true',
    });
    return this.pageOf(rows, query.limit, user.id);
  }

  /** The plan's statistics window in days (null: unlimited). */
  statsWindowDays(user: UserRow): number | null {
    return this.deps.plans ? this.deps.plans.statsWindowDays(user) : null;
  }

  async summary(user: UserRow): Promise<PrayerSummary> {
    const now = this.deps.now();
    const starts = periodStarts(now, userTimeZone(user));
    const statsWindowDays = this.statsWindowDays(user);
    const streak = this.deps.practice.streak(user, statsWindowDays);
    const { counts, byCategory, days } = await this.repo.readTogether({
      counts: this.repo.authorCounts(user.id, starts),
      byCategory: this.repo.categoryCounts(user.id),
      days: streak.days,
    });
    const { streak: length, today } = streak.count(days);
    const activeDays = new Set(days);
    return {
      total: counts.total,
      active: counts.active,
      answered: counts.answered,
      byCategory,
      streak: length,
      last7Days: Array.from({ length: 7 }, (_, i) => {
        const date = addDays(today, i - 6);
        return { date, active: activeDays.has(date) };
      }),
      statsWindowDays,
    };
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the user's prayers, their testimonies and the user's activity. */
  async exportOf(userId: string) {
    const [prayers, testimonies, activity] = await Promise.all([
      this.repo.authoredBy(userId),
      this.repo.testimoniesOfAuthor(userId),
      this.repo.activityOf(userId),
    ]);
    return { prayers, testimonies, activity };
  }

  /** Clear Data: the prayers the user wrote go, and their activity. */
  async clearOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteAuthoredBy(userId, tx);
    await this.repo.deleteActivityOf(userId, tx);
  }
}
