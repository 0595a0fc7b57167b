import { and, eq } from 'drizzle-orm';
import type {
  AppearanceInput,
  PrivacyInput,
  ProfileInput,
  Settings,
} from '@selah/shared/schemas/settings';
import {
  AVATAR_MAX_BYTES,
  DEFAULT_APPEARANCE,
  DEFAULT_PRIVACY,
} from '@selah/shared/schemas/settings';
import type { GoogleConfirmAction } from '@selah/shared/schemas/auth';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { userAvatars, type UserRow, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import {
  AppError,
  badRequest,
  conflict,
  unauthenticated,
  validationFailed,
} from '../../lib/app-error.ts';
import { Limiter, PASSWORD_CHECK_LIMIT } from '../../lib/rate-limiter.ts';
import { randomToken } from '../../lib/secure-token.ts';
import { timeZoneProblem } from '../../lib/time-zone.ts';
import { profileVisible } from '../access/access.sql.ts';
import type { PasswordHasher } from '../auth/password-hasher.ts';
import type { PaymentsService } from '../billing/payments.service.ts';
import type { FriendsService } from '../friends/friends.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { JournalsService } from '../journals/journals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PrayerRequestsService } from '../prayer-requests/prayer-requests.service.ts';
import type { PracticeService } from '../practice/practice.service.ts';
import type { PrayersService } from '../prayers/prayers.service.ts';
import type { UserChanges } from '../users/users.repository.ts';
import { normaliseEmail, type UsersService } from '../users/users.service.ts';

