import type { DbOrTx } from '../../db/client.ts';
import { type PrayedSource, prayerEvents, type UserRow } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/app-error.ts';
import { addDays, localDate } from '../../lib/time-zone.ts';
import { userTimeZone } from '../users/users.service.ts';

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
}
