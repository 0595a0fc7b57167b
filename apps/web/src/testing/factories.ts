import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
  UserSchema,
  type User,
} from '@selah/shared/schemas/auth';

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
