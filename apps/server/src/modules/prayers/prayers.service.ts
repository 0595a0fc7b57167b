import type {
  CreatePrayerInput,
  Prayer,
  PrayerPage,
  PrayerSummary,
  UpdatePrayerInput,
} from '@selah/shared/schemas/prayers';
import type { Column, SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PrayerRow, UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { addDays, periodStarts, streakFrom } from '../../lib/time-zone.ts';
import { type AccessPolicy, seenByJournalReaders } from '../access/access.policy.ts';
import { JournalsRepository } from '../journals/journals.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { presentPrayer } from './prayers.presenter.ts';
import { type ListedPrayer, PrayersRepository } from './prayers.repository.ts';
import { userTimeZone } from '../users/users.service.ts';
import type { PublicUserRow } from '../friends/friends.presenter.ts';

export const PERMISSION_DENIED_MESSAGE = 'You can only add prayers to your own journal.';
/** Streaks are counted over at most this many days of history. */
export const STREAK_HORIZON_DAYS = 1000;
/** A viewer id that is nobody's (the nil uuid): what anyone at all may see. */
const NOBODY = '00000000-0000-0000-0000-000000000000';
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
  now?: () => Date;
  notifications?: NotificationsService;
  /** Plan limits (prayer points); none when absent. */
  plans?: PlansService;
}

/** Prayers inside journals: status, testimonies, shares, lists, summary. Access: the policy's. */
export class PrayersService {
  readonly repo: PrayersRepository;
  private readonly db: Db;
  private readonly access: AccessPolicy;
  private readonly now: () => Date;
  private readonly notifications: NotificationsService | undefined;
  private readonly plans: PlansService | undefined;

