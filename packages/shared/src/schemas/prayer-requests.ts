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
  avatar: z.string().nullable(),
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
  /** The first people praying (at most 20); `prayingCount` has the total. */
  respondedUsers: z.array(PersonSchema),
  prayingCount: z.number().int(),
  isPraying: z.boolean(),
  isMine: z.boolean(),
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
