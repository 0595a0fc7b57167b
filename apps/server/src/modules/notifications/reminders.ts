import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { localDate } from '../../lib/time-zone.ts';
import { userTimeZone } from '../users/users.service.ts';
import type { NotificationsService } from './notifications.service.ts';

/** 'HH:MM' in `timeZone` at `instant`. */
function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/**
 * Daily reminders: once a minute, every user whose reminder time has come today (in their time
 * zone) and who has not had today's reminder gets one. Claiming the day is a conditional UPDATE,
 * so with several processes exactly one sends it.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly db: Db;
  private readonly notifications: NotificationsService;
  private readonly now: () => Date;
  private readonly logger: FastifyBaseLogger;

  constructor(options: {
    db: Db;
    notifications: NotificationsService;
    now: () => Date;
    logger: FastifyBaseLogger;
  }) {
    this.db = options.db;
    this.notifications = options.notifications;
    this.now = options.now;
    this.logger = options.logger;
  }

  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => {
      this.running ??= this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'reminders failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Sends the reminders that are due now; returns how many were sent by this process. */
  async tick(): Promise<number> {
    const now = this.now();
    const candidates = await this.db
      .select({
        id: users.id,
        settings: users.settings,
        reminderTime: users.reminderTime,
        last: users.reminderLastSentOn,
      })
      .from(users)
      .where(
        and(
          isNotNull(users.reminderTime),
          sql`(${users.notificationPreferences} ->> 'reminderNotifications')::boolean`,
        ),
      );
    let sent = 0;
    for (const user of candidates) {
      const timeZone = userTimeZone(user);
      const today = localDate(now, timeZone);
      if (user.last === today || localTime(now, timeZone) < user.reminderTime!) continue;
      const claimed = await transaction(this.db, async (tx) => {
        const claimed = await tx
          .update(users)
          .set({ reminderLastSentOn: today })
          .where(
            and(
              eq(users.id, user.id),
              or(
                sql`${users.reminderLastSentOn} is null`,
                sql`${users.reminderLastSentOn} < ${today}`,
              ),
            ),
          )
          .returning({ id: users.id });
        if (claimed.length === 0) return false;
        await this.notifications.notify(
          [
            {
              userId: user.id,
              actorId: null,
              type: 'reminder',
              message: 'Time to pray: take a quiet moment with your prayer journal today.',
              link: '/prayers',
            },
          ],
          tx,
        );
        return true;
      });
      if (claimed) sent++;
    }
    return sent;
  }
}
