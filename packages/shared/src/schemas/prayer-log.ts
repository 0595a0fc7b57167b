import { z } from 'zod';
import { CalendarDateSchema } from './common.ts';

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
    day: CalendarDateSchema.optional(),
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
export const RhythmSchema = z.object({
  days: z.array(RhythmDaySchema),
  streak: z.number().int(),
  today: z.string(),
  timeZone: z.string(),
  /** The plan's statistics window (the streak's cap), null when unlimited. */
  statsWindowDays: z.number().int().nullable(),
});
export type Rhythm = z.infer<typeof RhythmSchema>;
