import { eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';

const MONTH_MS = 31 * 24 * 60 * 60 * 1000;

/** Puts users on a plan directly in the database (expiring in a month unless told). */
export async function setPlan(
  db: DbHandle,
  userIds: string | string[],
  plan: 'free' | 'premium' | 'ministry',
  expiresAt: Date | null = plan === 'free' ? null : new Date(Date.now() + MONTH_MS),
): Promise<void> {
  const ids = Array.isArray(userIds) ? userIds : [userIds];
  await db.db
    .update(users)
    .set({ plan, planExpiresAt: expiresAt })
    .where(ids.length === 1 ? eq(users.id, ids[0]!) : inArray(users.id, ids));
}
