import { z } from 'zod';
import { CalendarDateSchema } from './common.ts';

/**
 * The practice of prayer (docs/decisions/063): Prayed events, notes and the timeline; a prayer's
 * rhythm and snooze (what is due); the pray-through session; the rhythm view and the streak; the
 * daily digest's push actions. The server's `modules/practice` answers all of it.
 *
 * The browser loads this file with the signed-in shell (the dashboard's rhythm view): every
 * schema here is built by `z` calls only (`z.optional(CalendarDateSchema)`, not
 * `CalendarDateSchema.optional()`; no other call in its arguments), so the ones the browser
 * never parses are dropped from its bundle (apps/web/vite.config.ts, `manualPureFunctions`).
 */

/** A late entry ("I prayed yesterday") may be filled in at most this many days back. */
export const LATE_ENTRY_DAYS = 7;
export const NOTE_MAX = 2000;
export const RHYTHM_WEEKS_MAX = 52;
export const RHYTHM_WEEKS_DEFAULT = 12;

export const PRAYED_SOURCES = ['card', 'session', 'push'] as const;

/**
 * `POST /api/prayers/:id/prayed` and `POST /api/prayer-requests/:id/prayed`: both fields optional,
 * and so is the body itself (a button sends none): no body reads as `{}`.
 */
export const PrayedInputSchema = z
  .strictObject({
    /** A late entry: the user's local day it counts for, today or up to 7 days back. */
    day: z.optional(CalendarDateSchema),
    source: z
      .enum(PRAYED_SOURCES, { error: "The source must be 'card', 'session' or 'push'." })
      .optional(),
  })
  .nullish()
  .transform((body) => body ?? {});
export type PrayedInput = z.input<typeof PrayedInputSchema>;

/** One "Prayed", as recorded. */
export const PrayerEventSchema = z.object({
  id: z.string(),
  kind: z.enum(['prayer', 'request']),
  /** The prayer's or the request's id. */
  targetId: z.string(),
  /** The user's local day it counts for. */
  day: z.string(),
  /** Filled in later (a late entry). */
  late: z.boolean(),
  occurredAt: z.string(),
});
export type PrayerEvent = z.infer<typeof PrayerEventSchema>;

export const NoteInputSchema = z.strictObject({
  text: z
    .string({ error: 'Please write your note.' })
    .trim()
    .min(1, 'Please write your note.')
    .max(NOTE_MAX, `A note must be ${NOTE_MAX} characters or less.`),
});
export type NoteInput = z.input<typeof NoteInputSchema>;

export const PrayerNoteSchema = z.object({
  id: z.string(),
  prayerId: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type PrayerNote = z.infer<typeof PrayerNoteSchema>;

export const TIMELINE_KINDS = ['created', 'prayed', 'note', 'testimony', 'answered'] as const;

/** One entry of a prayer's timeline, newest first. */
export const TimelineItemSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  id: z.string(),
  /** When it happened (a Prayed: when it was recorded). */
  at: z.string(),
  /** A Prayed: the local day it counts for. */
  day: z.string().nullable(),
  /** A Prayed: filled in later. */
  late: z.boolean(),
  /** A note's or a testimony's text. */
  text: z.string().nullable(),
});
export type TimelineItem = z.infer<typeof TimelineItemSchema>;

export const PrayerLogQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** `GET /api/prayers/:id/log`: a page of the timeline and the viewer's own record of it. */
export const PrayerLogSchema = z.object({
  data: z.array(TimelineItemSchema),
  nextCursor: z.string().nullable(),
  summary: z.object({
    /** How many times the viewer prayed it. */
    prayedCount: z.number().int(),
    /** When the viewer last recorded a Prayed, and the local day of their latest one. */
    lastPrayedAt: z.string().nullable(),
    lastPrayedDay: z.string().nullable(),
  }),
  /** The viewer's local date today (for "last on Tuesday"). */
  today: z.string(),
});
export type PrayerLog = z.infer<typeof PrayerLogSchema>;

export const RhythmQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a whole number from 1 to 52.' })
    .int('weeks must be a whole number from 1 to 52.')
    .min(1, 'weeks must be a whole number from 1 to 52.')
    .max(RHYTHM_WEEKS_MAX, 'weeks must be a whole number from 1 to 52.')
    .default(RHYTHM_WEEKS_DEFAULT),
});

export const RhythmDaySchema = z.object({
  day: z.string(),
  /** Prayed events that day. */
  count: z.number().int(),
  /** Any of them filled in later. */
  late: z.boolean(),
  /** A missed day inside the streak (one in any 7 does not break it). */
  rest: z.boolean(),
});
export type RhythmDay = z.infer<typeof RhythmDaySchema>;

/**
 * `GET /api/stats/rhythm`: one entry per day, oldest first, from the Monday `weeks - 1` weeks
 * before this week's through today, and the streak.
 */
export const RhythmViewSchema = z.object({
  days: z.array(RhythmDaySchema),
  streak: z.number().int(),
  today: z.string(),
  timeZone: z.string(),
  /** The plan's statistics window (the streak's cap), null when unlimited. */
  statsWindowDays: z.number().int().nullable(),
});
export type RhythmView = z.infer<typeof RhythmViewSchema>;

// The pray-through session: GET /api/pray/session.

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

// A prayer's rhythm (what is due) and the daily digest's push actions.

/** How often a prayer is meant to be prayed (issue 20 §2); 'none' = no rhythm. */
export const RHYTHM_KINDS = ['none', 'daily', 'weekdays', 'weekly', 'monthly', 'until'] as const;
export type RhythmKind = (typeof RHYTHM_KINDS)[number];
const RHYTHM_KIND_MESSAGE = `The rhythm must be one of: ${RHYTHM_KINDS.join(', ')}.`;

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
      error: RHYTHM_KIND_MESSAGE,
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
    until: z.optional(CalendarDateSchema),
    snoozeUntil: z.optional(z.nullable(CalendarDateSchema)),
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

/**
 * The daily digest's push actions, in the order its Web Push shows them: what the service worker
 * posts to POST /api/pray/digest-actions (no session: the token is the capability).
 */
export const DIGEST_ACTIONS = ['prayed', 'snooze'] as const;
export type DigestAction = (typeof DIGEST_ACTIONS)[number];
/** Each action's button in the digest's Web Push. */
export const DIGEST_ACTION_TITLES: Record<DigestAction, string> = {
  prayed: 'I prayed',
  snooze: 'Snooze',
};

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
