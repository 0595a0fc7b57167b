import { z } from 'zod';
import { PRAYER_CATEGORIES, PRAYER_CONTENT_MAX, TITLE_MAX } from '../constants.ts';
import { RhythmSchema } from './practice.ts';

const VERSE_MAX = 1000;
const REFERENCE_MAX = 100;
export const TESTIMONY_MAX = 5000;

export const PrayerTitleSchema = z
  .string({ error: 'Please provide a title for your prayer.' })
  .trim()
  .min(1, 'Please provide a title for your prayer.')
  .max(TITLE_MAX, `Prayer title must be ${TITLE_MAX} characters or less.`);

export const PrayerCategorySchema = z.enum(PRAYER_CATEGORIES, {
  error: 'Please choose one of the prayer categories.',
});

export const MemoryVerseSchema = z.strictObject({
  verse: z
    .string({ error: 'Please enter the verse.' })
    .trim()
    .min(1, 'Please enter the verse.')
    .max(VERSE_MAX, `The verse must be ${VERSE_MAX} characters or less.`),
  reference: z
    .string({ error: 'Please enter the verse reference.' })
    .trim()
    .min(1, 'Please enter the verse reference.')
    .max(REFERENCE_MAX, `The reference must be ${REFERENCE_MAX} characters or less.`),
});
export type MemoryVerse = z.infer<typeof MemoryVerseSchema>;

const ContentSchema = z
  .string()
  .trim()
  .max(PRAYER_CONTENT_MAX, `Prayer must be ${PRAYER_CONTENT_MAX} characters or less.`);

export const JOURNAL_REQUIRED_MESSAGE =
  "Please select a journal for your prayer. If you don't have any, please create one first.";

export const CreatePrayerInputSchema = z.strictObject({
  title: PrayerTitleSchema,
  content: ContentSchema.default(''),
  category: PrayerCategorySchema.default('Personal'),
  journal: z.uuid({ error: JOURNAL_REQUIRED_MESSAGE }),
  isPrivate: z.boolean().default(true),
  memoryVerse: MemoryVerseSchema.nullish(),
});
export type CreatePrayerInput = z.input<typeof CreatePrayerInputSchema>;

export const UpdatePrayerInputSchema = z.strictObject({
  title: PrayerTitleSchema.optional(),
  content: ContentSchema.optional(),
  category: PrayerCategorySchema.optional(),
  isPrivate: z.boolean().optional(),
  memoryVerse: MemoryVerseSchema.nullish(),
});
export type UpdatePrayerInput = z.input<typeof UpdatePrayerInputSchema>;

export const PrayerStatusInputSchema = z.strictObject({
  isAnswered: z.boolean({ error: 'isAnswered must be true or false.' }),
});

export const TestimonyInputSchema = z.strictObject({
  testimony: z
    .string({ error: 'Please enter your testimony before submitting.' })
    .trim()
    .min(1, 'Please enter your testimony before submitting.')
    .max(TESTIMONY_MAX, `Testimony must be ${TESTIMONY_MAX} characters or less.`),
});

export const PRAYER_STATUSES = ['pending', 'answered'] as const;

export const PrayerSchema = z.object({
  _id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.string(),
  status: z.enum(PRAYER_STATUSES),
  isPrivate: z.boolean(),
  journal: z.string(),
  /** Null when the viewer may read the prayer (it was shared with them) but not its journal. */
  journalTitle: z.string().nullable(),
  author: z.string(),
  memoryVerse: MemoryVerseSchema.nullable(),
  testimonies: z.array(z.string()),
  answeredAt: z.string().nullable(),
  /** When its author means to pray it; only the author sees theirs (others: 'none'). */
  rhythm: RhythmSchema,
  /** Starred by its author as urgent (false for anyone else). */
  urgent: z.boolean(),
  /** Due today for the viewer, who is its author (their local date); false for anyone else. */
  due: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Prayer = z.infer<typeof PrayerSchema>;

export const PrayerListQuerySchema = z.object({
  journal: z.uuid({ error: 'Invalid journal id.' }).optional(),
  status: z.enum(['pending', 'answered', 'active', 'all']).optional(),
  category: PrayerCategorySchema.optional(),
  search: z.string().trim().max(100).optional(),
  /** 'true': only the prayers due today (the viewer's own). */
  due: z.enum(['true', 'false'], { error: "due must be 'true' or 'false'." }).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type PrayerListQuery = z.input<typeof PrayerListQuerySchema>;

export const PrayerPageSchema = z.object({
  data: z.array(PrayerSchema),
  nextCursor: z.string().nullable(),
});
export type PrayerPage = z.infer<typeof PrayerPageSchema>;

export const PrayerSummarySchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  answered: z.number().int(),
  byCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
  streak: z.number().int(),
  /** The last 7 days in the user's time zone, oldest first. */
  last7Days: z.array(z.object({ date: z.string(), active: z.boolean() })),
  /** As on the dashboard: the plan's statistics window in days (the streak's cap), null when unlimited. */
  statsWindowDays: z.number().int().nullable(),
});
export type PrayerSummary = z.infer<typeof PrayerSummarySchema>;

/** At most this many of a journal's private prayers are listed to choose from (newest first). */
export const PRIVATE_PRAYERS_LISTED = 100;
export const SHOW_PRAYERS_MAX = 100;

export const PrivatePrayersQuerySchema = z.object({
  journal: z.uuid({ error: 'Invalid journal id.' }),
});

/**
 * GET /prayers/private: how many of the owner's journal's prayers are private (only the owner
 * sees them), and the newest of them to choose from (issue 29 §2).
 */
export const PrivatePrayersSchema = z.object({
  total: z.number().int(),
  data: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      category: z.string(),
      status: z.enum(PRAYER_STATUSES),
    }),
  ),
});
export type PrivatePrayers = z.infer<typeof PrivatePrayersSchema>;

export const CHOOSE_PRAYERS_MESSAGE = 'Please choose at least one prayer to show.';

/** POST /prayers/visible: makes chosen private prayers of the owner's journal visible to its readers. */
export const ShowPrayersInputSchema = z.strictObject({
  journal: z.uuid({ error: 'Invalid journal id.' }),
  prayerIds: z
    .array(z.uuid({ error: 'Invalid prayer id.' }), { error: CHOOSE_PRAYERS_MESSAGE })
    .min(1, CHOOSE_PRAYERS_MESSAGE)
    .max(SHOW_PRAYERS_MAX, `Choose at most ${SHOW_PRAYERS_MAX} prayers at a time.`),
});
export type ShowPrayersInput = z.input<typeof ShowPrayersInputSchema>;

export const ShowPrayersResultSchema = z.object({
  /** How many were private and are now visible. */
  shown: z.number().int(),
  /** How many of the journal's prayers are still private. */
  privateCount: z.number().int(),
});
export type ShowPrayersResult = z.infer<typeof ShowPrayersResultSchema>;
