import { z } from 'zod';
import { EMAIL_MAX } from '../constants.ts';

/** A user as other signed-in users may see them. E-mail only for friends (or an exact search). */
export const PublicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

export const FriendSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  lastActive: z.string().nullable(),
  mutualJournals: z.number().int(),
  friendsSince: z.string(),
});
export type Friend = z.infer<typeof FriendSchema>;
export const FriendListSchema = z.object({ data: z.array(FriendSchema) });

export const FriendRequestSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  requester: z.object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    profilePicture: z.string().nullable(),
  }),
  recipient: PublicUserSchema,
});
export type FriendRequest = z.infer<typeof FriendRequestSchema>;
export const FriendRequestListSchema = z.object({ data: z.array(FriendRequestSchema) });
export const FriendRequestsQuerySchema = z.object({
  direction: z.enum(['incoming', 'outgoing']).default('incoming'),
});

export const UserSearchResultSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Masked (j•••@example.com) unless the query was the exact address. */
  email: z.string(),
  avatar: z.string().nullable(),
  mutualFriends: z.number().int(),
  /** The searcher's relation to this user. */
  relation: z.enum(['none', 'friend', 'request_sent', 'request_received']),
});
export type UserSearchResult = z.infer<typeof UserSearchResultSchema>;
export const UserSearchListSchema = z.object({ data: z.array(UserSearchResultSchema) });

export const UserSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Please enter a name, username or e-mail.').max(100),
  type: z.literal('users').default('users'),
});

export const SuggestionListSchema = z.object({ data: z.array(UserSearchResultSchema) });

export const InviteEmailInputSchema = z.strictObject({
  recipientEmail: z
    .string({ error: 'Please enter an email address.' })
    .trim()
    .min(1, 'Please enter an email address.')
    .max(EMAIL_MAX, 'Please enter a valid email address.')
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
});

/** The user's personal sign-up link, made by `POST /api/friends/invite-link`. */
export const InviteLinkSchema = z.object({ url: z.string() });
/** `GET /api/friends/invite-link`: the link, or null until the user has made one. */
export const InviteLinkStateSchema = z.object({ url: z.string().nullable() });
export type InviteLinkState = z.infer<typeof InviteLinkStateSchema>;

export const ShareInputSchema = z.strictObject({
  userIds: z
    .array(z.uuid({ error: 'Invalid id.' }))
    .min(1, 'Please select at least one friend to share with.')
    .max(100, 'You can share with at most 100 friends at once.'),
});
export const ShareResultSchema = z.object({ message: z.string(), sharedWith: z.number().int() });

/** GET /journals/{id}/shares and /prayers/{id}/shares: who the owner shared it with. */
export const SharedWithSchema = z.object({ data: z.array(PublicUserSchema) });
export type SharedWith = z.infer<typeof SharedWithSchema>;
