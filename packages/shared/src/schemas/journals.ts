import { z } from 'zod';
import { DESCRIPTION_MAX, PRAYER_CATEGORIES, PRAYER_CONTENT_MAX, TITLE_MAX } from '../constants.ts';
import { PrayerSchema } from './prayers.ts';

export const CATEGORY_MESSAGE = 'Please choose one of the prayer categories.';
export const CategorySchema = z.enum(PRAYER_CATEGORIES, { error: CATEGORY_MESSAGE });

export const JournalTitleSchema = z
  .string({ error: 'Please provide a title for your journal.' })
  .trim()
  .min(1, 'Please provide a title for your journal.')
  .max(TITLE_MAX, `Journal title must be ${TITLE_MAX} characters or less.`);

const DescriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `Description must be ${DESCRIPTION_MAX} characters or less.`);

export const CreateJournalInputSchema = z.strictObject({
  title: JournalTitleSchema,
  description: DescriptionSchema.default(''),
  isPrivate: z.boolean().default(true),
  category: CategorySchema.nullish(),
  initialPrayer: z
    .string()
    .max(PRAYER_CONTENT_MAX, `Prayer must be ${PRAYER_CONTENT_MAX} characters or less.`)
    .optional(),
});
export type CreateJournalInput = z.input<typeof CreateJournalInputSchema>;

export const UpdateJournalInputSchema = z.strictObject({
  title: JournalTitleSchema.optional(),
  description: DescriptionSchema.optional(),
  isPrivate: z.boolean().optional(),
  category: CategorySchema.nullish(),
});
export type UpdateJournalInput = z.input<typeof UpdateJournalInputSchema>;

export const MembershipSchema = z.enum(['owner', 'member', 'none']);
export type Membership = z.infer<typeof MembershipSchema>;

/** A journal as lists show it; counts are what the viewer may see. */
export const JournalSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  owner: z.string(),
  category: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  memberCount: z.number().int(),
  prayerCount: z.number().int(),
  answeredCount: z.number().int(),
  /** The viewer's relation to the journal (the card's join state). */
  membership: MembershipSchema,
});
export type Journal = z.infer<typeof JournalSchema>;

export const JournalMemberSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  /** The owner shared the journal with this member (un-sharing ends the membership). */
  shared: z.boolean(),
  joinedAt: z.string(),
});
export type JournalMember = z.infer<typeof JournalMemberSchema>;

/** GET /journals/{id}: the journal with its members, its first page of prayers and its categories. */
export const JournalDetailSchema = JournalSchema.extend({
  /** The owner's name; '' for viewers who may not see who the owner is (ADR 038). */
  ownerName: z.string(),
  members: z.array(JournalMemberSchema),
  prayers: z.array(PrayerSchema),
  prayersNextCursor: z.string().nullable(),
  activeCount: z.number().int(),
  categories: z.array(z.string()),
});
export type JournalDetail = z.infer<typeof JournalDetailSchema>;

export const JournalListSchema = z.array(JournalSchema);

export const DISCOVER_TABS = ['popular', 'new', 'trending'] as const;
export const DiscoverQuerySchema = z.object({
  tab: z.enum(DISCOVER_TABS).default('popular'),
  search: z.string().trim().max(100).optional(),
  category: CategorySchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export type DiscoverQuery = z.input<typeof DiscoverQuerySchema>;

export const JournalPageSchema = z.object({
  data: z.array(JournalSchema),
  nextCursor: z.string().nullable(),
});
export type JournalPage = z.infer<typeof JournalPageSchema>;

export const CategoryCountSchema = z.object({ category: z.string(), count: z.number().int() });
export const DiscoverOverviewSchema = z.object({
  categories: z.array(CategoryCountSchema),
  featured: JournalSchema.extend({ recentActivity: z.number().int() }).nullable(),
});
export type DiscoverOverview = z.infer<typeof DiscoverOverviewSchema>;

export const JoinResponseSchema = z.object({ message: z.string(), journal: JournalSchema });
