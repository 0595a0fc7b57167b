import type { NotificationPreferences } from '@selah/shared/schemas/auth';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { jsonArray } from '../../db/json.ts';
import {
  type NotificationRow,
  notifications,
  type NotificationType,
  users,
} from '../../db/schema/index.ts';
import { linkOpenable } from '../access/access.sql.ts';

/**
 * A notification as its recipient reads it: its link only while it still leads somewhere they
 * may go (access.sql.ts `linkOpenable`), else null; checked in the statement that reads it.
 */
const shown = {
  ...getTableColumns(notifications),
  link: sql<
    string | null
  >`case when ${linkOpenable(notifications.userId, notifications.link)} then ${notifications.link} end`,
};

export interface NewNotification {
  userId: string;
  actorId: string | null;
  type: NotificationType;
  message: string;
  link: string | null;
}

/** Notifications. Queries only. */
export class NotificationsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The e-mail and notification preferences of these users. */
  async recipients(
    userIds: string[],
    tx: DbOrTx = this.db,
  ): Promise<{ id: string; email: string; prefs: NotificationPreferences }[]> {
    if (userIds.length === 0) return [];
    return tx
      .select({ id: users.id, email: users.email, prefs: users.notificationPreferences })
      .from(users)
      .where(inArray(users.id, userIds));
  }

  async insertMany(rows: NewNotification[], tx: DbOrTx = this.db): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    // Millisecond timestamps from here, so a stream position (ISO time + id) is exact.
    const createdAt = new Date();
    return tx
      .insert(notifications)
      .values(rows.map((row) => ({ ...row, createdAt })))
      .returning();
  }

  /** A page of the user's notifications, newest first, to read with their unread count. */
  page(
    userId: string,
    opts: { after: readonly [Date, string] | null; limit: number; unreadOnly: boolean },
  ): SQL<NotificationRow[]> {
    return jsonArray(shown, (row) =>
      this.db
        .select({ row })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            opts.unreadOnly ? eq(notifications.read, false) : undefined,
            opts.after
              ? or(
                  lt(notifications.createdAt, opts.after[0]),
                  and(
                    eq(notifications.createdAt, opts.after[0]),
                    lt(notifications.id, opts.after[1]),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(opts.limit),
    );
  }

  /** The user's notifications after (createdAt, id), oldest first. */
  async after(userId: string, position: [Date, string], limit: number): Promise<NotificationRow[]> {
    return this.db
      .select(shown)
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          or(
            gt(notifications.createdAt, position[0]),
            and(eq(notifications.createdAt, position[0]), gt(notifications.id, position[1])),
          ),
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit);
  }

  /** A notification as its recipient reads it (`shown`). */
  async findById(id: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .select(shown)
      .from(notifications)
      .where(eq(notifications.id, id))
      .limit(1);
    return row ?? null;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return row?.n ?? 0;
  }

  /** How many of the user's notifications are unread, to read with a page. */
  unread(userId: string): SQL<number> {
    return sql<number>`(${this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))})`;
  }

  /** A notification of the user's, as they read it (`shown`). */
  async findOwn(id: string, userId: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .select(shown)
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  async markRead(id: string, userId: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row ?? null;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async deleteAllOf(userId: string, tx: DbOrTx): Promise<void> {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
  }

  async delete(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .delete(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  // --- The user's data: the account's export, Clear Data and deletion ask each module ------

  /** The notifications the user received, whole rows. */
  async receivedBy(userId: string) {
    return this.db.select().from(notifications).where(eq(notifications.userId, userId));
  }

  /** Notifications others received from the user keep their text; the actor link is cleared. */
  async forgetActor(userId: string, tx: DbOrTx): Promise<void> {
    await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, userId));
  }
}
