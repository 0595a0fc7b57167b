import type {
  Friend,
  FriendRequest,
  PublicUser,
  UserSearchResult,
} from '@selah/shared/schemas/friends';
import { type FriendRequestRow, type UserRow, users } from '../../db/schema/index.ts';
import type { FriendRow } from './friends.repository.ts';

/** j•••@example.com: enough to recognise an address one already knows, not to harvest it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/**
 * The one name Selah shows for a person (issue 29 §5, ADR 061): their first and last name, else
 * their username (a Google account may come without a name). Notifications and mails use it.
 */
export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'username'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.username;

/** What a list of people shows of each one (`presentPublicUser`). */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
};
export type PublicUserRow = Pick<UserRow, keyof typeof publicUserColumns>;

export function presentPublicUser(user: PublicUserRow): PublicUser {
  return {
    _id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.profilePicture,
  };
}

export function presentFriend(row: FriendRow): Friend {
  return {
    _id: row.user.id,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    username: row.user.username,
    email: row.user.email,
    profilePicture: row.user.profilePicture,
    lastActive: row.user.lastActiveAt?.toISOString() ?? null,
    mutualJournals: row.mutualJournals,
    friendsSince: row.friendsSince.toISOString(),
  };
}

/** Someone the viewer may not see (access policy): no name, no handle, no photo. */
export function presentHiddenUser(user: Pick<UserRow, 'id'>): PublicUser {
  return { _id: user.id, username: '', firstName: '', lastName: '', avatar: null };
}

export function presentFriendRequest(row: {
  request: FriendRequestRow;
  requester: UserRow;
  recipient: UserRow;
  recipientVisible: boolean;
}): FriendRequest {
  return {
    _id: row.request.id,
    createdAt: row.request.createdAt.toISOString(),
    requester: {
      _id: row.requester.id,
      firstName: row.requester.firstName,
      lastName: row.requester.lastName,
      username: row.requester.username,
      // The requester chose to reach out: their address is shown to the recipient.
      email: row.requester.email,
      profilePicture: row.requester.profilePicture,
    },
    recipient: row.recipientVisible
      ? presentPublicUser(row.recipient)
      : presentHiddenUser(row.recipient),
  };
}

export function presentSearchResult(
  user: UserRow,
  mutualFriends: number,
  relation: UserSearchResult['relation'],
  exactEmail: boolean,
): UserSearchResult {
  return {
    _id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: relation === 'friend' || exactEmail ? user.email : maskEmail(user.email),
    avatar: user.profilePicture,
    mutualFriends,
    relation,
  };
}
