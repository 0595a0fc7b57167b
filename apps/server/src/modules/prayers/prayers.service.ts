import type {
  CreatePrayerInput,
  Prayer,
  PrayerPage,
  PrayerSummary,
  UpdatePrayerInput,
} from '@selah/shared/schemas/prayers';
import type { Db } from '../../db/client.ts';
import type { PrayerRow, UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { addDays, periodStarts, streakFrom } from '../../lib/time-zone.ts';
import { JournalsRepository } from '../journals/journals.repository.ts';
import type { JournalsService } from '../journals/journals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PlansService } from '../plans/plans.service.ts';
import { presentPrayer } from './prayers.presenter.ts';
import { type PrayerWithJournal, PrayersRepository } from './prayers.repository.ts';
import { userTimeZone } from '../users/users.service.ts';

export const PERMISSION_DENIED_MESSAGE = 'You can only add prayers to your own journal.';
/** Streaks are counted over at most this many days of history. */
export const STREAK_HORIZON_DAYS = 1000;

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
    publicPrayerCount: prayer.isPrivate ? 0 : sign,
    publicAnsweredCount: prayer.isPrivate ? 0 : answered,
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

/** Prayers inside journals: who may see and change them, status, testimonies, lists, summary. */
export class PrayersService {
  readonly repo: PrayersRepository;
  private readonly journals: JournalsService;
  private readonly db: Db;
  private readonly now: () => Date;

  private readonly notifications: NotificationsService | undefined;
  /** Plan limits (prayer points); none when absent. */
  private readonly plans: PlansService | undefined;

  constructor(
    db: Db,
    journals: JournalsService,
    now: () => Date = () => new Date(),
    notifications?: NotificationsService,
    plans?: PlansService,
  ) {
    this.db = db;
    this.notifications = notifications;
    this.plans = plans;
    this.repo = new PrayersRepository(db);
    this.journals = journals;
    this.now = now;
  }

  /**
   * A prayer the viewer may read: their own, or a public prayer shared with them or in a
   * journal they may read.
   * @throws AppError NOT_FOUND otherwise.
   */
  async getViewable(id: string, viewerId: string): Promise<PrayerWithJournal> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('Prayer');
    if (row.prayer.authorId === viewerId) return row;
    if (row.prayer.isPrivate) throw notFound('Prayer');
    if (await this.repo.isSharedWith(id, viewerId)) return row;
    await this.journals.getViewable(row.prayer.journalId, viewerId).catch(() => {
      throw notFound('Prayer');
    });
    return row;
  }

  /** The prayer if `viewerId` wrote it. @throws AppError NOT_FOUND otherwise. */
  async getOwn(id: string, viewerId: string): Promise<PrayerWithJournal> {
    const row = await this.repo.findById(id);
    if (!row || row.prayer.authorId !== viewerId) throw notFound('Prayer');
    return row;
  }

  private async present(row: PrayerWithJournal): Promise<Prayer> {
    const testimonies = await this.repo.testimoniesFor([row.prayer.id]);
    return presentPrayer(row, testimonies.get(row.prayer.id) ?? []);
  }

  async get(id: string, user: UserRow): Promise<Prayer> {
    return this.present(await this.getViewable(id, user.id));
  }

  /**
   * Adds a prayer to one of the user's journals.
   * @throws AppError NOT_FOUND for a journal the user cannot see, FORBIDDEN for someone else's.
   */
  async create(input: CreatePrayerInput, user: UserRow): Promise<Prayer> {
    const journal = await this.journals.getViewable(input.journal, user.id);
    if (journal.journal.ownerId !== user.id)
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
    const { prayer } = await this.getOwn(id, user.id);
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
      if (updated && updated.isPrivate !== prayer.isPrivate) {
        await new JournalsRepository(tx).bumpCounters(
          prayer.journalId,
          addDeltas(counterDelta(prayer, -1), counterDelta(updated, 1)),
          tx,
        );
      }
    });
    return this.present((await this.repo.findById(id))!);
  }

  async delete(id: string, user: UserRow): Promise<void> {
    const { prayer } = await this.getOwn(id, user.id);
    await this.db.transaction(async (tx) => {
      await new PrayersRepository(tx).delete(id, tx);
      await new JournalsRepository(tx).bumpCounters(prayer.journalId, counterDelta(prayer, -1), tx);
    });
  }

  /** Marks a prayer answered or pending again. */
  async setStatus(id: string, isAnswered: boolean, user: UserRow): Promise<Prayer> {
    const { prayer, journalTitle } = await this.getOwn(id, user.id);
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
        // Members of the journal hear about answered prayers they can see (public ones).
        if (isAnswered && !prayer.isPrivate && this.notifications) {
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
    return this.present((await this.repo.findById(id))!);
  }

  /**
   * Adds a testimony to an answered prayer.
   * @throws AppError BAD_REQUEST when the prayer is not answered yet.
   */
  async addTestimony(id: string, testimony: string, user: UserRow): Promise<Prayer> {
    const { prayer } = await this.getOwn(id, user.id);
    if (prayer.status !== 'answered') {
      throw badRequest('Mark the prayer as answered before adding a testimony.');
    }
    await this.db.transaction(async (tx) => {
      const repo = new PrayersRepository(tx);
      await repo.addTestimony(id, testimony.trim(), tx);
      await repo.logActivity(user.id, 'testimony', this.now(), tx);
    });
    return this.present((await this.repo.findById(id))!);
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

  private async page(rows: PrayerWithJournal[], limit: number): Promise<PrayerPage> {
    const visible = rows.slice(0, limit);
    const testimonies = await this.repo.testimoniesFor(visible.map((r) => r.prayer.id));
    const last = visible.at(-1);
    return {
      data: visible.map((r) => presentPrayer(r, testimonies.get(r.prayer.id) ?? [])),
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
    const journal = await this.journals.getViewable(journalId, user.id);
    const rows = await this.repo.list({
      journalId,
      includePrivate: journal.journal.ownerId === user.id,
      status: statusFilter(query.status),
      category: query.category,
      search: query.search || undefined,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
    });
    return this.page(rows, query.limit);
  }

  /** A page of a journal's public prayers, for readers whose access was checked elsewhere (groups). */
  async listPublicOfJournal(
    journalId: string,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<PrayerPage> {
    const rows = await this.repo.list({
      journalId,
      includePrivate: false,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
    });
    return this.page(rows, query.limit);
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
      includePrivate: true,
      status: statusFilter(query.status),
      category: query.category,
      search: query.search || undefined,
      after: decodeCursor(query.cursor, CREATED_AT_ID),
      limit: query.limit + 1,
    });
    return this.page(rows, query.limit);
  }

  /**
   * The user's streak in their time zone: consecutive active days ending today or yesterday.
   * With a plan's statistics window (`windowDays`, docs/decisions/027) it counts at most that
   * many days and reads no activity older than the window needs.
   */
  async streak(
    user: UserRow,
    windowDays: number | null = null,
  ): Promise<{ streak: number; days: string[]; today: string }> {
    const timeZone = userTimeZone(user);
    const now = this.now();
    const { today } = periodStarts(now, timeZone);
    const horizon = windowDays ?? STREAK_HORIZON_DAYS;
    const since = new Date(now.getTime() - (horizon + 2) * 24 * 60 * 60 * 1000);
    const days = await this.repo.activityDays(user.id, timeZone, since, horizon + 2);
    const streak = streakFrom(days, today);
    return { streak: windowDays === null ? streak : Math.min(streak, windowDays), days, today };
  }

  /** The plan's statistics window in days (null: unlimited). */
  statsWindowDays(user: UserRow): number | null {
    return this.plans ? this.plans.statsWindowDays(user) : null;
  }

  async summary(user: UserRow): Promise<PrayerSummary> {
    const now = this.now();
    const starts = periodStarts(now, userTimeZone(user));
    const statsWindowDays = this.statsWindowDays(user);
    const [counts, byCategory, streak] = await Promise.all([
      this.repo.authorCounts(user.id, starts),
      this.repo.categoryCounts(user.id),
      this.streak(user, statsWindowDays),
    ]);
    const activeDays = new Set(streak.days);
    return {
      total: counts.total,
      active: counts.active,
      answered: counts.answered,
      byCategory,
      streak: streak.streak,
      last7Days: Array.from({ length: 7 }, (_, i) => {
        const date = addDays(streak.today, i - 6);
        return { date, active: activeDays.has(date) };
      }),
      statsWindowDays,
    };
  }
}
