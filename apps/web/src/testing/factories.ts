import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
  UserSchema,
  type User,
} from '@selah/shared/schemas/auth';
import {
  JournalDetailSchema,
  JournalMemberSchema,
  JournalSchema,
  type Journal,
  type JournalDetail,
  type JournalMember,
} from '@selah/shared/schemas/journals';

let sequence = 0;

/** A user as the API presents it, validated by the shared contract. */
export function buildUser(overrides: Partial<User> = {}): User {
  sequence += 1;
  return UserSchema.parse({
    _id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    email: `john.doe${sequence}@example.com`,
    firstName: 'John',
    lastName: 'Doe',
    username: `johndoe${sequence}`,
    role: 'user',
    profilePicture: null,
    settings: DEFAULT_USER_SETTINGS,
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

let journalSequence = 0;

/** A journal as lists show it, validated by the shared contract. */
export function buildJournal(overrides: Partial<Journal> = {}): Journal {
  journalSequence += 1;
  return JournalSchema.parse({
    _id: `10000000-0000-4000-8000-${String(journalSequence).padStart(12, '0')}`,
    title: `Journal ${journalSequence}`,
    description: 'Prayers for the week.',
    isPrivate: true,
    owner: '00000000-0000-4000-8000-000000000000',
    ownerName: 'John Doe',
    category: null,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    memberCount: 1,
    prayerCount: 0,
    answeredCount: 0,
    membership: 'owner',
    ...overrides,
  });
}

/** A member row of a journal. */
export function buildJournalMember(overrides: Partial<JournalMember> = {}): JournalMember {
  journalSequence += 1;
  return JournalMemberSchema.parse({
    _id: `20000000-0000-4000-8000-${String(journalSequence).padStart(12, '0')}`,
    userId: `00000000-0000-4000-8000-${String(journalSequence).padStart(12, '0')}`,
    name: 'Mary Smith',
    avatar: null,
    role: 'member',
    joinedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /journals/{id}: a journal with its members (the owner by default) and no prayers. */
export function buildJournalDetail(overrides: Partial<JournalDetail> = {}): JournalDetail {
  const journal = buildJournal(overrides);
  return JournalDetailSchema.parse({
    members: [
      buildJournalMember({ userId: journal.owner, name: journal.ownerName, role: 'owner' }),
    ],
    prayers: [],
    prayersNextCursor: null,
    activeCount: journal.prayerCount - journal.answeredCount,
    categories: [],
    ...journal,
    ...overrides,
  });
}
