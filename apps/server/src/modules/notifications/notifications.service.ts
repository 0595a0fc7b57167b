import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import type { NotificationPreferences } from '@selah/shared/schemas/auth';
import type { Notification, NotificationPage } from '@selah/shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import { selectValues } from '../../db/json.ts';
import { type NotificationRow, type NotificationType, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { MailRepository, OutgoingMail } from '../mail/mail.repository.ts';
import { notificationMail } from '../mail/mail-templates.ts';
import { type NewNotification, NotificationsRepository } from './notifications.repository.ts';
import type { PushService } from './push.service.ts';
import type { RealtimeHub } from './realtime-hub.ts';
import { afterCommit } from '../../db/ambient-transaction.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** No notification is older than this: earlier positions are not ours. */
const EARLIEST_EVENT = Date.UTC(2020, 0, 1);
/** Which preference (besides emailNotifications / pushNotifications) governs each kind of event. */
export const PREFERENCE_FOR: Record<NotificationType, keyof NotificationPreferences> = {
  friend_request: 'friendRequestNotifications',
  friend_accepted: 'friendRequestNotifications',
  journal_joined: 'journalInviteNotifications',
  journal_shared: 'journalInviteNotifications',
  group_invite: 'journalInviteNotifications',
  group_joined: 'prayerUpdateNotifications',
  prayer_shared: 'prayerUpdateNotifications',
  request_shared: 'prayerUpdateNotifications',
  request_prayed: 'prayerUpdateNotifications',
  prayer_answered: 'prayerUpdateNotifications',
  reminder: 'reminderNotifications',
};

/** The stream event id of a notification: its position in the user's timeline. */
export const eventIdOf = (row: Pick<NotificationRow, 'createdAt' | 'id'>) =>
  `${row.createdAt.toISOString()}_${row.id}`;

/** What `notify` reads of a recipient. */
export interface Recipient {
  id: string;
  email: string;
  prefs: NotificationPreferences;
}

/** One notification `prepare`d for a caller's own statement (see `NotificationsService.prepare`). */
export interface PreparedNotification {
  row: NotificationRow;
  mail: OutgoingMail | null;
  /** Call after commit: delivers the notification (after the ambient transaction, if any). */
  deliver: () => void;
}

export interface NotificationsServiceDeps {
  db: Db;
  hub: RealtimeHub;
  push: PushService;
  mail: MailRepository;
  onMailQueued: () => void;
  appOrigin: string;
  logger: FastifyBaseLogger;
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Notifications for the people an event concerns. `notify` writes the rows and their e-mails
 * (through the outbox) inside the caller's transaction; the function it returns, called after
 * commit, pushes them to open streams and to Web Push.
 */
export class NotificationsService {
  readonly repo: NotificationsRepository;
  private readonly deps: NotificationsServiceDeps;

  constructor(deps: NotificationsServiceDeps) {
    this.deps = deps;
    this.repo = new NotificationsRepository(deps.db);
  }

  get hub(): RealtimeHub {
    return this.deps.hub;
  }

  /**
   * Records notifications (the actor never notifies themself) and their e-mails inside `tx`.
   * Returns the function to call after commit, which delivers them in real time (after the
   * request's ambient transaction too, when there is one).
   */
  async notify(events: NewNotification[], tx: DbOrTx): Promise<() => void> {
    const rows = await this.repo.insertMany(
      events.filter((e) => e.userId !== e.actorId),
      tx,
    );
    if (rows.length === 0) return () => {};
    const recipients = await tx
      .select({ id: users.id, email: users.email, prefs: users.notificationPreferences })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))]));
    const { mails, pushTo } = this.effectsOf(rows, new Map(recipients.map((r) => [r.id, r])));
    for (const mail of mails) await this.deps.mail.enqueue(mail, tx);
    return this.deliveryOf(rows, pushTo, mails.length > 0);
  }

  /**
   * What `notify` writes for one event whose recipient the caller has already read (e-mail and
   * preferences), without writing it: the row (its id and time chosen here, as the database
   * would), the e-mail the recipient wants or null, and the delivery to call after commit. For
   * a caller that writes the row and the e-mail in a statement of its own (mark praying,
   * `PrayerRequestsRepository.addResponse`); null when the actor is the recipient.
   */
  prepare(event: NewNotification, recipient: Recipient): PreparedNotification | null {
    if (event.userId === event.actorId) return null;
    const row: NotificationRow = {
      id: randomUUID(),
      ...event,
      read: false,
      // Milliseconds, as `insertMany` writes them: a stream position (ISO time + id) is exact.
      createdAt: new Date(),
    };
    const { mails, pushTo } = this.effectsOf([row], new Map([[recipient.id, recipient]]));
    return {
      row,
      mail: mails[0] ?? null,
      deliver: this.deliveryOf([row], pushTo, mails.length > 0),
    };
  }

  /** The e-mails to queue and the rows to send by Web Push, by each recipient's preferences. */
  private effectsOf(
    rows: NotificationRow[],
    byId: Map<string, Recipient>,
  ): { mails: OutgoingMail[]; pushTo: NotificationRow[] } {
    const mails: OutgoingMail[] = [];
    const pushTo: NotificationRow[] = [];
    for (const row of rows) {
      const user = byId.get(row.userId);
      if (!user) continue;
      const wanted = user.prefs[PREFERENCE_FOR[row.type]];
      if (wanted && user.prefs.emailNotifications) {
        mails.push(
          notificationMail(
            user.email,
            row.message,
            `${this.deps.appOrigin}${row.link ?? '/dashboard'}`,
            `${this.deps.appOrigin}/settings?tab=notifications`,
          ),
        );
      }
      if (wanted && user.prefs.pushNotifications) pushTo.push(row);
    }
    return { mails, pushTo };
  }

  /** The after-commit delivery of written rows: mail worker, open streams, Web Push. */
  private deliveryOf(rows: NotificationRow[], pushTo: NotificationRow[], mailed: boolean) {
    const deliver = () => {
      if (mailed) this.deps.onMailQueued();
      for (const row of rows) {
        void this.deps.hub.publish(row.userId, {
          kind: 'notification',
          notificationId: row.id,
          eventId: eventIdOf(row),
        });
      }
      for (const row of pushTo) {
        void this.deps.push
          .sendToUsers([row.userId], {
            title: 'Selah',
            body: row.message,
            url: row.link ?? '/dashboard',
          })
          .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'push delivery failed'));
      }
    };
    return () => afterCommit(deliver);
  }

  /**
   * Inside `tx`, which ended these sessions of the user: their push subscriptions go. Returns
   * the function to call after commit, which ends their open streams in every process.
   */
  async sessionsEnded(userId: string, sessionIds: string[], tx: DbOrTx): Promise<() => void> {
    await this.deps.push.removeForSessions(sessionIds, tx);
    return () =>
      afterCommit(() => {
        void this.deps.hub.publish(userId, { kind: 'sessions-ended', sessionIds });
      });
  }

  /** Tells the user's other open streams that the unread count changed. */
  private changed(userId: string): void {
    void this.deps.hub.publish(userId, { kind: 'changed' });
  }

  /**
   * Notifications after a stream position, oldest first (catch-up after a reconnect). A position
   * the server did not make (the Last-Event-ID header is the client's) catches up nothing.
   */
  async since(userId: string, eventId: string, limit: number): Promise<NotificationRow[]> {
    const [at, id, ...rest] = eventId.split('_');
    const date = at ? new Date(at) : null;
    if (!date || !id || rest.length > 0 || !UUID.test(id)) return [];
    const time = date.getTime();
    if (Number.isNaN(time) || time < EARLIEST_EVENT || time > Date.now() + 24 * 3600 * 1000)
      return [];
    return this.repo.after(userId, [date, id], limit);
  }

  /**
   * A new notification as its recipient's open streams send it (its link checked like the
   * list's), with their unread count; null when it is gone.
   */
  async forStream(id: string): Promise<{ row: NotificationRow | null; unreadCount: number }> {
    const row = await this.repo.findById(id);
    if (!row) return { row: null, unreadCount: 0 };
    return { row, unreadCount: await this.repo.unreadCount(row.userId) };
  }

  async list(
    userId: string,
    query: { cursor?: string | undefined; limit: number; unread?: 'true' | 'false' | undefined },
  ): Promise<NotificationPage> {
    const after = decodeCursor(query.cursor, CREATED_AT_ID);
    // The page (each link checked) and the unread count: one statement (ADR 046).
    const { rows, unreadCount } = await selectValues(this.deps.db, {
      rows: this.repo.page(userId, {
        after,
        limit: query.limit + 1,
        unreadOnly: query.unread === 'true',
      }),
      unreadCount: this.repo.unread(userId),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(presentNotification),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor(CREATED_AT_ID, [last.createdAt, last.id])
          : null,
      unreadCount,
    };
  }

  async get(id: string, userId: string): Promise<Notification> {
    const row = await this.repo.findOwn(id, userId);
    if (!row) throw notFound('Notification');
    return presentNotification(row);
  }

  async markRead(id: string, userId: string): Promise<Notification> {
    if (!(await this.repo.markRead(id, userId))) throw notFound('Notification');
    this.changed(userId);
    return this.get(id, userId);
  }

  async markAllRead(userId: string): Promise<number> {
    const n = await this.repo.markAllRead(userId);
    if (n > 0) this.changed(userId);
    return n;
  }

  async delete(id: string, userId: string): Promise<void> {
    if (!(await this.repo.delete(id, userId))) throw notFound('Notification');
    this.changed(userId);
  }
}
