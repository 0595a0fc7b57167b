import { z } from 'zod';

/** The sizes a pray-through session may have (issue 20 §1). */
export const SESSION_SIZE_MIN = 1;
export const SESSION_SIZE_MAX = 20;
/** The size of a session when the user never chose one. */
export const SESSION_SIZE_DEFAULT = 5;

export const SESSION_SIZE_MESSAGE = `A session has from ${SESSION_SIZE_MIN} to ${SESSION_SIZE_MAX} items.`;

export const PraySessionQuerySchema = z.strictObject({
  /** How many items; remembered for the next session. The remembered size (5) when absent. */
  size: z.coerce
    .number({ error: SESSION_SIZE_MESSAGE })
    .int({ error: SESSION_SIZE_MESSAGE })
    .min(SESSION_SIZE_MIN, { error: SESSION_SIZE_MESSAGE })
    .max(SESSION_SIZE_MAX, { error: SESSION_SIZE_MESSAGE })
    .optional(),
  /** '1': only the items due today (the digest's "Pray now" link). */
  due: z.enum(['0', '1'], { error: 'due must be 0 or 1.' }).optional(),
});
export type PraySessionQuery = z.infer<typeof PraySessionQuerySchema>;

export const SESSION_ITEM_KINDS = ['prayer', 'request'] as const;
export const SESSION_ITEM_SOURCES = ['own', 'commitment', 'group'] as const;

export const SessionItemSchema = z.object({
  kind: z.enum(SESSION_ITEM_KINDS),
  id: z.string(),
  title: z.string(),
  text: z.string(),
  verse: z.object({ verse: z.string(), reference: z.string() }).nullable(),
  /** Due today by its rhythm (own prayers) or its running commitment (requests). */
  due: z.boolean(),
  /** Starred as urgent by the user (own prayers). */
  urgent: z.boolean(),
  /** When the user last prayed it (ISO), null when never. */
  lastPrayedAt: z.string().nullable(),
  /** How many times the user prayed it. */
  prayedCount: z.number().int(),
  /** Who asked, for a friend's request, when the access policy lets the user see them. */
  askedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(SESSION_ITEM_SOURCES),
  /** The group it comes from (source 'group'). */
  groupName: z.string().optional(),
});
export type SessionItem = z.infer<typeof SessionItemSchema>;

export const PraySessionSchema = z.object({
  items: z.array(SessionItemSchema),
  /** The size asked for (or remembered): the session may have fewer items. */
  size: z.number().int(),
});
export type PraySession = z.infer<typeof PraySessionSchema>;
