import { EventEmitter } from 'node:events';
import type { Notification, NotificationPage } from '@selah/shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { type NewNotification, NotificationsRepository } from './notifications.repository.ts';

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
 * Notifications for the people an event concerns. `notify` writes inside the caller's
 * transaction; `created` is emitted after commit for real-time delivery.
 */
export class NotificationsService {
  readonly repo: NotificationsRepository;
  /** Emits ('created', NotificationRow[]) after the rows are committed. */
  readonly events = new EventEmitter();

  constructor(db: Db) {
    this.repo = new NotificationsRepository(db);
  }

  /**
   * Records notifications (the actor never notifies themself) inside `tx`. Returns a function
   * to call after commit, which announces them.
   */
  async notify(events: NewNotification[], tx: DbOrTx): Promise<() => void> {
    const rows = await this.repo.insertMany(
      events.filter((e) => e.userId !== e.actorId),
      tx,
    );
    return () => {
      if (rows.length > 0) this.events.emit('created', rows);
    };
  }

  async list(
    userId: string,
    query: { cursor?: string | undefined; limit: number; unread?: 'true' | 'false' | undefined },
  ): Promise<NotificationPage> {
    const after = decodeCursor(query.cursor, ['string', 'string'] as const);
    const [rows, unreadCount] = await Promise.all([
      this.repo.page(userId, {
        after,
        limit: query.limit + 1,
        unreadOnly: query.unread === 'true',
      }),
      this.repo.unreadCount(userId),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      data: page.map(presentNotification),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor([last.createdAt.toISOString(), last.id])
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
    const row = await this.repo.markRead(id, userId);
    if (!row) throw notFound('Notification');
    return presentNotification(row);
  }

  markAllRead(userId: string): Promise<number> {
    return this.repo.markAllRead(userId);
  }

  async delete(id: string, userId: string): Promise<void> {
    if (!(await this.repo.delete(id, userId))) throw notFound('Notification');
  }
}
