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
import {
  PrayerLogSchema,
  RhythmViewSchema,
  type PrayerLog,
  type RhythmView,
} from '@selah/shared/schemas/practice';
import {
  PrayerSchema,
  PrayerSummarySchema,
  type Prayer,
  type PrayerSummary,
} from '@selah/shared/schemas/prayers';
import {
  DashboardStatsSchema,
  TestimonyItemSchema,
  type DashboardStats,
  type TestimonyItem,
} from '@selah/shared/schemas/stats';

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
    // Long before the dates the tests use (the rhythm view counts from the day an account joined).
    createdAt: '2025-01-01T00:00:00.000Z',
    emailVerified: true,
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
    shared: false,
    joinedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  });
}

/** GET /journals/{id}: a journal with its members (the owner by default) and no prayers. */
export function buildJournalDetail(overrides: Partial<JournalDetail> = {}): JournalDetail {
  const journal = buildJournal(overrides);
  const ownerName = overrides.ownerName ?? 'John Doe';
  return JournalDetailSchema.parse({
    ownerName,
    members: [buildJournalMember({ userId: journal.owner, name: ownerName, role: 'owner' })],
    prayers: [],
    prayersNextCursor: null,
    activeCount: journal.prayerCount - journal.answeredCount,
    categories: [],
    ...journal,
    ...overrides,
  });
}

let prayerSequence = 0;

/** A prayer as the API presents it (pending, private, in journal 1 of user 0 by default). */
export function buildPrayer(overrides: Partial<Prayer> = {}): Prayer {
  prayerSequence += 1;
  return PrayerSchema.parse({
    _id: `30000000-0000-4000-8000-${String(prayerSequence).padStart(12, '0')}`,
    title: `Prayer ${prayerSequence}`,
    content: 'Lord, guide our steps this week.',
    category: 'Personal',
    status: 'pending',
    isPrivate: true,
    journal: '10000000-0000-4000-8000-000000000001',
    journalTitle: 'Morning Prayers',
    author: '00000000-0000-4000-8000-000000000000',
    memoryVerse: null,
    testimonies: [],
    answeredAt: null,
    rhythm: { kind: 'none', days: null, dayOfMonth: null, until: null, snoozeUntil: null },
    urgent: false,
    due: false,
    createdAt: '2026-03-14T10:00:00.000Z',
    updatedAt: '2026-03-14T10:00:00.000Z',
    ...overrides,
  });
}

/**
 * GET /prayers/user/summary for a user without prayers (7 quiet days up to 2026-03-14), on a
 * plan without a statistics window (pass `statsWindowDays: 7` for Free).
 */
export function buildPrayerSummary(overrides: Partial<PrayerSummary> = {}): PrayerSummary {
  return PrayerSummarySchema.parse({
    total: 0,
    active: 0,
    answered: 0,
    byCategory: [],
    streak: 0,
    last7Days: Array.from({ length: 7 }, (_, index) => ({
      date: `2026-03-${String(8 + index).padStart(2, '0')}`,
      active: false,
    })),
    statsWindowDays: null,
    ...overrides,
  });
}

/** A dashboard testimony item. */
export function buildTestimonyItem(overrides: Partial<TestimonyItem> = {}): TestimonyItem {
  prayerSequence += 1;
  return TestimonyItemSchema.parse({
    id: `30000000-0000-4000-8000-${String(prayerSequence).padStart(12, '0')}`,
    title: `Answered prayer ${prayerSequence}`,
    content: 'God provided.',
    dateAnswered: '2026-03-14T10:00:00.000Z',
    prayedFor: 3,
    timeUnit: 'weeks',
    ...overrides,
  });
}

/**
 * GET /stats for a user without prayers, on a plan without a statistics window (for Free pass
 * `statsWindowDays: 7, prayersThisMonth: null`, as the server sends).
 */
export function buildDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return DashboardStatsSchema.parse({
    totalPrayers: 0,
    activePrayers: 0,
    prayerStreak: 0,
    answeredPrayers: 0,
    prayersToday: 0,
    prayersThisWeek: 0,
    prayersThisMonth: 0,
    recentTestimonies: [],
    timeZone: 'UTC',
    statsWindowDays: null,
    ...overrides,
  });
}

/** The rhythm view's answer: `weeks` weeks up to `today` (a Sunday by default), nothing prayed. */
export function buildRhythm(overrides: Partial<RhythmView> = {}, weeks = 12): RhythmView {
  const today = overrides.today ?? '2026-03-15';
  const start = new Date(`${today}T00:00:00Z`);
  const weekday = (start.getUTCDay() + 6) % 7;
  start.setUTCDate(start.getUTCDate() - weekday - 7 * (weeks - 1));
  const days = Array.from({ length: 7 * (weeks - 1) + weekday + 1 }, (_, i) => {
    const d = new Date(start);
    d.setUTCDate(d.getUTCDate() + i);
    return { day: d.toISOString().slice(0, 10), count: 0, late: false, rest: false };
  });
  return RhythmViewSchema.parse({
    days,
    streak: 0,
    today,
    timeZone: 'UTC',
    statsWindowDays: null,
    ...overrides,
  });
}

/** A prayer's log page: created only, never prayed. */
export function buildPrayerLog(overrides: Partial<PrayerLog> = {}): PrayerLog {
  return PrayerLogSchema.parse({
    data: [
      {
        kind: 'created',
        id: '20000000-0000-4000-8000-000000000001',
        at: '2026-03-01T09:00:00.000Z',
        day: null,
        late: false,
        text: null,
      },
    ],
    nextCursor: null,
    summary: { prayedCount: 0, lastPrayedAt: null, lastPrayedDay: null },
    today: '2026-03-15',
    ...overrides,
  });
}
