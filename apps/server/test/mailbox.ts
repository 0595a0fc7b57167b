import { and, desc, eq } from 'drizzle-orm';
import type { DbHandle } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';

/** The latest e-mail in the outbox to `to` with this subject, or undefined. */
export async function latestMail(db: DbHandle, to: string, subject: string) {
  const [mail] = await db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to.toLowerCase()), eq(mailOutbox.subject, subject)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The `token` of the first link to `path` in a mail's text. */
export function linkToken(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(match[1]);
}
