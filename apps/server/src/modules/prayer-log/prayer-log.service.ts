import { and, asc, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Rhythm } from '@selah/shared/schemas/prayer-log';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { jsonArray, rowsOf, selectValues } from '../../db/json.ts';
import {
  type PrayedSource,
  prayerEvents,
  prayerNotes,
  prayerRequestResponses,
  prayerRequests,
  prayers,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { addDays, fairStreak, localDate, STREAK_REST_SPAN } from '../../lib/time-zone.ts';
import { userTimeZone, type UsersService } from '../users/users.service.ts';
import { othersRequestReadable } from '../access/access.sql.ts';
import { commitmentDueOn, prayerDueOn } from './prayer-log.sql.ts';
import { type NoteRow, PrayerLogRepository, type TimelineRow } from './prayer-log.repository.ts';

/** A late entry ("I prayed yesterday") may be filled in at most this many days back. */
export const LATE_ENTRY_DAYS = 7;
export const LATE_ENTRY_MESSAGE = `A prayer can be recorded for today or up to ${LATE_ENTRY_DAYS} days back.`;
/**
 * A second identical Prayed (the same person, item and day) within this long of one recorded is
 * the same prayer tapped twice (issue 29 §5): it is answered with the first, not recorded again.
 */
export const REPEAT_PRAYED_MS = 60_000;

export type PrayedTarget = { prayerId: string } | { requestId: string };

export interface RecordPrayed {
  /** The user's local date it counts for; today when absent. */
  day?: string | undefined;
  source?: PrayedSource | undefined;
}

export interface PrayerEventRow {
  id: string;
  prayerId: string | null;
  requestId: string | null;
  day: string;
  late: boolean;
  source: PrayedSource;
  occurredAt: Date;
}

/** What is due for a user on their day: their prayers and the requests they committed to. */
export interface DueItems {
  prayerIds: string[];
  requestIds: string[];
}

/** A user and their local date, for the digest's count. */
export interface DueCandidate {
  userId: string;
  day: string;
}
/** Streaks are counted over at most this many days of history. */
export const STREAK_HORIZON_DAYS = 1000;

export interface PrayerLogServiceDeps {
  /** Reads (the log, the streak, the rhythm view); `record` writes in the caller's transaction. */
  db: Db;
  /** The user's row lock: one Prayed of a person at a time decides whether it is a repeat. */
  users: Pick<UsersService, 'lock'>;
  now: () => Date;
}

/** What `record` answers with. */
const EVENT_COLUMNS = {
  id: prayerEvents.id,
  prayerId: prayerEvents.prayerId,
  requestId: prayerEvents.requestId,
  day: prayerEvents.day,
  late: prayerEvents.late,
  source: prayerEvents.source,
  occurredAt: prayerEvents.occurredAt,
};

/** How many days back a streak of at most `length` days prayed may reach (rest days included). */
const reachOf = (length: number) => length + Math.ceil(length / (STREAK_REST_SPAN - 1)) + 2;

/**
 * The prayer log (issue 20 §4): every Prayed is one event, on the user's local day. The module
 * that owns the prayed thing checks who may pray it (prayers, prayer requests: through the access
 * policy) and calls `record` in its own transaction; this module owns the events themselves.
 */
export class PrayerLogService {
  private readonly now: () => Date;
  private readonly db: Db;
  private readonly users: Pick<UsersService, 'lock'>;
  private readonly repo: PrayerLogRepository;

  constructor(deps: PrayerLogServiceDeps) {
    this.now = deps.now;
    this.db = deps.db;
    this.users = deps.users;
    this.repo = new PrayerLogRepository(deps.db);
  }

  /** The user's local date today. */
  today(user: Pick<UserRow, 'settings'>): string {
    return localDate(this.now(), userTimeZone(user));
  }

  /**
   * The day a Prayed counts for: today, or a late entry up to LATE_ENTRY_DAYS back.
   * @throws AppError BAD_REQUEST for a day in the future or further back.
   */
  dayFor(user: Pick<UserRow, 'settings'>, day: string | undefined): { day: string; late: boolean } {
    const today = this.today(user);
    if (day === undefined || day === today) return { day: today, late: false };
    if (day > today || day < addDays(today, -LATE_ENTRY_DAYS)) throw badRequest(LATE_ENTRY_MESSAGE);
    return { day, late: true };
  }

  /**
   * Records one Prayed by `user`; the caller has checked that they may pray `target`. The same
   * Prayed again (same item, same day) within REPEAT_PRAYED_MS of one recorded is not recorded:
   * the one recorded is the answer (`repeat: true`), also when both arrive at once, since the
   * user's row is locked while one decides (docs/decisions/056).
   */
  async record(
    user: UserRow,
    target: PrayedTarget,
    options: RecordPrayed,
    tx: Tx,
  ): Promise<PrayerEventRow & { repeat: boolean }> {
    await this.users.lock(user.id, tx);
    const now = this.now();
    const { day, late } = this.dayFor(user, options.day);
    const [recorded] = await tx
      .select(EVENT_COLUMNS)
      .from(prayerEvents)
      .where(
        and(
          eq(prayerEvents.userId, user.id),
          'prayerId' in target
            ? eq(prayerEvents.prayerId, target.prayerId)
            : eq(prayerEvents.requestId, target.requestId),
          eq(prayerEvents.day, day),
          gt(prayerEvents.occurredAt, new Date(now.getTime() - REPEAT_PRAYED_MS)),
          lt(prayerEvents.occurredAt, new Date(now.getTime() + REPEAT_PRAYED_MS)),
        ),
      )
      .orderBy(desc(prayerEvents.occurredAt))
      .limit(1);
    if (recorded) return { ...recorded, repeat: true };
    const [row] = await tx
      .insert(prayerEvents)
      .values({
        userId: user.id,
        ...target,
        day,
        late,
        source: options.source ?? 'card',
        occurredAt: now,
      })
      .returning(EVENT_COLUMNS);
    return { ...row!, repeat: false };
  }

  /**
   * How many items are due for each candidate on their own day (issue 20 §2's digest): their
   * prayers due (`prayerDueOn`) and their running commitments due (`commitmentDueOn`) on
   * requests they may still read (the friendship must last: the access policy's
   * `othersRequestReadable`). One statement for all of them; candidates with nothing due are
   * absent from the map.
   */
  async dueCounts(candidates: DueCandidate[], db: DbOrTx): Promise<Map<string, number>> {
    if (candidates.length === 0) return new Map();
    const userId = sql`c.user_id`;
    const day = sql`c.day`;
    const result = await db.execute(sql`
      select c.user_id::text as user_id,
        ((select count(*) from ${prayers}
            where ${prayers.authorId} = ${userId} and ${prayerDueOn(userId, day)})
          + (select count(*) from ${prayerRequestResponses}
            join ${prayerRequests} on ${prayerRequests.id} = ${prayerRequestResponses.requestId}
            where ${prayerRequestResponses.userId} = ${userId} and ${commitmentDueOn(day)}
              and ${othersRequestReadable(userId)}))::int as due
      from json_to_recordset(${JSON.stringify(candidates.map((c) => ({ user_id: c.userId, day: c.day })))}::json)
        as c(user_id uuid, day date)`);
    const counts = new Map<string, number>();
    for (const row of rowsOf<{ user_id: string; due: number | string }>(result)) {
      const due = Number(row.due);
      if (due > 0) counts.set(row.user_id, due);
    }
    return counts;
  }

  /**
   * The items due for the user on `day` (the same rules as `dueCounts`), in one statement: what
   * the digest's push actions act on.
   */
  async dueItems(userId: string, day: string, db: DbOrTx): Promise<DueItems> {
    return selectValues(db, {
      prayerIds: jsonArray(prayers.id, (row) =>
        db
          .select({ row })
          .from(prayers)
          .where(and(eq(prayers.authorId, userId), prayerDueOn(userId, day)))
          .orderBy(prayers.id),
      ),
      requestIds: jsonArray(prayerRequests.id, (row) =>
        db
          .select({ row })
          .from(prayerRequestResponses)
          .innerJoin(prayerRequests, eq(prayerRequests.id, prayerRequestResponses.requestId))
          .where(
            and(
              eq(prayerRequestResponses.userId, userId),
              commitmentDueOn(day),
              othersRequestReadable(userId),
            ),
          )
          .orderBy(prayerRequests.id),
      ),
    });
  }

  /**
   * The user's fair streak in their time zone (lib/time-zone.ts `fairStreak`): days with a
   * Prayed, one rest day allowed in any 7. With a plan's statistics window (`windowDays`,
   * docs/decisions/027) it counts at most that many days and reads no older days than that
   * needs. `days` is what to read (with the rest of a page, ADR 046), `count` counts it.
   */
  streak(
    user: UserRow,
    windowDays: number | null = null,
  ): {
    days: SQL<string[]>;
    count: (days: string[]) => { streak: number; rest: string[]; today: string };
  } {
    const today = this.today(user);
    const reach = reachOf(windowDays ?? STREAK_HORIZON_DAYS);
    return {
      days: this.repo.prayedDays(user.id, addDays(today, -reach), reach + 1),
      count: (days) => {
        const { streak, rest } = fairStreak(days, today);
        return { streak: windowDays === null ? streak : Math.min(streak, windowDays), rest, today };
      },
    };
  }

  /**
   * The rhythm view (issue 20 §5): one entry per day from the Monday `weeks - 1` weeks before
   * this week's through today, with the events that day, whether any was filled in later and
   * whether it is a rest day of the streak; and the streak (capped by `windowDays` as on the
   * dashboard). One statement.
   */
  async rhythm(user: UserRow, weeks: number, windowDays: number | null): Promise<Rhythm> {
    const today = this.today(user);
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
    const from = addDays(today, -weekday - 7 * (weeks - 1));
    const streak = this.streak(user, windowDays);
    const { counts, days } = await this.repo.readTogether({
      counts: this.repo.dayCounts(user.id, from, today),
      days: streak.days,
    });
    const { streak: length, rest } = streak.count(days);
    const restDays = new Set(rest);
    const byDay = new Map(counts.map((c) => [c.day, c]));
    const entries: Rhythm['days'] = [];
    for (let day = from; day <= today; day = addDays(day, 1)) {
      const c = byDay.get(day);
      entries.push({
        day,
        count: c?.count ?? 0,
        late: c?.late ?? false,
        rest: restDays.has(day),
      });
    }
    return {
      days: entries,
      streak: length,
      today,
      timeZone: userTimeZone(user),
      statsWindowDays: windowDays,
    };
  }

  /** Writes a note by the prayer's author; the caller has checked that it is theirs. */
  async addNote(prayerId: string, author: UserRow, text: string, tx: DbOrTx): Promise<NoteRow> {
    return this.repo.insertNote({ prayerId, authorId: author.id, text, createdAt: this.now() }, tx);
  }

  /** The viewer's own record of the prayer of the statement's row, to read with it. */
  prayedSummary(viewerId: string) {
    return this.repo.prayedSummary(viewerId);
  }

  /** A page of the timeline of the prayer of the statement's row, to read with it. */
  timeline(
    viewerId: string,
    after: readonly [Date, number, string] | null,
    limit: number,
  ): SQL<TimelineRow[]> {
    return this.repo.timeline(viewerId, after, limit);
  }

  /**
   * The notes of the prayer of the statement's row (a select over `prayers`), oldest first, as
   * its author sees them: the journal PDF prints them under their prayer.
   */
  notesOfPrayer(): SQL<{ text: string; createdAt: Date }[]> {
    return jsonArray({ text: prayerNotes.text, createdAt: prayerNotes.createdAt }, (row) =>
      this.db
        .select({ row })
        .from(prayerNotes)
        .where(
          and(eq(prayerNotes.prayerId, prayers.id), eq(prayerNotes.authorId, prayers.authorId)),
        )
        .orderBy(asc(prayerNotes.createdAt), asc(prayerNotes.id)),
    );
  }
}
