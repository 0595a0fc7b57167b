import anyAscii from 'any-ascii';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_USER_SETTINGS,
  type NotificationPreferences,
} from '@selah/shared/schemas/auth';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { canonicalTimeZone, isKnownTimeZone } from '../../lib/time-zone.ts';
import { type UserChanges, UsersRepository } from './users.repository.ts';
import { LRUCache } from 'lru-cache';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  emailVerified: boolean;
  profilePicture?: string | null;
  /**
   * The browser's time zone at sign-up, kept when it is (another name for) an accepted zone the
   * database knows; otherwise none is stored. Not marked chosen (ADR 057).
   */
  timeZone?: string | undefined;
}

/** The accepted zone a browser's report stands for ('Asia/Calcutta' → 'Asia/Kolkata'), or null. */
export function deviceTimeZone(zone: string | undefined): string | null {
  if (!zone) return null;
  const name = canonicalTimeZone(zone);
  return isKnownTimeZone(name) ? name : null;
}

/**
 * The user's IANA time zone for statistics and reminders; UTC until they choose one, and for a
 * stored value that is not an accepted zone the database knows (as SQL reads it: ADR 054).
 */
export function userTimeZone(user: Pick<UserRow, 'settings'>): string {
  const zone = user.settings.timeZone;
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

/** Normalises an e-mail for storage and comparison. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A username candidate from a person's name: lower-case letters and digits joined by a dot,
 * written in Latin letters ("Adébáyọ̀ Oke" → "adebayo.oke", "王 芳" → "wang.fang", "Ольга" →
 * "olga"; any-ascii's transliteration, ADR 061), so a non-Latin name gets a readable username.
 * Never from the e-mail address, which would give away the part of it that masked addresses
 * hide (docs/decisions/038). Only a name with nothing to write (under 3 letters or digits) gives
 * "member".
 */
export function usernameBase(firstName: string, lastName: string): string {
  const part = (name: string) =>
    anyAscii(name.normalize('NFC'))
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
  const joined = [part(firstName), part(lastName)].filter(Boolean).join('.').slice(0, 24);
  return joined.replace(/\.$/, '').length >= 3 ? joined.replace(/\.$/, '') : 'member';
}

export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists.';

export interface UsersServiceDeps {
  db: Db;
}

/** Users: creation with the spec's defaults and unique usernames, lookups, changes. */
export class UsersService {
  private readonly repo: UsersRepository;
  /**
   * When this process last wrote each user's activity (epoch ms), for a while: requests that
   * read the user row before that write landed (a page's parallel reads) do not write it again.
   */
  private readonly activityWritten = new LRUCache<string, number>({
    max: 100_000,
    ttl: ACTIVITY_WRITE_INTERVAL_MS,
  });

  constructor(deps: UsersServiceDeps) {
    this.repo = new UsersRepository(deps.db);
  }

  findById(id: string, tx?: DbOrTx) {
    return this.repo.findById(id, tx);
  }

  findByEmail(email: string, tx?: DbOrTx) {
    return this.repo.findByEmail(normaliseEmail(email), tx);
  }

  /** The user a sign-in identity (an OpenID issuer and subject) is linked to. */
  findByIdentity(issuer: string, subject: string, tx?: DbOrTx) {
    return this.repo.findByIdentity(issuer, subject, tx);
  }

  /** Links a sign-in identity to the user (nothing when it is linked already). */
  addIdentity(
    values: { userId: string; issuer: string; subject: string; email: string | null },
    tx?: DbOrTx,
  ): Promise<void> {
    return this.repo.addIdentity(values, tx);
  }

  /**
   * Changes the user's row (settings key by key: `UserChanges`); null when there is no such
   * user.
   */
  update(id: string, changes: UserChanges, tx?: DbOrTx): Promise<UserRow | null> {
    return this.repo.update(id, changes, tx);
  }

  /**
   * Makes the rest of `tx` run one at a time per user: the user's row stays locked until it
   * ends (docs/decisions/056).
   */
  lock(id: string, tx: Tx): Promise<void> {
    return this.repo.lock(id, tx);
  }

  /** Replaces the password hash only while it is still `expected` (no lost password change). */
  updatePasswordHashIf(id: string, expected: string, passwordHash: string): Promise<void> {
    return this.repo.updatePasswordHashIf(id, expected, passwordHash);
  }

  async updateNotificationPreferences(
    id: string,
    prefs: NotificationPreferences,
  ): Promise<UserRow> {
    const row = await this.repo.update(id, { notificationPreferences: prefs });
    if (!row) throw notFound('User');
    return row;
  }

  async setReminderTime(id: string, time: string | null): Promise<UserRow> {
    const row = await this.repo.update(id, { reminderTime: time });
    if (!row) throw notFound('User');
    return row;
  }

  /** Records that the user is active, at most once a minute (the Online tab reads it). */
  async touchActivity(user: UserRow, now = new Date()): Promise<void> {
    const last = Math.max(
      user.lastActiveAt?.getTime() ?? 0,
      this.activityWritten.get(user.id) ?? 0,
    );
    if (now.getTime() - last < ACTIVITY_WRITE_INTERVAL_MS) return;
    this.activityWritten.set(user.id, now.getTime());
    await this.repo.touchActivity(user.id, now);
  }

  /**
   * Creates a user with the spec's defaults and a unique username derived from their name.
   * @throws AppError CONFLICT when the e-mail is already registered.
   */
  async create(input: NewUser, tx?: DbOrTx): Promise<UserRow> {
    const email = normaliseEmail(input.email);
    const base = usernameBase(input.firstName, input.lastName);
    const timeZone = deviceTimeZone(input.timeZone);
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await this.repo.usernamesStartingWith(base, tx);
      let username = base;
      for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
      if (attempt > 0) username = `${base}${Math.floor(Math.random() * 100_000)}`;
      const row = await this.repo.insert(
        {
          email,
          emailVerified: input.emailVerified,
          passwordHash: input.passwordHash,
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          username,
          profilePicture: input.profilePicture ?? null,
          settings: timeZone ? { ...DEFAULT_USER_SETTINGS, timeZone } : DEFAULT_USER_SETTINGS,
          notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
        },
        tx,
      );
      if (row) return row;
      if (await this.repo.findByEmail(email, tx)) throw conflict(EMAIL_TAKEN_MESSAGE);
      // The username was taken by a concurrent sign-up: try another.
    }
    throw conflict('Could not allocate a username. Please try again.');
  }

  /** Deletes the user's row, in `tx`; everything that references it goes with it (cascaded). */
  async delete(id: string, tx: DbOrTx): Promise<void> {
    await this.repo.delete(id, tx);
  }
}
