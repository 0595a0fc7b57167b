import { z } from 'zod';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from '../constants.ts';

export const GroupNameSchema = z
  .string({ error: 'Group name is required.' })
  .trim()
  .min(1, 'Group name is required.')
  .max(GROUP_NAME_MAX, `Group name cannot exceed ${GROUP_NAME_MAX} characters.`);
export const GroupDescriptionSchema = z
  .string({ error: 'Description is required.' })
  .trim()
  .min(1, 'Description is required.')
  .max(GROUP_DESCRIPTION_MAX, `Description cannot exceed ${GROUP_DESCRIPTION_MAX} characters.`);

export const CreateGroupInputSchema = z.strictObject({
  name: GroupNameSchema,
  description: GroupDescriptionSchema,
  isPublic: z.boolean().default(true),
  journalId: z.uuid({ error: 'Please select a journal to attach.' }),
});
export type CreateGroupInput = z.input<typeof CreateGroupInputSchema>;

export const UpdateGroupInputSchema = z.strictObject({
  name: GroupNameSchema.optional(),
  description: GroupDescriptionSchema.optional(),
  isPublic: z.boolean().optional(),
});
export type UpdateGroupInput = z.input<typeof UpdateGroupInputSchema>;

export const GroupMemberSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(['admin', 'member']),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

export const PrayerGroupSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  journalId: z.string(),
  /** The attached journal's title; null for viewers who may not read that journal. */
  journalTitle: z.string().nullable(),
  creator: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** The viewer's place in the group. */
  membership: z.enum(['admin', 'member', 'invited', 'none']),
  userIsAdmin: z.boolean(),
  /** The viewer owns the attached journal: only they change who may see the group. */
  userOwnsJournal: z.boolean(),
});
export type PrayerGroup = z.infer<typeof PrayerGroupSchema>;

/** Someone invited to a group who has not joined yet (shown to the group's admins). */
export const GroupInvitationSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  invitedAt: z.string(),
});
export type GroupInvitation = z.infer<typeof GroupInvitationSchema>;

export const PrayerGroupDetailSchema = PrayerGroupSchema.extend({
  /** The members the viewer may see: all of them for admins, else those with visible profiles. */
  members: z.array(GroupMemberSchema),
  /** Pending invitations, for admins; empty for everyone else. */
  invitations: z.array(GroupInvitationSchema),
});
export type PrayerGroupDetail = z.infer<typeof PrayerGroupDetailSchema>;

export const GroupListQuerySchema = z.object({
  scope: z.enum(['all', 'mine', 'suggested']).default('all'),
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const GroupListSchema = z.object({
  data: z.array(PrayerGroupSchema),
  nextCursor: z.string().nullable(),
});
export const GroupResponseSchema = z.object({ data: PrayerGroupSchema });

export const GroupInviteInputSchema = z.strictObject({
  userIds: z
    .array(z.uuid({ error: 'Invalid id.' }))
    .min(1, 'Please select at least one friend to invite.')
    .max(100),
});
export const GroupRoleInputSchema = z.strictObject({ role: z.enum(['admin', 'member']) });
