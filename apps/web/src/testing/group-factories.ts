import {
  GroupInvitationSchema,
  GroupMemberSchema,
  PrayerGroupDetailSchema,
  PrayerGroupSchema,
  type GroupInvitation,
  type GroupMember,
  type PrayerGroup,
  type PrayerGroupDetail,
} from '@selah/shared/schemas/groups';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

/** A prayer group as lists show it (public, the viewer not in it, by default). */
export function buildGroup(overrides: Partial<PrayerGroup> = {}): PrayerGroup {
  const id = nextId('71000000');
  return PrayerGroupSchema.parse({
    _id: id,
    name: `Group ${sequence}`,
    description: 'We pray together every Friday.',
    isPublic: true,
    journalId: '10000000-0000-4000-8000-000000000001',
    journalTitle: 'Friday Prayers',
    creator: '00000000-0000-4000-8000-000000000000',
    memberCount: 1,
    createdAt: '2026-03-01T10:00:00.000Z',
    membership: 'none',
    userIsAdmin: false,
    userOwnsJournal: false,
    ...overrides,
  });
}

/** A member row of a group. */
export function buildGroupMember(overrides: Partial<GroupMember> = {}): GroupMember {
  const id = nextId('72000000');
  return GroupMemberSchema.parse({
    _id: id,
    username: `member${sequence}`,
    name: 'Mary Smith',
    avatar: null,
    role: 'member',
    joinedAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  });
}

/** A pending invitation to a group, as its admins see it. */
export function buildGroupInvitation(overrides: Partial<GroupInvitation> = {}): GroupInvitation {
  const id = nextId('73000000');
  return GroupInvitationSchema.parse({
    _id: id,
    username: `invited${sequence}`,
    name: 'Lydia Thyatira',
    avatar: null,
    invitedAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /prayer-groups/{id}: a group with its members (one admin, the creator, by default). */
export function buildGroupDetail(overrides: Partial<PrayerGroupDetail> = {}): PrayerGroupDetail {
  const group = buildGroup(overrides);
  return PrayerGroupDetailSchema.parse({
    members: [
      buildGroupMember({ _id: group.creator, name: 'Ruth Moab', username: 'ruth', role: 'admin' }),
    ],
    invitations: [],
    ...group,
    ...overrides,
  });
}
