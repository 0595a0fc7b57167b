import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX } from '../constants.ts';
import {
  EmailSchema,
  FRIEND_REQUEST_POLICY,
  JOURNAL_INVITE_POLICY,
  PROFILE_VISIBILITY,
} from './auth.ts';

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'zh'] as const;
export const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  zh: 'Chinese',
};
/**
 * The spec's six zones, as IANA names: the picker offers every accepted zone (`time-zones.ts`)
 * and finds these by the spec's names too. The default is the device's zone, not Eastern (ADR 057).
 */
export const TIME_ZONES = [
  { label: 'Eastern Time', value: 'America/New_York' },
  { label: 'Central Time', value: 'America/Chicago' },
  { label: 'Mountain Time', value: 'America/Denver' },
  { label: 'Pacific Time', value: 'America/Los_Angeles' },
  { label: 'GMT', value: 'Etc/GMT' },
  { label: 'Central European Time', value: 'Europe/Paris' },
] as const;
/**
 * A time zone is chosen by its IANA name; which names are accepted (no offsets, no other names
 * for a zone) the server checks, against the zones its database knows too (ADR 054).
 */
export const TIME_ZONE_INVALID = 'Please choose a valid time zone.';
export const BIO_MAX = 500;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9._]{1,28}[a-z0-9])$/;

const Name = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_MAX, `${label} must be ${NAME_MAX} characters or less.`);

/** The profile form's fields, each checked as the form shows it. */
export const ProfileFieldsSchema = z.strictObject({
  firstName: Name('First name'),
  lastName: Name('Last name'),
  username: z
    .string({ error: 'Username is required.' })
    .trim()
    .toLowerCase()
    .regex(USERNAME_PATTERN, 'Usernames are 3-30 letters, digits, dots or underscores.'),
  bio: z.string().trim().max(BIO_MAX, `Bio must be ${BIO_MAX} characters or less.`),
  timeZone: z
    .string({ error: TIME_ZONE_INVALID })
    .trim()
    .min(1, TIME_ZONE_INVALID)
    .max(64, TIME_ZONE_INVALID),
  language: z.enum(LANGUAGES, { error: 'Please choose one of the languages.' }),
});
export type ProfileFields = z.input<typeof ProfileFieldsSchema>;

/**
 * A profile change: only the fields that changed (ADR 057). A time zone is saved only when the
 * person chose it, never because another field was saved; sending one marks it chosen.
 */
export const ProfileInputSchema = ProfileFieldsSchema.partial();
export type ProfileInput = z.input<typeof ProfileInputSchema>;

export const ChangeEmailInputSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'Please enter your password.' })
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX),
});

export const PrivacyInputSchema = z.strictObject({
  profileVisibility: z.enum(PROFILE_VISIBILITY),
  friendRequests: z.enum(FRIEND_REQUEST_POLICY),
  journalInvites: z.enum(JOURNAL_INVITE_POLICY),
});
export type PrivacyInput = z.infer<typeof PrivacyInputSchema>;
export const DEFAULT_PRIVACY: PrivacyInput = {
  profileVisibility: 'friends',
  friendRequests: 'everyone',
  journalInvites: 'friends',
};

export const AppearanceInputSchema = z.strictObject({
  theme: z.enum(['light', 'dark', 'system']),
  fontSize: z
    .number({ error: 'Font size must be 1 to 5.' })
    .int()
    .min(1, 'Font size must be 1 to 5.')
    .max(5, 'Font size must be 1 to 5.'),
  animations: z.boolean().nullable(),
});
export type AppearanceInput = z.infer<typeof AppearanceInputSchema>;
export const DEFAULT_APPEARANCE = { fontSize: 3, animations: null } as const;

export const SettingsSchema = z.object({
  profile: z.object({
    firstName: z.string(),
    lastName: z.string(),
    username: z.string(),
    email: z.string(),
    bio: z.string(),
    timeZone: z.string().nullable(),
    /**
     * Whether the person chose `timeZone` (in Settings, or answering the device prompt); false
     * for none stored, the zone their device had at sign-up, or one an earlier form saved for
     * them. Optional only for an answer from an earlier server.
     */
    timeZoneChosen: z.boolean().optional(),
    language: z.string(),
    profilePicture: z.string().nullable(),
    hasPassword: z.boolean(),
  }),
  privacy: PrivacyInputSchema,
  appearance: AppearanceInputSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

/** Typed confirmation for destructive actions. */
export const CONFIRM_WORD = 'DELETE';
export const DangerConfirmSchema = z.strictObject({
  confirm: z.literal(CONFIRM_WORD, { error: `Type ${CONFIRM_WORD} to confirm.` }),
  password: z.string().max(PASSWORD_MAX).optional(),
});
