import type { FastifyBaseLogger } from 'fastify';
import type { NotificationPreferences } from '@selah/shared/schemas/auth';
import type { Notification, NotificationPage } from '@selah/shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import { selectValues } from '../../db/json.ts';
import type { NotificationRow, NotificationType } from '../../db/schema/index.ts';
import { afterCommit } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { CREATED_AT_ID, cursorPage, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { OutgoingMail } from '../mail/mail.repository.ts';
import { notificationMail } from '../mail/mail-templates.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import { type NewNotification, NotificationsRepository } from './notifications.repository.ts';
import type { PushExtras, PushService } from './push.service.ts';
import type { RealtimeHub } from './realtime-hub.ts';

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
  request_updated: 'prayerUpdateNotifications',
  request_answered: 'prayerUpdateNotifications',
  prayer_answered: 'prayerUpdateNotifications',
  reminder: 'reminderNotifications',
};

/** The stream event id of a notification: its position in the user's timeline. */
export const eventIdOf = (row: Pick<NotificationRow, 'createdAt' | 'id'>) =>
  `${row.createdAt.toISOString()}_${row.id}`;

/** What `notify` reads of a recipient: their e-mail and notification preferences. */
export interface Recipient {
  id: string;
  email: string;
  prefs: NotificationPreferences;
}

export interface NotificationsServiceDeps {
  db: Db;
  hub: RealtimeHub;
  push: PushService;
  /** The mail module: notification e-mails go through its outbox. */
  mail: MailWorker;
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
 * Notifications for the people an event concerns. `notify` is the one way to create them: it
 * writes the rows and their e-mails (through the mail outbox) inside the caller's transaction,
 * and once that has committed pushes them to open streams and to Web Push.
 */
export class NotificationsService {
  private readonly repo: NotificationsRepository;
  private readonly deps: NotificationsServiceDeps;

  constructor(deps: NotificationsServiceDeps) {
    this.deps = deps;
    this.repo = new NotificationsRepository(deps.db);
  }

  get hub(): RealtimeHub {
    return this.deps.hub;
  }

  /**
   * Records notifications (the actor never notifies themself) and the e-mails their recipients
   * want inside `tx`, and delivers them once it has committed (`afterCommit`). A caller that has
   * already read the recipients (their e-mail and preferences) passes them as `known`: no read.
   */
  async notify(
    events: (NewNotification & { push?: PushExtras })[],
    tx: DbOrTx,
    known: Recipient[] = [],
  ): Promise<void> {
    const wanted = events.filter((e) => e.userId !== e.actorId);
    if (wanted.length === 0) return;
    const byId = new Map(known.map((r) => [r.id, r]));
    const unknown = [...new Set(wanted.map((e) => e.userId))].filter((id) => !byId.has(id));
    for (const r of await this.repo.recipients(unknown, tx)) byId.set(r.id, r);
    const rows = await this.repo.insertMany(
      wanted.map(({ push: _push, ...event }) => event),
      tx,
    );
    // What an event adds to its push (the digest's actions), by the row it became.
    const extras = new Map<string, PushExtras>();
    rows.forEach((row, i) => {
      const push = wanted[i]?.push;
      if (push && wanted[i]!.userId === row.userId) extras.set(row.id, push);
    });
    const { mails, pushTo } = this.effectsOf(rows, byId);
    await this.deps.mail.enqueue(mails, tx);
    afterCommit(tx, () => this.deliver(rows, pushTo, extras));
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

  /** Delivers committed rows: open streams (in every process) and Web Push. */
  private deliver(
    rows: NotificationRow[],
    pushTo: NotificationRow[],
    extras: Map<string, PushExtras>,
  ): void {
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
          ...extras.get(row.id),
        })
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'push delivery failed'));
    }
  }

  /**
   * Inside `tx`, which ended these sessions of the user: their push subscriptions go, and once
   * it has committed their open streams end in every process.
   */
  async sessionsEnded(userId: string, sessionIds: string[], tx: DbOrTx): Promise<void> {
    await this.deps.push.removeForSessions(sessionIds, tx);
    afterCommit(tx, () => {
      void this.deps.hub.publish(userId, { kind: 'sessions-ended', sessionIds });
    });
  }

  /**
   * Inside `tx`, for an account taken back (docs/decisions/055): the notifications it received
   * go (they were addressed to whoever held it, and may quote what others shared with them), and
   * so does every push subscription, whatever session made it.
   */
  async endTiesOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.deleteAllOf(userId, tx);
    await this.deps.push.removeForUser(userId, tx);
    afterCommit(tx, () => this.changed(userId));
  }

  /** The unread count of the user's notifications (open streams send it). */
  unreadCount(userId: string): Promise<number> {
    return this.repo.unreadCount(userId);
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
    if (!date || !id || rest.length > 0 || !isUuid(id)) return [];
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
    return {
      ...cursorPage(rows, query.limit, presentNotification, (last) =>
        encodeCursor(CREATED_AT_ID, [last.createdAt, last.id]),
      ),
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

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** For the account's export: the notifications the user received. */
  async exportOf(userId: string) {
    return { notifications: await this.repo.receivedBy(userId) };
  }

  /** Before the account goes: what others received from the user no longer names them. */
  async deleteAccountOf(userId: string, tx: DbOrTx): Promise<void> {
    await this.repo.forgetActor(userId, tx);
  }
}
