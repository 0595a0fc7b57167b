import type { RhythmView } from '@selah/shared/schemas/practice';
import type { DailyInspiration, DashboardStats, TestimonyItem } from '@selah/shared/schemas/stats';
import type { UserRow } from '../../db/schema/index.ts';
import { dayNumber, periodStarts, windowStart } from '../../lib/time-zone.ts';
import type { PlansService } from '../billing/plans.service.ts';
import type { PracticeService } from '../practice/practice.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import { userTimeZone } from '../users/users.service.ts';
import { QUOTES, VERSES } from './daily-content.ts';

const RECENT_TESTIMONIES = 5;
/** The longest month: a window at least this long holds any month so far. */
const MONTH_DAYS = 31;

const UNITS: readonly [string, number][] = [
  ['year', 365 * 24 * 60],
  ['month', 30 * 24 * 60],
  ['week', 7 * 24 * 60],
  ['day', 24 * 60],
  ['hour', 60],
  ['minute', 1],
];

/** "Faithfully prayed for {n} {unit}": the largest whole unit of the time from creation to answer. */
export function prayedFor(
  createdAt: Date,
  answeredAt: Date,
): { prayedFor: number; timeUnit: string } {
  const minutes = Math.max(0, Math.floor((answeredAt.getTime() - createdAt.getTime()) / 60_000));
  for (const [unit, size] of UNITS) {
    const n = Math.floor(minutes / size);
    if (n >= 1) return { prayedFor: n, timeUnit: n === 1 ? unit : `${unit}s` };
  }
  return { prayedFor: 1, timeUnit: 'minute' };
}

/**
 * The dashboard: counts, activity, streak and testimonies in the user's time zone. History
 * follows the plan's statistics window (docs/decisions/027): on Free the month is not counted,
 * the streak stops at 7 days and only testimonies answered in the last 7 days show; the counts
 * of the user's prayer points are current, not history, and stay whole.
 */
export interface StatsServiceDeps {
  prayers: PrayersService;
  plans: PlansService;
  /** The streak and the rhythm view count Prayed events (issue 20 §5). */
  practice: PracticeService;
  now: () => Date;
}

export class StatsService {
  private readonly deps: StatsServiceDeps;

  constructor(deps: StatsServiceDeps) {
    this.deps = deps;
  }

  async dashboard(user: UserRow): Promise<DashboardStats> {
    const timeZone = userTimeZone(user);
    const now = this.deps.now();
    const starts = periodStarts(now, timeZone);
    const statsWindowDays = this.deps.plans.statsWindowDays(user);
    const answeredSince =
      statsWindowDays === null ? null : windowStart(now, timeZone, statsWindowDays);
    const streak = this.deps.practice.streak(user, statsWindowDays);
    // Counts, activity and testimonies: one statement (ADR 046).
    const { counts, days, answered } = await this.deps.prayers.readTogether({
      counts: this.deps.prayers.authorCounts(user.id, starts),
      days: streak.days,
      answered: this.deps.prayers.recentlyAnswered(user.id, RECENT_TESTIMONIES, answeredSince),
    });
    const recentTestimonies: TestimonyItem[] = answered.map((p) => {
      const answeredAt = p.answeredAt ?? p.createdAt;
      return {
        id: p.id,
        title: p.title,
        content: p.testimony ?? p.content,
        dateAnswered: answeredAt.toISOString(),
        ...prayedFor(p.createdAt, answeredAt),
      };
    });
    return {
      totalPrayers: counts.total,
      activePrayers: counts.active,
      answeredPrayers: counts.answered,
      prayerStreak: streak.count(days).streak,
      // Today and this (ISO) week start at most 6 days back, inside a 7-day window; a month
      // reaches further, so a plan with a shorter window does not get it.
      prayersToday: counts.today,
      prayersThisWeek: counts.week,
      prayersThisMonth:
        statsWindowDays !== null && statsWindowDays < MONTH_DAYS ? null : counts.month,
      recentTestimonies,
      timeZone,
      statsWindowDays,
    };
  }

  /**
   * The rhythm view: the last `weeks` weeks day by day and the fair streak. Free for every plan;
   * the streak number keeps the plan's cap, as on the dashboard.
   */
  async rhythm(user: UserRow, weeks: number): Promise<RhythmView> {
    return this.deps.practice.rhythm(user, weeks, this.deps.plans.statsWindowDays(user));
  }

  /** Today's memory verse (one of the user's own, else a built-in one) and quote. */
  async daily(user: UserRow): Promise<DailyInspiration> {
    const day = dayNumber(periodStarts(this.deps.now(), userTimeZone(user)).today);
    const own = await this.deps.prayers.memoryVerseAt(user.id, day);
    const verse = own
      ? { ...own, source: 'yours' as const }
      : { ...VERSES[day % VERSES.length]!, source: 'scripture' as const };
    return { memoryVerse: verse, inspiration: QUOTES[day % QUOTES.length]! };
  }
}
