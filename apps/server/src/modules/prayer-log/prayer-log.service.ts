import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonArray, rowsOf, selectValues } from '../../db/json.ts';
import {
  type PrayedSource,
  prayerEvents,
  prayerRequestResponses,
  prayerRequests,
  prayers,
  type UserRow,
} from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { addDays, localDate } from '../../lib/time-zone.ts';
import { userTimeZone } from '../users/users.service.ts';
import { othersRequestReadable } from '../access/access.sql.ts';
import { commitmentDueOn, prayerDueOn } from './prayer-log.sql.ts';

/** A late entry ("I prayed yesterday") may be filled in at most this many days back. */
export const LATE_ENTRY_DAYS = 7;
export const LATE_ENTRY_MESSAGE = `A prayer can be recorded for today or up to ${LATE_ENTRY_DAYS} days back.`;

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

export interface PrayerLogServiceDeps {
  now: () => Date;
}

/**
 * The prayer log (issue 20 §4): every Prayed is one event, on the user's local day. The module
 * that owns the prayed thing checks who may pray it (prayers, prayer requests: through the access
 * policy) and calls `record` in its own transaction; this module owns the events themselves.
 */
export class PrayerLogService {
  private readonly now: () => Date;

  constructor(deps: PrayerLogServiceDeps) {
    this.now = deps.now;
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

  /** Records one Prayed by `user`; the caller has checked that they may pray `target`. */
  async record(
    user: UserRow,
    target: PrayedTarget,
    options: RecordPrayed,
    tx: DbOrTx,
  ): Promise<PrayerEventRow> {
    const { day, late } = this.dayFor(user, options.day);
    const [row] = await tx
      .insert(prayerEvents)
      .values({
        userId: user.id,
        ...target,
        day,
        late,
        source: options.source ?? 'card',
      })
      .returning({
        id: prayerEvents.id,
        prayerId: prayerEvents.prayerId,
        requestId: prayerEvents.requestId,
        day: prayerEvents.day,
        late: prayerEvents.late,
        source: prayerEvents.source,
        occurredAt: prayerEvents.occurredAt,
      });
    return row!;
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
}
