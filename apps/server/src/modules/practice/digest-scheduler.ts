import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { DIGEST_ACTION_TITLES, DIGEST_ACTIONS } from '@selah/shared/schemas/practice';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { localDate } from '../../lib/time-zone.ts';
import { userTimeZone } from '../users/users.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { DigestService } from './digest.service.ts';
import type { PracticeService } from './practice.service.ts';

/** Where the digest leads: a session of exactly today's due items. */
export const DIGEST_LINK = '/pray?due=1';

/** The digest's one line: "1 prayer is due today", "3 prayers are due today". */
export const digestMessage = (count: number) =>
  count === 1 ? '1 prayer is due today' : `${count} prayers are due today`;

/** 'HH:MM' in `timeZone` at `instant`. */
function localTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

export interface DigestSchedulerDeps {
  db: Db;
  /** Delivers the digest (the one way to notify); notifications know nothing of the practice. */
  notifications: NotificationsService;
  practice: PracticeService;
  /** Signs the token the digest's push actions carry. */
  digest: DigestService;
  now: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * The daily digest (issue 20 §2): once a minute, every user whose reminder time has come today
 * (in their time zone) and whose day is not claimed yet gets ONE notification saying how many
 * items are due today (their prayers and running commitments, counted for all of them in one
 * statement by the practice service), linking to a session of exactly those; nothing when nothing is
 * due. Claiming the day is a conditional UPDATE, so with several processes exactly one sends
 * it; a day with nothing due is claimed too (it is not counted again every minute).
 */
export class DigestScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly db: Db;
  private readonly notifications: NotificationsService;
  private readonly practice: PracticeService;
  private readonly digest: DigestService;
  private readonly now: () => Date;
  private readonly logger: FastifyBaseLogger;

  constructor(deps: DigestSchedulerDeps) {
    this.db = deps.db;
    this.notifications = deps.notifications;
    this.practice = deps.practice;
    this.digest = deps.digest;
    this.now = deps.now;
    this.logger = deps.logger;
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

  /** Sends the digests that are due now; returns how many were sent by this process. */
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
    const ready = candidates.flatMap((user) => {
      const timeZone = userTimeZone(user);
      const today = localDate(now, timeZone);
      if (user.last === today || localTime(now, timeZone) < user.reminderTime!) return [];
      return [{ user, today }];
    });
    if (ready.length === 0) return 0;
    const counts = await this.practice.dueCounts(
      ready.map(({ user, today }) => ({ userId: user.id, day: today })),
      this.db,
    );
    let sent = 0;
    for (const { user, today } of ready) {
      const due = counts.get(user.id) ?? 0;
      // Signed before the transaction: no work inside it that is not the database's.
      const token = due > 0 ? await this.digest.tokenFor(user, today) : null;
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
        if (claimed.length === 0 || token === null) return false;
        await this.notifications.notify(
          [
            {
              userId: user.id,
              actorId: null,
              type: 'reminder',
              message: digestMessage(due),
              link: DIGEST_LINK,
              push: {
                actions: DIGEST_ACTIONS.map((action) => ({
                  action,
                  title: DIGEST_ACTION_TITLES[action],
                })),
                actionToken: token,
              },
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
