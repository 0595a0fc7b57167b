import {
  DEFAULT_APPEARANCE,
  DEFAULT_PRIVACY,
  SettingsSchema,
  type Settings,
} from '@selah/shared/schemas/settings';

/**
 * GET /users/me/settings for a password account that never changed a setting (no time zone yet,
 * the spec's privacy defaults, the system theme).
 */
export function buildSettings(
  overrides: {
    profile?: Partial<Settings['profile']>;
    privacy?: Partial<Settings['privacy']>;
    appearance?: Partial<Settings['appearance']>;
  } = {},
): Settings {
  return SettingsSchema.parse({
    profile: {
      firstName: 'Jane',
      lastName: 'Doe',
      username: 'janedoe',
      email: 'jane@example.com',
      bio: '',
      timeZone: null,
      language: 'en',
      profilePicture: null,
      hasPassword: true,
      ...overrides.profile,
    },
    privacy: { ...DEFAULT_PRIVACY, ...overrides.privacy },
    appearance: { theme: 'system', ...DEFAULT_APPEARANCE, ...overrides.appearance },
  });
}
