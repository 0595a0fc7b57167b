import {
  FriendRequestSchema,
  FriendSchema,
  PublicUserSchema,
  UserSearchResultSchema,
  type Friend,
  type FriendRequest,
  type PublicUser,
  type UserSearchResult,
} from '@selah/shared/schemas/friends';
import type { PrayerGroup } from '@selah/shared/schemas/groups';
import { PrayerRequestSchema, type PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { buildGroup } from './group-factories';

/** Ids of the social test data: uuids with their own prefix per kind, never reused. */
let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A friend as GET /friends presents them (never seen active by default). */
export function buildFriend(overrides: Partial<Friend> = {}): Friend {
  const id = nextId('40000000');
  return FriendSchema.parse({
    _id: id,
    firstName: 'Mary',
    lastName: 'Smith',
    username: `mary${sequence}`,
    email: `mary${sequence}@example.com`,
    profilePicture: null,
    lastActive: null,
    mutualJournals: 0,
    friendsSince: '2026-03-01T10:00:00.000Z',
    ...overrides,
  });
}

/** Another user as others may see them (e.g. someone a journal or a prayer is shared with). */
export function buildPublicUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = nextId('40000000');
  return PublicUserSchema.parse({
    _id: id,
    username: `naomi${sequence}`,
    firstName: 'Naomi',
    lastName: 'Bethlehem',
    avatar: null,
    ...overrides,
  });
}

/** A pending friend request (from Peter to the signed-in user by default). */
export function buildFriendRequest(
  overrides: Partial<Omit<FriendRequest, 'requester' | 'recipient'>> & {
    requester?: Partial<FriendRequest['requester']>;
    recipient?: Partial<FriendRequest['recipient']>;
  } = {},
): FriendRequest {
  const { requester, recipient, ...rest } = overrides;
  const id = nextId('50000000');
  return FriendRequestSchema.parse({
    _id: id,
    createdAt: '2026-03-10T10:00:00.000Z',
    requester: {
      _id: nextId('40000000'),
      firstName: 'Peter',
      lastName: 'Jones',
      username: `peter${sequence}`,
      email: `peter${sequence}@example.com`,
      profilePicture: null,
      ...requester,
    },
    recipient: {
      _id: nextId('40000000'),
      username: `ruth${sequence}`,
      firstName: 'Ruth',
      lastName: 'Brown',
      avatar: null,
      ...recipient,
    },
    ...rest,
  });
}

/** A suggestion or search result (no relation yet by default). */
export function buildUserSearchResult(overrides: Partial<UserSearchResult> = {}): UserSearchResult {
  const id = nextId('40000000');
  return UserSearchResultSchema.parse({
    _id: id,
    username: `david${sequence}`,
    firstName: 'David',
    lastName: 'King',
    email: 'd•••@example.com',
    avatar: null,
    mutualFriends: 0,
    relation: 'none',
    ...overrides,
  });
}

/** A prayer request (the signed-in user's own, private, nobody praying, by default). */
export function buildPrayerRequest(overrides: Partial<PrayerRequest> = {}): PrayerRequest {
  const id = nextId('60000000');
  return PrayerRequestSchema.parse({
    _id: id,
    title: `Request ${sequence}`,
    description: 'Please pray for wisdom this week.',
    category: 'Personal',
    isPrivate: true,
    sharedWith: [],
    createdAt: '2026-03-14T10:00:00.000Z',
    creator: {
      _id: '00000000-0000-4000-8000-000000000000',
      username: 'johndoe',
      name: 'John Doe',
      avatar: null,
    },
    respondedUsers: [],
    prayingCount: 0,
    isPraying: false,
    isMine: true,
    status: 'pending',
    answeredAt: null,
    testimony: null,
    prayedThisWeek: 0,
    commitment: null,
    latestUpdate: null,
    updatesCount: 0,
    ...overrides,
  });
}

/** A prayer group the signed-in user belongs to (as a member, public, by default). */
export function buildPrayerGroup(overrides: Partial<PrayerGroup> = {}): PrayerGroup {
  return buildGroup({ membership: 'member', memberCount: 3, ...overrides });
}
