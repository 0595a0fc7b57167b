import { and, asc, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { CommitmentCadence } from '@selah/shared/schemas/prayer-requests';
import {
  type PraySession,
  type RhythmInput,
  type RhythmView,
  SESSION_SIZE_DEFAULT,
} from '@selah/shared/schemas/practice';
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
import { addDays, localDate } from '../../lib/time-zone.ts';
import { userTimeZone, type UsersService } from '../users/users.service.ts';
import { othersRequestReadable } from '../access/access.sql.ts';
import { commitmentDueOn, prayerDueOn } from './practice.sql.ts';
import { type NoteRow, PracticeRepository, type TimelineRow } from './practice.repository.ts';
import { presentSessionItem } from './practice.presenter.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { fairStreak, STREAK_REST_SPAN } from './streak.ts';

/** A late entry ("I prayed yesterday") may be filled in at most this many days back. */
export const LATE_ENTRY_DAYS = 7;
export const LATE_ENTRY_MESSAGE = `A prayer can be recorded for today or up to ${LATE_ENTRY_DAYS} days back.`;
/**
 * A second identical Prayed (the same person, item and day) within this long of one recorded is
 * the same prayer tapped twice (issue 29 §5): it is answered with the first, not recorded again.
 */
export const REPEAT_PRAYED_MS = 60_000;

export const UNTIL_PAST_MESSAGE = "A rhythm 'until' a date needs a date from today on.";
export const SNOOZE_PAST_MESSAGE = 'Snooze until a date from tomorrow on (or wake it with null).';

/** A 'daily7' commitment runs today and the 6 days after (the committer's local dates). */
const DAILY_DAYS = 7;

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

export interface PracticeServiceDeps {
  /**
   * Reads (the log, sessions, the streak, the rhythm view); `record` and the other writes run
   * in the caller's transaction.
   */
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
 * The practice of prayer (issue 20, docs/decisions/051 and 063): every Prayed is one event, on
 * the user's local day; what is due (a prayer's rhythm and snooze, a commitment's schedule);
 * the pray-through session; the streak and the rhythm view; notes and a prayer's timeline. The
 * module that owns the prayed thing checks who may pray it (prayers, prayer requests: through
 * the access policy) and calls `record` in its own transaction; this module owns the events,
 * and calls neither of them back: what it reads of prayers and requests is its own SQL.
 */
export class PracticeService {
  private readonly repo: PracticeRepository;
  private readonly deps: PracticeServiceDeps;
  private readonly sessions: SessionsRepository;

  constructor(deps: PracticeServiceDeps) {
    this.deps = deps;
    this.repo = new PracticeRepository(deps.db);
    this.sessions = new SessionsRepository(deps.db);
  }

  /** The user's local date today. */
  today(user: Pick<UserRow, 'settings'>): string {
    return localDate(this.deps.now(), userTimeZone(user));
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
    await this.deps.users.lock(user.id, tx);
    const now = this.deps.now();
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
  async rhythm(user: UserRow, weeks: number, windowDays: number | null): Promise<RhythmView> {
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
    const entries: RhythmView['days'] = [];
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

  /**
   * The next pray-through session (issue 20 §1) of `size` items (the remembered size when
   * absent), only today's due items when `dueOnly`: built from what the access policy lets the
   * user see, due first and rotating (docs/decisions/051, Sessions). Remembers the size and
   * moves the rotation on, in the same statement.
   */
  async session(
    user: UserRow,
    query: { size?: number | undefined; dueOnly: boolean },
  ): Promise<PraySession> {
    const size = query.size ?? user.settings.prayerSessionSize ?? SESSION_SIZE_DEFAULT;
    const rows = await this.sessions.session({
      userId: user.id,
      day: this.today(user),
      size,
      dueOnly: query.dueOnly,
      after: user.settings.prayerSessionAfter ?? null,
    });
    return { items: rows.map(presentSessionItem), size };
  }

  /**
   * The columns of a prayer's rhythm (issue 20 §2) as `input` sets them: its kind and that
   * kind's fields (the others cleared), and, when given, its snooze and star. The prayers module
   * writes them on its author's prayer.
   * @throws AppError BAD_REQUEST for an 'until' date before today or a snooze date not after
   * today (in the user's time zone).
   */
  rhythmColumns(input: RhythmInput, user: UserRow): Partial<typeof prayers.$inferInsert> {
    const today = this.today(user);
    if (input.kind === 'until' && input.until! < today) throw badRequest(UNTIL_PAST_MESSAGE);
    if (input.snoozeUntil && input.snoozeUntil <= today) throw badRequest(SNOOZE_PAST_MESSAGE);
    return {
      rhythmKind: input.kind,
      rhythmDays: input.kind === 'weekly' ? [...new Set(input.days)].sort((a, b) => a - b) : null,
      rhythmDayOfMonth: input.kind === 'monthly' ? input.dayOfMonth! : null,
      rhythmUntil: input.kind === 'until' ? input.until! : null,
      ...(input.snoozeUntil !== undefined ? { snoozeUntil: input.snoozeUntil } : {}),
      ...(input.urgent !== undefined ? { urgent: input.urgent } : {}),
    };
  }

  /**
   * Snoozes these prayers of the user until `day` (the digest's push action "Snooze"); only
   * theirs are touched. Returns how many.
   */
  async snoozeOwn(userId: string, ids: string[], day: string, tx: DbOrTx): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx
      .update(prayers)
      .set({ snoozeUntil: day })
      .where(and(eq(prayers.authorId, userId), inArray(prayers.id, ids)))
      .returning({ id: prayers.id });
    return rows.length;
  }

  /**
   * The last day of a commitment made today with `cadence` ("I'm praying", issue 20 §3): a
   * 'daily7' runs today and the 6 days after (the committer's local dates); the others have none.
   */
  commitmentEndsOn(cadence: CommitmentCadence, user: Pick<UserRow, 'settings'>): string | null {
    return cadence === 'daily7' ? addDays(this.today(user), DAILY_DAYS - 1) : null;
  }

  /**
   * The user prayed these requests (a Prayed, or the digest's "I prayed", which recorded the
   * events): their 'once' commitments to them end, as at any first Prayed.
   */
  async endOnceCommitments(
    userId: string,
    requestIds: string | string[],
    at: Date,
    tx: DbOrTx,
  ): Promise<void> {
    if (Array.isArray(requestIds) && requestIds.length === 0) return;
    await tx
      .update(prayerRequestResponses)
      .set({ endedAt: at })
      .where(
        and(
          Array.isArray(requestIds)
            ? inArray(prayerRequestResponses.requestId, requestIds)
            : eq(prayerRequestResponses.requestId, requestIds),
          isNull(prayerRequestResponses.endedAt),
          eq(prayerRequestResponses.userId, userId),
          eq(prayerRequestResponses.cadence, 'once'),
        ),
      );
  }

  /** Writes a note by the prayer's author; the caller has checked that it is theirs. */
  async addNote(prayerId: string, author: UserRow, text: string, tx: DbOrTx): Promise<NoteRow> {
    return this.repo.insertNote(
      { prayerId, authorId: author.id, text, createdAt: this.deps.now() },
      tx,
    );
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
      this.deps.db
        .select({ row })
        .from(prayerNotes)
        .where(
          and(eq(prayerNotes.prayerId, prayers.id), eq(prayerNotes.authorId, prayers.authorId)),
        )
        .orderBy(asc(prayerNotes.createdAt), asc(prayerNotes.id)),
    );
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module --------

  /** For the account's export: the user's Prayed log and notes. */
  async exportOf(userId: string) {
    const [prayed, prayerNotes] = await Promise.all([
      this.repo.eventsBy(userId),
      this.repo.notesBy(userId),
    ]);
    return { prayed, prayerNotes };
  }

  /** Clear Data: the user's Prayed log goes. */
  async clearOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteEventsBy(userId, tx);
  }
}