/** Recognises PNG, JPEG and WebP by their first bytes (the declared type is not trusted). */
export function sniffImageType(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return 'image/jpeg';
  if (
    data.length >= 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** A photo's address: its random key, never the user's id (docs/decisions/038). */
export const avatarUrl = (key: string) => `/api/avatars/${key}`;

/** What the account needs of sign-in (the auth module's service). */
export interface AccountAuth {
  /** Ends every session of the user inside `tx` (their open streams once it has committed). */
  endSessionsWithin(userId: string, tx: DbOrTx): Promise<void>;
  /** Mails `email` the link that makes it the sign-in address once opened. */
  sendEmailChangeLink(user: UserRow, email: string, sessionId: string | null): Promise<void>;
  /** Uses up a fresh Google sign-in that confirmed `action` for the user (its cookie secret). */
  consumeGoogleConfirmation(
    userId: string,
    action: GoogleConfirmAction,
    secret: string | undefined,
  ): Promise<boolean>;
}

export interface AccountServiceDeps {
  db: Db;
  users: UsersService;
  /** The modules holding the user's data: each exports, clears or deletes its part. */
  journals: JournalsService;
  prayers: PrayersService;
  prayerRequests: PrayerRequestsService;
  groups: GroupsService;
  friends: FriendsService;
  notifications: NotificationsService;
  payments: PaymentsService;
  practice: PracticeService;
  hasher: PasswordHasher;
  auth: AccountAuth;
  /** Wrong password confirmations per account (in-process unless given a Redis-backed one). */
  passwordLimiter?: Limiter;
}

/** How the user confirms a dangerous action: the password, or a fresh Google sign-in. */
export interface DangerConfirmation {
  password?: string | undefined;
  /** The HttpOnly cookie a Google round trip started from Settings left (Google-only accounts). */
  googleConfirmation?: string | undefined;
}

export const GOOGLE_CONFIRMATION_NEEDED =
  'Please confirm with Google first: your account signs in with Google.';

/** The user's own account: settings, photo, e-mail, export, clearing data, deletion. */
export class AccountService {
  private readonly deps: AccountServiceDeps;
  private readonly passwordLimiter: Limiter;

  constructor(deps: AccountServiceDeps) {
    this.deps = deps;
    this.passwordLimiter = deps.passwordLimiter ?? new Limiter(PASSWORD_CHECK_LIMIT);
  }

  settings(user: UserRow): Settings {
    const privacy = user.settings.privacy;
    return {
      profile: {
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        email: user.email,
        bio: user.bio,
        timeZone: user.settings.timeZone ?? null,
        timeZoneChosen: user.settings.timeZoneChosen === true,
        language: user.language,
        profilePicture: user.profilePicture,
        hasPassword: user.passwordHash !== null,
      },
      privacy: {
        profileVisibility: privacy.profileVisibility ?? DEFAULT_PRIVACY.profileVisibility,
        friendRequests: privacy.friendRequests ?? DEFAULT_PRIVACY.friendRequests,
        journalInvites: privacy.journalInvites ?? DEFAULT_PRIVACY.journalInvites,
      },
      appearance: {
        theme: user.settings.theme,
        fontSize: user.settings.appearance?.fontSize ?? DEFAULT_APPEARANCE.fontSize,
        animations: user.settings.appearance?.animations ?? DEFAULT_APPEARANCE.animations,
      },
    };
  }

  private async save(user: UserRow, changes: UserChanges): Promise<UserRow> {
    const row = await this.deps.users.update(user.id, changes);
    if (!row) throw unauthenticated();
    return row;
  }

  /**
   * Updates the fields of the profile that `input` has (the form sends only what changed). A
   * time zone sent is the person's choice: it is saved and marked chosen (ADR 057).
   * @throws AppError VALIDATION_FAILED for a time zone that is not accepted (an offset, another
   *   name for a zone, an unknown name), CONFLICT for a taken username.
   */
  async updateProfile(user: UserRow, input: ProfileInput): Promise<UserRow> {
    if (input.timeZone !== undefined) {
      const zoneProblem = timeZoneProblem(input.timeZone);
      if (zoneProblem) throw validationFailed('body.timeZone', zoneProblem);
    }
    const username = input.username?.trim().toLowerCase();
    if (username !== undefined && username !== user.username) {
      const [taken] = await this.deps.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, username))
        .limit(1);
      if (taken) throw conflict('That username is taken. Please choose another.');
    }
    try {
      return await this.save(user, {
        firstName: input.firstName?.trim(),
        lastName: input.lastName?.trim(),
        username,
        bio: input.bio?.trim(),
        language: input.language,
        ...(input.timeZone !== undefined && {
          settings: { timeZone: input.timeZone, timeZoneChosen: true },
        }),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('That username is taken. Please choose another.');
      }
      throw error;
    }
  }

  async updatePrivacy(user: UserRow, input: PrivacyInput): Promise<UserRow> {
    return this.save(user, { settings: { privacy: input } });
  }

  async updateAppearance(user: UserRow, input: AppearanceInput): Promise<UserRow> {
    return this.save(user, {
      settings: {
        theme: input.theme,
        appearance: { fontSize: input.fontSize, animations: input.animations },
      },
    });
  }

  /**
   * Confirms the user's password before a sensitive change.
   * @throws AppError FORBIDDEN when missing or wrong; RATE_LIMITED after 25 wrong answers in an hour.
   */
  private async checkPassword(user: UserRow, password: string | undefined): Promise<void> {
    if (!password) throw new AppError('FORBIDDEN', 'Please enter your password to confirm.');
    await this.passwordLimiter.check(user.id);
    if (!user.passwordHash || !(await this.deps.hasher.verify(user.passwordHash, password))) {
      await this.passwordLimiter.consume(user.id);
      throw new AppError('FORBIDDEN', 'That password is not right.');
    }
  }

  /**
   * Confirms a dangerous action: with the current password, or, for an account without one
   * (Google only), with a fresh Google sign-in made for this action.
   * @throws AppError FORBIDDEN when neither confirms it.
   */
  private async confirmDanger(
    user: UserRow,
    action: GoogleConfirmAction,
    proof: DangerConfirmation,
  ): Promise<void> {
    if (user.passwordHash) return this.checkPassword(user, proof.password);
    const confirmed = await this.deps.auth.consumeGoogleConfirmation(
      user.id,
      action,
      proof.googleConfirmation,
    );
    if (!confirmed) throw new AppError('FORBIDDEN', GOOGLE_CONFIRMATION_NEEDED);
  }

  /**
   * Asks to change the e-mail address, after checking the password: the new address gets a
   * link, and the change (with the end of the user's other sessions and a notice to the old
   * address) happens when it is opened.
   * @returns the address the link went to.
   * @throws AppError FORBIDDEN for a wrong password, CONFLICT for an address in use, BAD_REQUEST
   *   for the current address or an account without a password.
   */
  async changeEmail(
    user: UserRow,
    email: string,
    password: string,
    sessionId: string | null,
  ): Promise<string> {
    if (!user.passwordHash) {
      throw badRequest(
        'Your account signs in with Google. Set a password with "Forgot password" first.',
      );
    }
    await this.checkPassword(user, password);
    const next = normaliseEmail(email);
    if (next === user.email) throw badRequest('That is your e-mail address already.');
    if (await this.deps.users.findByEmail(next))
      throw conflict('An account with this e-mail already exists.');
    await this.deps.auth.sendEmailChangeLink(user, next, sessionId);
    return next;
  }

  /**
   * Stores a profile photo (PNG, JPEG or WebP, at most 2 MB, recognised by its bytes).
   * @throws AppError BAD_REQUEST for anything else.
   */
  async setAvatar(user: UserRow, data: Buffer): Promise<UserRow> {
    if (data.length > AVATAR_MAX_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', 'The photo must be 2 MB or smaller.');
    const type = sniffImageType(data);
    if (!type) throw badRequest('Please upload a PNG, JPEG or WebP image.');
    // A new key per photo: the old address stops answering, and caches never mix the two.
    const key = randomToken(24);
    const now = new Date();
    await this.deps.db
      .insert(userAvatars)
      .values({ userId: user.id, key, contentType: type, data, updatedAt: now })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { key, contentType: type, data, updatedAt: now },
      });
    return this.save(user, { profilePicture: avatarUrl(key) });
  }

  async removeAvatar(user: UserRow): Promise<UserRow> {
    await this.deps.db.delete(userAvatars).where(eq(userAvatars.userId, user.id));
    return this.save(user, { profilePicture: null });
  }

  /** The photo stored under `key`, with whose it is. */
  /**
   * The photo at `key` if the viewer may see its owner's profile (access.sql.ts
   * `profileVisible`), else null: the check and the image in one statement.
   */
  async avatar(
    key: string,
    viewerId: string,
  ): Promise<{ userId: string; contentType: string; data: Buffer } | null> {
    const [row] = await this.deps.db
      .select({
        userId: userAvatars.userId,
        contentType: userAvatars.contentType,
        data: userAvatars.data,
      })
      .from(userAvatars)
      .innerJoin(users, eq(users.id, userAvatars.userId))
      .where(and(eq(userAvatars.key, key), profileVisible(viewerId)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Everything the user owns, as one JSON document (Download activity history): each module
   * gives its part, and the document puts them in its order.
   */
  async exportData(user: UserRow): Promise<Record<string, unknown>> {
    const {
      journals,
      prayers,
      prayerRequests,
      groups,
      friends,
      notifications,
      payments,
      practice,
    } = this.deps;
    const [ownJournals, ownPrayers, requests, groupsIn, friendsOf, inbox, paid, practiced] =
      await Promise.all([
        journals.exportOf(user.id),
        prayers.exportOf(user.id),
        prayerRequests.exportOf(user.id),
        groups.exportOf(user.id),
        friends.exportOf(user.id),
        notifications.exportOf(user.id),
        payments.exportOf(user.id),
        practice.exportOf(user.id),
      ]);
    return {
      exportedAt: new Date().toISOString(),
      profile: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        bio: user.bio,
        language: user.language,
        settings: user.settings,
        notificationPreferences: user.notificationPreferences,
        createdAt: user.createdAt,
      },
      journals: ownJournals.journals,
      prayers: ownPrayers.prayers,
      testimonies: ownPrayers.testimonies,
      prayerRequests: requests.prayerRequests,
      prayerGroups: groupsIn.prayerGroups,
      friends: friendsOf.friends,
      notifications: inbox.notifications,
      payments: paid.payments,
      activity: ownPrayers.activity,
      prayed: practiced.prayed,
      prayerNotes: practiced.prayerNotes,
      commitments: requests.commitments,
      prayerRequestUpdates: requests.prayerRequestUpdates,
    };
  }

  /**
   * Removes the user's journals, prayers and prayer requests (after a typed confirmation and
   * the password, or a fresh Google sign-in).
   * @throws AppError FORBIDDEN when not confirmed.
   */
  async clearData(user: UserRow, proof: DangerConfirmation): Promise<void> {
    await this.confirmDanger(user, 'clear', proof);
    await transaction(this.deps.db, async (tx) => {
      await this.deps.prayerRequests.clearOf(user.id, tx);
      await this.deps.prayers.clearOf(user.id, tx);
      await this.deps.journals.clearOf(user.id, tx);
      await this.deps.practice.clearOf(user.id, tx);
    });
  }

  /**
   * Deletes the account and everything it owns (after the password, or a fresh Google sign-in);
   * its sessions end with it, open streams included.
   * @throws AppError FORBIDDEN when not confirmed.
   */
  async deleteAccount(user: UserRow, proof: DangerConfirmation): Promise<void> {
    await this.confirmDanger(user, 'delete', proof);
    await transaction(this.deps.db, async (tx) => {
      await this.deps.auth.endSessionsWithin(user.id, tx);
      await this.deps.notifications.deleteAccountOf(user.id, tx);
      await this.deps.friends.deleteAccountOf(user.id, tx);
      // Keep other people's counters right: the user leaves the journals and groups they joined.
      await this.deps.journals.deleteAccountOf(user.id, tx);
      await this.deps.groups.deleteAccountOf(user.id, tx);
      await this.deps.users.delete(user.id, tx);
    });
  }
}
