import { z } from 'zod';

/**
 * A "Prayed" (issue 20 §4): the optional body of `POST /api/prayers/:id/prayed` and
 * `POST /api/prayer-requests/:id/prayed`. `day` is a late entry, the user's local date, at most
 * 7 days back; `source` says where it was recorded.
 */
export const PrayedInputSchema = z.strictObject({
  day: z
    .string({ error: 'The day must be a date like 2026-03-14.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The day must be a date like 2026-03-14.')
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
    }, 'The day must be a date like 2026-03-14.')
    .optional(),
  source: z
    .enum(['card', 'session', 'push'], { error: "The source must be 'card', 'session' or 'push'." })
    .optional(),
});
export type PrayedInput = z.input<typeof PrayedInputSchema>;

/** One recorded Prayed, on a prayer or on a friend's prayer request. */
export const PrayerEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['prayer', 'request']),
  /** The prayer's or the request's id. */
  targetId: z.string(),
  /** The user's local date it counts for. */
  day: z.string(),
  /** Filled in later ("I prayed yesterday"). */
  late: z.boolean(),
  occurredAt: z.string(),
});
export type PrayerEvent = z.infer<typeof PrayerEventSchema>;
