import { z } from 'zod';
import { CalendarDateSchema } from './common.ts';

/** How often a prayer is meant to be prayed (issue 20 §2); 'none' = no rhythm. */
export const RHYTHM_KINDS = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'until'] as const;
export type RhythmKind = (typeof RHYTHM_KINDS)[number];

/** Which of its fields each kind takes; any other field is refused (not silently dropped). */
const FIELDS_OF: Record<RhythmKind, readonly ('days' | 'dayOfMonth' | 'until')[]> = {
  none: [],
  daily: [],
  weekdays: [],
  weekly: ['days'],
  monthly: ['dayOfMonth'],
  until: ['until'],
};

/**
 * PUT /api/prayers/:id/rhythm. A field that does not belong to the kind (days for 'daily', …)
 * is a 400, so a client never believes a setting was kept that was not. `snoozeUntil` (a date,
 * or null to wake it) and `urgent` are independent of the kind and left as they are when absent.
 * The server checks the dates against the user's today (their time zone).
 */
export const RhythmInputSchema = z
  .strictObject({
    kind: z.enum(RHYTHM_KINDS, {
      error: `The rhythm must be one of: ${RHYTHM_KINDS.join(', ')}.`,
    }),
    days: z
      .array(
        z
          .number({ error: 'Days of the week are numbers from 0 (Sunday) to 6 (Saturday).' })
          .int('Days of the week are numbers from 0 (Sunday) to 6 (Saturday).')
          .min(0, 'Days of the week are numbers from 0 (Sunday) to 6 (Saturday).')
          .max(6, 'Days of the week are numbers from 0 (Sunday) to 6 (Saturday).'),
      )
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'Each day of the week only once.')
      .optional(),
    dayOfMonth: z
      .number({ error: 'The day of the month is a number from 1 to 31.' })
      .int('The day of the month is a number from 1 to 31.')
      .min(1, 'The day of the month is a number from 1 to 31.')
      .max(31, 'The day of the month is a number from 1 to 31.')
      .optional(),
    until: CalendarDateSchema.optional(),
    snoozeUntil: CalendarDateSchema.nullable().optional(),
    urgent: z.boolean({ error: 'urgent must be true or false.' }).optional(),
  })
  .superRefine((input, ctx) => {
    const allowed = FIELDS_OF[input.kind];
    for (const field of ['days', 'dayOfMonth', 'until'] as const) {
      if (input[field] !== undefined && !allowed.includes(field)) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `A '${input.kind}' rhythm takes no ${field}.`,
        });
      }
    }
    if (input.kind === 'weekly' && (input.days === undefined || input.days.length === 0))
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'Choose at least one day of the week.',
      });
    if (input.kind === 'monthly' && input.dayOfMonth === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['dayOfMonth'],
        message: 'Choose the day of the month.',
      });
    if (input.kind === 'until' && input.until === undefined)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Choose the last day.' });
  });
export type RhythmInput = z.input<typeof RhythmInputSchema>;

/** A prayer's rhythm as the API returns it (the fields of other kinds are null). */
export const RhythmSchema = z.object({
  kind: z.enum(RHYTHM_KINDS),
  /** 'weekly': 0 = Sunday … 6 = Saturday, ascending. */
  days: z.array(z.number().int()).nullable(),
  dayOfMonth: z.number().int().nullable(),
  until: z.string().nullable(),
  snoozeUntil: z.string().nullable(),
});
export type Rhythm = z.infer<typeof RhythmSchema>;

/** POST /api/pray/digest-actions: a push notification's action (no session: the token is the capability). */
export const DIGEST_ACTIONS = ['prayed', 'snooze'] as const;
export const DigestActionInputSchema = z.strictObject({
  token: z
    .string({ error: 'The action token is missing.' })
    .min(1, 'The action token is missing.')
    .max(500, 'The action token is not valid.'),
  action: z.enum(DIGEST_ACTIONS, { error: "The action must be 'prayed' or 'snooze'." }),
});
export type DigestActionInput = z.infer<typeof DigestActionInputSchema>;

export const DigestActionResultSchema = z.object({
  action: z.enum(DIGEST_ACTIONS),
  /** How many due items it acted on (0 when nothing was due any more: a replay). */
  count: z.number().int(),
});
export type DigestActionResult = z.infer<typeof DigestActionResultSchema>;