  constructor(deps: PrayersServiceDeps) {
    this.db = deps.db;
    this.access = deps.access;
    this.notifications = deps.notifications;
    this.plans = deps.plans;
    this.repo = new PrayersRepository(deps.db);
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * The prayer as the user reads it, with its testimonies: one statement (ADR 046). With `own`,
   * only its author's.
   * @throws AppError NOT_FOUND when the prayer is missing or hidden from the user (or not theirs).
   */
  private async read(id: string, user: UserRow, own = false): Promise<Prayer> {
    const row = await this.access.prayerWith(user.id, id, { testimonies: this.repo.testimonies() });
    if (!row || (own && row.prayer.authorId !== user.id)) throw notFound('Prayer');
    return presentPrayer(row, row.testimonies);
  }

  async get(id: string, user: UserRow): Promise<Prayer> {
    return this.read(id, user);
  }

  /**
   * Adds a prayer to one of the user's journals.
   * @throws AppError NOT_FOUND for a journal the user cannot see, FORBIDDEN for someone else's.
   */
  async create(input: CreatePrayerInput, user: UserRow): Promise<Prayer> {
    const journal = await this.access.readableJournal(user.id, input.journal);
    if (!this.access.ownsJournal(journal, user.id))
      throw new AppError('FORBIDDEN', PERMISSION_DENIED_MESSAGE);
    const created = await this.db.transaction(async (tx) => {
      await this.plans?.assertCanCreatePrayer(user.id, tx);
      const prayers = new PrayersRepository(tx);
      const prayer = await prayers.insert(
        {
          journalId: input.journal,
          authorId: user.id,
          title: input.title.trim(),
          content: (input.content ?? '').trim(),
          category: input.category ?? 'Personal',
          isPrivate: input.isPrivate ?? true,
          memoryVerse: input.memoryVerse ?? null,
          createdAt: this.now(),
        },
        tx,
      );
      await new JournalsRepository(tx).bumpCounters(input.journal, counterDelta(prayer, 1), tx);
      await prayers.logActivity(user.id, 'prayer_written', this.now(), tx);
      return prayer;
    });
    // The inserted row is the prayer; a new prayer has no testimonies (no read-back queries).
    return presentPrayer({ prayer: created, journalTitle: journal.journal.title }, []);
  }

  async update(id: string, input: UpdatePrayerInput, user: UserRow): Promise<Prayer> {
    const { prayer } = await this.access.ownPrayer(user.id, id);
    await this.db.transaction(async (tx) => {
      const updated = await new PrayersRepository(tx).update(
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
        await new JournalsRepository(tx).bumpCounters(
          prayer.journalId,
          addDeltas(counterDelta(prayer, -1), counterDelta(updated, 1)),
          tx,
        );
      }
    });
    return this.read(id, user, true);
  }

  async delete(id: string, user: UserRow): Promise<void> {
    const { prayer } = await this.access.ownPrayer(user.id, id);
    await this.db.transaction(async (tx) => {
      await new PrayersRepository(tx).delete(id, tx);
      await new JournalsRepository(tx).bumpCounters(prayer.journalId, counterDelta(prayer, -1), tx);
    });
  }

  /** Marks a prayer answered or pending again. */
  async setStatus(id: string, isAnswered: boolean, user: UserRow): Promise<Prayer> {
    const { prayer, journalTitle } = await this.access.ownPrayer(user.id, id);
    const status = isAnswered ? 'answered' : 'pending';
    if (prayer.status !== status) {
      let announce = () => {};
      await this.db.transaction(async (tx) => {
        const repo = new PrayersRepository(tx);
        const updated = await repo.update(
          id,
          { status, answeredAt: isAnswered ? this.now() : null },
          tx,
        );
        await new JournalsRepository(tx).bumpCounters(
          prayer.journalId,
          addDeltas(counterDelta(prayer, -1), counterDelta(updated!, 1)),
          tx,
        );
        if (isAnswered) await repo.logActivity(user.id, 'prayer_answered', this.now(), tx);
        // Members of the journal hear about answered prayers they can see.
        if (isAnswered && seenByJournalReaders(prayer) && this.notifications) {
          const members = await new JournalsRepository(tx).memberIds(prayer.journalId, tx);
          announce = await this.notifications.notify(
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
      announce();
    }
    return this.read(id, user, true);
  }

  /**
   * Adds a testimony to an answered prayer.
   * @throws AppError BAD_REQUEST when the prayer is not answered yet.
   */
  async addTestimony(id: string, testimony: string, user: UserRow): Promise<Prayer> {
    const { prayer } = await this.access.ownPrayer(user.id, id);
    if (prayer.status !== 'answered') {
      throw badRequest('Mark the prayer as answered before adding a testimony.');
    }
    await this.db.transaction(async (tx) => {
      const repo = new PrayersRepository(tx);
      await repo.addTestimony(id, testimony.trim(), tx);
      await repo.logActivity(user.id, 'testimony', this.now(), tx);
    });
    return this.read(id, user, true);
  }

  /** The people the author shared a prayer with. @throws AppError NOT_FOUND unless theirs. */
  async shares(id: string, user: UserRow): Promise<PublicUserRow[]> {
    const row = await this.access.prayerWith(user.id, id, {
      shares: this.repo.shares(id, SHARES_LISTED),
    });
    if (!row || row.prayer.authorId !== user.id) throw notFound('Prayer');
    return row.shares;
  }

  /** Takes back a share. @throws AppError NOT_FOUND unless the author shared it with them. */
  async unshare(id: string, userId: string, user: UserRow): Promise<void> {
    await this.access.ownPrayer(user.id, id);
    if (!(await this.repo.removeShare(id, userId))) throw notFound('Share');
  }

  /** Ends the shares of each one's prayers with the other (they are no longer friends). */
  async endSharesBetween(a: string, b: string, tx: DbOrTx): Promise<void> {
    await this.repo.removeSharesBetween(a, b, tx);
  }

  /** Records "prayed for a request" in the user's activity (it counts toward the streak). */
  /** The activity row of praying for a request, for the caller's own statement to write. */
  requestPrayerActivity(userId: string): {
    userId: string;
    kind: 'prayed_for_request';
    occurredAt: Date;
  } {
    return { userId, kind: 'prayed_for_request', occurredAt: this.now() };
  }

  /** A page from `limit + 1` rows: the first `limit`, and a cursor when there were more. */
  pageOf(rows: ListedPrayer[], limit: number): PrayerPage {
    const visible = rows.slice(0, limit);
    const last = visible.at(-1);
    return {
      data: visible.map((r) => presentPrayer(r, r.testimonies)),
      nextCursor:
        rows.length > limit && last
          ? encodeCursor(CREATED_AT_ID, [last.prayer.createdAt, last.prayer.id])
          : null,
    };
  }

  /** A page of a journal's prayers the viewer may see. */
  async listForJournal(
    journalId: string,
    query: {
      status?: Status;
      category?: string | undefined;
      search?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    },
    user: UserRow,
  ): Promise<PrayerPage> {
    const after = decodeCursor(query.cursor, CREATED_AT_ID);
    // The journal's access check and the page: one statement.
    const row = await this.access.journalWith(user.id, journalId, {
      page: this.repo.page({
        journalId,
        viewerId: user.id,
        status: statusFilter(query.status),
        category: query.category,
        search: query.search || undefined,
        after,
        limit: query.limit + 1,
      }),
    });
    if (!row) throw notFound('Journal');
    return this.pageOf(row.page, query.limit);
  }

  /**
   * A page of a journal's public prayers, as a group shows them, to read in the statement that
   * asks the access policy whether the viewer may read them (`pageOf` presents it). `journalId`
   * may be the group's column.
   */
  publicPageOfJournal(
    journalId: string | Column,
    query: { cursor?: string | undefined; limit: number },
  ): SQL<ListedPrayer[]> {
    return this.repo.page({
      journalId,
      // Nobody's own: a group shows its journal's public prayers, even to the journal's owner.
      viewerId: NOBODY,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
    });
  }

  /** A page of the user's own prayers across their journals (Prayer Points). */
  async listForUser(
    query: {
      status?: Status;
      category?: string | undefined;
      search?: string | undefined;
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
    });
    return this.pageOf(rows, query.limit);
  }

  /**
   * The user's streak in their time zone: consecutive active days ending today or yesterday.
   * With a plan's statistics window (`windowDays`, docs/decisions/027) it counts at most that
   * many days and reads no activity older than the window needs. `days` is what to read (with
   * the rest of a page, ADR 046), `count` counts the streak from what it read.
   */
  streak(
    user: UserRow,
    windowDays: number | null = null,
  ): { days: SQL<string[]>; count: (days: string[]) => { streak: number; today: string } } {
    const timeZone = userTimeZone(user);
    const now = this.now();
    const { today } = periodStarts(now, timeZone);
    const horizon = windowDays ?? STREAK_HORIZON_DAYS;
    const since = new Date(now.getTime() - (horizon + 2) * 24 * 60 * 60 * 1000);
    return {
      days: this.repo.activityDays(user.id, timeZone, since, horizon + 2),
      count: (days) => {
        const streak = streakFrom(days, today);
        return { streak: windowDays === null ? streak : Math.min(streak, windowDays), today };
      },
    };
  }

  /** The plan's statistics window in days (null: unlimited). */
  statsWindowDays(user: UserRow): number | null {
    return this.plans ? this.plans.statsWindowDays(user) : null;
  }

  async summary(user: UserRow): Promise<PrayerSummary> {
    const now = this.now();
    const starts = periodStarts(now, userTimeZone(user));
    const statsWindowDays = this.statsWindowDays(user);
    const streak = this.streak(user, statsWindowDays);
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
}
