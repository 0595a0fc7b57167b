import { SessionItemSchema, type SessionItem } from '@selah/shared/schemas/practice';
import { z } from 'zod';
import type { SessionRequest } from '../api/get-pray-session';

/**
 * Where a pray-through session is, kept in this tab's sessionStorage so a reload resumes it
 * (issue 29 §4): the items as the server gave them (asking again would rotate to the next
 * ones), the current item, what was prayed and what was left. Keyed by user and by the kind of
 * session (all, or `?due=1`); cleared when the session ends or the person leaves /pray, and with
 * the rest of the tab's storage on sign-out.
 */
const SavedSessionSchema = z
  .object({
    request: z.object({
      size: z.number().int().positive().optional(),
      due: z.boolean(),
      round: z.number().int().positive(),
    }),
    items: z.array(SessionItemSchema).min(1),
    index: z.number().int().min(0),
    prayed: z.number().int().min(0),
    left: z.array(SessionItemSchema),
  })
  .refine((saved) => saved.index < saved.items.length);

export interface SavedSession {
  request: SessionRequest;
  items: SessionItem[];
  index: number;
  prayed: number;
  left: SessionItem[];
}

function key(userId: string, dueOnly: boolean): string {
  return `selah:pray-session:${userId}:${dueOnly ? 'due' : 'all'}`;
}

export function readSavedSession(userId: string, dueOnly: boolean): SavedSession | null {
  try {
    const raw = sessionStorage.getItem(key(userId, dueOnly));
    if (raw === null) return null;
    const parsed = SavedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSession(userId: string, dueOnly: boolean, saved: SavedSession): void {
  try {
    sessionStorage.setItem(key(userId, dueOnly), JSON.stringify(saved));
  } catch {
    // Storage full or unavailable: a reload starts over, as before.
  }
}

export function clearSavedSession(userId: string, dueOnly: boolean): void {
  try {
    sessionStorage.removeItem(key(userId, dueOnly));
  } catch {
    // Nothing to clear.
  }
}
