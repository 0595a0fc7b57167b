import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { PlanIdSchema } from './billing.ts';

/** A token or code from a link the server sent: any fault in it is "the link is invalid". */
const LinkTokenSchema = (message: string) =>
  z.string({ error: message }).min(1, message).max(200, message);

export const EmailSchema = z
  .string({ error: 'E-mail is required.' })
  .trim()
  .max(EMAIL_MAX, 'E-mail address is too long.')
  .pipe(z.email({ message: 'Please enter a valid email address.' }));

export const NewPasswordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

const NameSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(NAME_MAX, `${label} must be ${NAME_MAX} characters or less.`);

export const RegisterInputSchema = z.strictObject({
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
  email: EmailSchema,
  password: NewPasswordSchema,
  inviteCode: z.string().max(200, 'This invite link is invalid.').optional(),
  /** The browser's time zone, kept when Selah accepts it (ADR 057); never a reason to refuse. */
  timeZone: z.string().max(64).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string()
    .min(1, 'Password is required.')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const NotificationPreferencesSchema = z.strictObject({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  reminderNotifications: z.boolean(),
  friendRequestNotifications: z.boolean(),
  journalInviteNotifications: z.boolean(),
  prayerUpdateNotifications: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  pushNotifications: true,
  reminderNotifications: true,
  friendRequestNotifications: true,
  journalInviteNotifications: true,
  prayerUpdateNotifications: true,
};

export const PROFILE_VISIBILITY = ['public', 'friends', 'private'] as const;
export const FRIEND_REQUEST_POLICY = ['everyone', 'friends_of_friends', 'off'] as const;
export const JOURNAL_INVITE_POLICY = ['everyone', 'friends', 'off'] as const;

export const UserSettingsSchema = z.object({
  theme: z.enum(['light', 'dark', 'system']),
  /** IANA time zone for statistics and reminders; UTC until the user picks one. */
  timeZone: z.string().optional(),
  /**
   * True once the person chose `timeZone` themselves (Settings, or the device prompt's Switch or
   * Keep): the app asks about a different device zone only while this is not set (ADR 057).
   */
  timeZoneChosen: z.boolean().optional(),
  privacy: z.object({
    defaultJournalVisibility: z.enum(['private', 'public']),
    showActivityToFriends: z.boolean(),
    /** Spec-2 defaults: Friends, Everyone, Friends. */
    profileVisibility: z.enum(PROFILE_VISIBILITY).optional(),
    friendRequests: z.enum(FRIEND_REQUEST_POLICY).optional(),
    journalInvites: z.enum(JOURNAL_INVITE_POLICY).optional(),
  }),
  appearance: z
    .object({
      fontSize: z.number().int().min(1).max(5),
      /** null: follow the system's reduced-motion preference. */
      animations: z.boolean().nullable(),
    })
    .optional(),
  /** The size of a pray-through session, as last chosen (1-20; 5 when never). */
  prayerSessionSize: z.number().int().min(1).max(20).optional(),
  /**
   * Where the next session's rotation starts: the id of the last item the previous session
   * showed (docs/decisions/051, Sessions). Kept by the server.
   */
  prayerSessionAfter: z.string().optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  theme: 'system',
  privacy: { defaultJournalVisibility: 'private', showActivityToFriends: false },
};

/** The signed-in user as the API presents them to themselves. */
export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  role: z.string(),
  profilePicture: z.string().nullable(),
  bio: z.string().optional(),
  language: z.string().optional(),
  settings: UserSettingsSchema,
  notificationPreferences: NotificationPreferencesSchema,
  createdAt: z.string(),
  /**
   * Whether the owner of the address has proven it (a link from Selah, or Google). Optional
   * only for a user stored by an earlier version of the app; the server always sends it.
   */
  emailVerified: z.boolean().optional(),
  /** The plan in force now (a lapsed subscription is 'free'). */
  plan: PlanIdSchema.optional(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * The same answer for a new address and one that already has an account (no user enumeration):
 * the owner of a taken address is told by e-mail instead.
 */
export const RegisterResponseSchema = z.object({ message: z.string() });

export const ForgotPasswordInputSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.strictObject({
  token: LinkTokenSchema('The reset link is invalid.'),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

/** The token of an e-mailed link that proves an address (sign-up, or an e-mail change). */
export const VerifyEmailInputSchema = z.strictObject({
  token: LinkTokenSchema('The link is invalid.'),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInputSchema>;

/** The address the link proved, and what happened to it (confirmed, or now the sign-in address). */
export const VerifyEmailResponseSchema = z.object({ message: z.string(), email: z.string() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** What a Google round trip started from Settings confirms (a Google-only account's danger zone). */
export const GOOGLE_CONFIRM_ACTIONS = ['clear', 'delete'] as const;
export type GoogleConfirmAction = (typeof GOOGLE_CONFIRM_ACTIONS)[number];

/** The Google callback's single-use code, exchanged for a session by /auth/callback. */
export const ExchangeCodeInputSchema = z.strictObject({
  code: LinkTokenSchema('This sign-in link has expired. Please sign in again.'),
});

export const AuthProvidersSchema = z.object({ google: z.boolean() });

export const GOOGLE_CALLBACK_ERRORS = [
  'authentication_failed',
  'oauth_error',
  'oauth_cancelled',
  'email_unverified',
] as const;
