import { z } from 'zod';
import { DESCRIPTION_MAX, PRAYER_CATEGORIES, TITLE_MAX } from '../constants.ts';

const CategorySchema = z.enum(PRAYER_CATEGORIES, {
  error: 'Please choose one of the prayer categories.',
});

export const PrayerRequestTitleSchema = z
  .string({ error: 'Please provide a title for your prayer request.' })
  .trim()
  .min(1, 'Please provide a title for your prayer request.')
  .max(TITLE_MAX, `Title must be ${TITLE_MAX} characters or less.`);

const SharedWithSchema = z
  .array(z.uuid({ error: 'Invalid id.' }))
  .max(500, 'You can share with at most 500 friends.');

export const CreatePrayerRequestInputSchema = z.strictObject({
  title: PrayerRequestTitleSchema,
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less.`)
    .default(''),
  category: CategorySchema.default('Personal'),
  isPrivate: z.boolean().default(true),
  sharedWith: SharedWithSchema.default([]),
});
export type CreatePrayerRequestInput = z.input<typeof CreatePrayerRequestInputSchema>;

export const UpdatePrayerRequestInputSchema = z.strictObject({
  title: PrayerRequestTitleSchema.optional(),
  description: z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less.`)
    .optional(),
  category: CategorySchema.optional(),
  isPrivate: z.boolean().optional(),
  sharedWith: SharedWithSchema.optional(),
});
export type UpdatePrayerRequestInput = z.input<typeof UpdatePrayerRequestInputSchema>;

const PersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  /** The display name (first and last name, else the username; issue 29 §5). */
  name: z.string(),
  avatar: z.string().nullable(),
});

export const COMMITMENT_CADENCES = ['once', 'daily7', 'untilAnswered'] as const;
export type CommitmentCadence = (typeof COMMITMENT_CADENCES)[number];

/** How long "I'm Praying" lasts: once (today), daily for 7 days, or until answered. */
export const CommitmentCadenceSchema = z.enum(COMMITMENT_CADENCES, {
  error: "The cadence must be 'once', 'daily7' or 'untilAnswered'.",
});

/** The optional body of `POST /api/prayer-requests/:id/pray`; no body is 'once'. */
export const PrayInputSchema = z.strictObject({
  cadence: CommitmentCadenceSchema.default('once'),
});
export type PrayInput = z.input<typeof PrayInputSchema>;

export const CommitmentSchema = z.object({
  cadence: CommitmentCadenceSchema,
  /** The last day of a 'daily7' commitment (the committer's local date); null otherwise. */
  endsOn: z.string().nullable(),
  running: z.boolean(),
  /**
   * Days left of a running 'daily7' commitment, today and its last day included, counted in the
   * committer's own time zone; null for the other cadences and once it has ended.
   */
  daysLeft: z.number().int().nullable(),
});
export type Commitment = z.infer<typeof CommitmentSchema>;

/** An update or a testimony on a request: 1 to 2000 characters. */
export const REQUEST_TEXT_MAX = 2000;

export const RequestUpdateInputSchema = z.strictObject({
  text: z
    .string({ error: 'Please write your update.' })
    .trim()
    .min(1, 'Please write your update.')
    .max(REQUEST_TEXT_MAX, `An update must be ${REQUEST_TEXT_MAX} characters or less.`),
});
export type RequestUpdateInput = z.input<typeof RequestUpdateInputSchema>;

export const RequestAnsweredInputSchema = z.strictObject({
  testimony: z
    .string({ error: 'Please enter your testimony before submitting.' })
    .trim()
    .min(1, 'Please enter your testimony before submitting.')
    .max(REQUEST_TEXT_MAX, `Testimony must be ${REQUEST_TEXT_MAX} characters or less.`),
});
export type RequestAnsweredInput = z.input<typeof RequestAnsweredInputSchema>;

export const PrayerRequestUpdateSchema = z.object({
  id: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type PrayerRequestUpdate = z.infer<typeof PrayerRequestUpdateSchema>;

export const PrayerRequestUpdatePageSchema = z.object({
  data: z.array(PrayerRequestUpdateSchema),
  nextCursor: z.string().nullable(),
});
export type PrayerRequestUpdatePage = z.infer<typeof PrayerRequestUpdatePageSchema>;

export const PrayerRequestUpdatesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const PrayerRequestSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  isPrivate: z.boolean(),
  /** Friend ids it is shared with; only its creator sees them. */
  sharedWith: z.array(z.string()),
  createdAt: z.string(),
  creator: PersonSchema,
  /**
   * The first people praying (at most 20) whom the viewer may see (a private profile is named to
   * its friends only); `prayingCount` has the total.
   */
  respondedUsers: z.array(PersonSchema),
  /**
   * People whose commitment to pray for it is running and who may still read it ("N people
   * praying"): an un-shared or unfriended intercessor no longer counts.
   */
  prayingCount: z.number().int(),
  /** The viewer's commitment is running. */
  isPraying: z.boolean(),
  isMine: z.boolean(),
  status: z.enum(['pending', 'answered']),
  answeredAt: z.string().nullable(),
  testimony: z.string().nullable(),
  /**
   * "Prayed N times this week": each person who may still read it counts once per day they
   * prayed it (their own local day), over the viewer's last 7 local days.
   */
  prayedThisWeek: z.number().int(),
  /** The viewer's own commitment, running or ended; null when they never committed. */
  commitment: CommitmentSchema.nullable(),
  /** Its creator's newest update, and how many there are. */
  latestUpdate: PrayerRequestUpdateSchema.nullable(),
  updatesCount: z.number().int(),
});
export type PrayerRequest = z.infer<typeof PrayerRequestSchema>;

export const PrayerRequestListQuerySchema = z.object({
  type: z.enum(['myRequests', 'friendRequests']).default('myRequests'),
  category: z.union([CategorySchema, z.literal('all'), z.literal('')]).optional(),
  searchQuery: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PrayerRequestListQuery = z.input<typeof PrayerRequestListQuerySchema>;

export const PrayerRequestPageSchema = z.object({
  data: z.array(PrayerRequestSchema),
  nextCursor: z.string().nullable(),
});
export type PrayerRequestPage = z.infer<typeof PrayerRequestPageSchema>;

export const PrayingResultSchema = z.object({ message: z.string(), request: PrayerRequestSchema });
