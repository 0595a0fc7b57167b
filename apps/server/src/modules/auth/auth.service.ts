import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_LINK_TTL_SECONDS,
  GOOGLE_CONFIRM_TTL_SECONDS,
  LOGIN_CODE_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  SESSION_REMEMBER_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from '@selah/shared/constants';
import type {
  GoogleConfirmAction,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  VerifyEmailResponse,
} from '@selah/shared/schemas/auth';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import {
  AppError,
  badRequest,
  conflict,
  unauthenticated,
  validationFailed,
} from '../../lib/app-error.ts';
import type { ClientInfo } from '../../lib/client-info.ts';
import type { AUTH_LIMITS, Limiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import type { OutgoingMail } from '../mail/mail.repository.ts';
import type { MailWorker } from '../mail/mail.worker.ts';
import {
  accountExistsMail,
  confirmNewEmailMail,
  emailChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from '../mail/mail-templates.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { EMAIL_TAKEN_MESSAGE, normaliseEmail, type UsersService } from '../users/users.service.ts';
import { AuthRepository, type SessionScope } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { GoogleOidc, VerifiedIdentity } from './google-oidc.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionTokens } from './session-token.ts';

/** Who and where, for the security log: never a password, token or code. */
const who = (client: ClientInfo, userId?: string) => ({
  userId,
  ip: client.ip,
  reqId: client.requestId,
});

/** Where a new account's waiting friend invitations are (the friends module). */
export interface InvitationsOnSignUp {
  /** A new account from a friend's invite finds their friend request waiting. */
  welcomeInvited(user: UserRow, inviteCode: string | undefined): Promise<void>;
}

/**
 * A module holding something that ties an account to other people (friendships, memberships,
 * commitments, an inbox): taking back an account nobody had confirmed ends it there, in the
 * take-back's transaction, since whoever held the account built it (docs/decisions/055).
 */
export interface TiesOfAnAccount {
  endTiesOf(userId: string, tx: Tx): Promise<void>;
}

export interface AuthServiceDeps {
  db: Db;
  users: UsersService;
  mail: MailWorker;
  /** Ended sessions lose their push subscriptions and open streams. */
  notifications: NotificationsService;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  google: GoogleOidc | null;
  appOrigin: string;
  limiters: Record<keyof typeof AUTH_LIMITS, Limiter>;
  logger: FastifyBaseLogger;
  /** Friend invitations waiting for a new user. */
  invitations: InvitationsOnSignUp;
  /** Every module holding ties between an account and others: a take-back ends them all. */
  tiesOfAnAccount: readonly TiesOfAnAccount[];
}

/** What a Google callback came to: a sign-in, a refusal, or a confirmation (ADR 039). */
export type GoogleOutcome =
  | {
      kind: 'signed_in';
      /** The single-use code for /auth/callback, valid only with `browserSecret`. */
      code: string;
      /** Goes into an HttpOnly cookie: the code works only in the browser that holds it. */
      browserSecret: string;
      user: UserRow;
      isNewUser: boolean;
    }
  | { kind: 'refused'; reason: 'email_unverified' }
  | {
      kind: 'confirm';
      /** The app page to go back to, saying whether it worked. */
      redirectTo: string;
      /** The confirmation (an HttpOnly cookie's value); null when it did not work. */
      secret: string | null;
    };

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const INVALID_EMAIL_LINK =
  'This link is invalid or has expired. Please sign in and ask for a new one.';
export const VERIFY_RESEND_LIMITED =
  'We have sent you several links already. Please check your inbox (and spam folder), or try again later.';
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

function passwordPolicy(password: string): void {
  if (isCommonPassword(password)) {
    throw validationFailed(
      'body.password',
      'This password is too common. Please choose a less guessable one.',
    );
  }
}

/** Accounts and sessions: register, sign in (password or Google), sign out, reset password. */
export class AuthService {
  private readonly repo: AuthRepository;

  private readonly deps: AuthServiceDeps;

  constructor(deps: AuthServiceDeps) {
    this.deps = deps;
    this.repo = new AuthRepository(deps.db);
  }

  get googleEnabled(): boolean {
    return this.deps.google !== null;
  }

  /**
   * Creates a password account. An address that already has an account gets the same answer
   * (no user enumeration, ASVS 6.3.8): its owner is told by e-mail instead, and null is returned.
   * @throws AppError VALIDATION_FAILED for a weak password.
   */
  async register(input: RegisterInput, client: ClientInfo): Promise<UserRow | null> {
    await this.deps.limiters.registerPerIp.consume(client.ip);
    passwordPolicy(input.password);
    const passwordHash = await this.deps.hasher.hash(input.password);
    let user: UserRow;
    try {
      user = await this.deps.users.create({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        emailVerified: false,
        timeZone: input.timeZone,
      });
    } catch (error) {
      if (!(error instanceof AppError && error.message === EMAIL_TAKEN_MESSAGE)) throw error;
      // The owner is told after the answer, which stays the same as for a new address.
      this.background('sign-up notice', async () => {
        const existing = await this.deps.users.findByEmail(input.email);
        if (existing) await this.tellOwnerOfSignUp(existing, client);
      });
      return null;
    }
    this.deps.logger.info({ ...who(client, user.id), event: 'register' }, 'account registered');
    // After the answer, like the notice for a taken address: both answers cost the same.
    this.background('verification link', () => this.sendVerificationLink(user));
    await this.handOffInvitation(user, input.inviteCode);
    return user;
  }

  /** A new account from a friend's invite finds their friend request waiting. */
  private async handOffInvitation(user: UserRow, inviteCode: string | undefined): Promise<void> {
    await this.deps.invitations.welcomeInvited(user, inviteCode).catch((error: unknown) => {
      // The account exists; a failed invitation hand-off must not fail the sign-up.
      this.deps.logger.warn({ err: error, userId: user.id }, 'invitation hand-off failed');
    });
  }

  /** Someone signed up with a registered address: tell its owner (at most 5 e-mails per 30 min). */
  private async tellOwnerOfSignUp(owner: UserRow, client: ClientInfo): Promise<void> {
    this.deps.logger.info(
      { ...who(client, owner.id), event: 'register_existing' },
      'sign-up attempt with a registered address',
    );
    try {
      await this.deps.limiters.resetPerAccount.consume(`signup:${owner.email}`);
    } catch {
      return;
    }
    await this.deps.mail.enqueue(
      [
        accountExistsMail(
          owner.email,
          owner.firstName,
          `${this.deps.appOrigin}/login`,
          `${this.deps.appOrigin}/forgot-password`,
        ),
      ],
      this.deps.db,
    );
  }

  /**
   * Checks the password and opens a session.
   * @throws AppError UNAUTHENTICATED with one message for every wrong e-mail or password.
   */
  async login(input: LoginInput, client: ClientInfo): Promise<{ token: string; user: UserRow }> {
    const email = normaliseEmail(input.email);
    await this.deps.limiters.loginPerIp.consume(client.ip);
    await this.deps.limiters.loginPerAccount.check(email);
    const user = await this.deps.users.findByEmail(email);
    const ok = user?.passwordHash
      ? await this.deps.hasher.verify(user.passwordHash, input.password)
      : await this.deps.hasher.verifyDummy(input.password);
    if (!user || !ok) {
      await this.deps.limiters.loginPerAccount.consume(email);
      this.deps.logger.warn({ ...who(client, user?.id), event: 'login_failed' }, 'sign-in failed');
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    const token = await this.openSession(user, client, input.rememberMe === true);
    this.deps.logger.info({ ...who(client, user.id), event: 'login' }, 'signed in');
    if (this.deps.hasher.needsRehash(user.passwordHash!)) this.rehash(user, input.password);
    return { token, user };
  }

  private async openSession(user: UserRow, client: ClientInfo, remember: boolean): Promise<string> {
    const ttl = remember ? SESSION_REMEMBER_TTL_SECONDS : SESSION_TTL_SECONDS;
    const expiresAt = new Date(Date.now() + ttl * 1000);
    const session = await this.repo.createSession({
      userId: user.id,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
    });
    return this.deps.tokens.sign({ userId: user.id, sessionId: session.id }, expiresAt);
  }

  /** Brings a hash made with older Argon2id parameters up to today's, after the answer is sent. */
  private rehash(user: UserRow, password: string): void {
    const old = user.passwordHash;
    this.background('password rehash', async () => {
      const passwordHash = await this.deps.hasher.hash(password);
      // Only if the password did not change meanwhile (a reset or another sign-in's rehash).
      await this.deps.users.updatePasswordHashIf(user.id, old!, passwordHash);
    });
  }

  /**
   * Resolves a bearer token to its live session and user, or null: the session row is read on
   * every request (one prepared statement by primary key), so a revocation in any process takes
   * effect at the next request (ADR 046).
   */
  async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const live = await this.repo.findLiveSession(claims.sessionId, claims.userId);
    return live ? { user: live.user, sessionId: live.session.id } : null;
  }

  /** Notes the user's activity for the Online tab (written at most once a minute, never awaited). */
  noteActivity(user: UserRow): void {
    this.deps.users.touchActivity(user).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, userId: user.id }, 'could not record activity');
    });
  }

  /** Ends this session: its token, its open streams and its push subscriptions. */
  logout(userId: string, sessionId: string): Promise<void> {
    return this.endSessions(userId, { only: sessionId });
  }

  /** Ends every session of the user, or every one but `keepSessionId`. */
  logoutEverywhere(userId: string, keepSessionId?: string): Promise<void> {
    return this.endSessions(userId, { except: keepSessionId });
  }

  private async endSessions(userId: string, scope: SessionScope): Promise<void> {
    await transaction(this.deps.db, (tx) => this.endSessionsWithin(userId, tx, scope));
  }

  /**
   * Ends sessions of the user inside `tx` (the caller's transaction) and everything that hangs
   * on them: their push subscriptions, and once it has committed their open notification
   * streams in every process.
   */
  async endSessionsWithin(userId: string, tx: DbOrTx, scope: SessionScope = {}): Promise<void> {
    const ids = await this.repo.revokeSessions(userId, scope, tx);
    if (ids.length > 0) await this.deps.notifications.sessionsEnded(userId, ids, tx);
  }

  /** Deletes expired sessions, sign-in states and links (hourly housekeeping). */
  purgeExpired(): Promise<void> {
    return this.repo.purgeExpired();
  }

  /** Of `ids`, the sessions still live (open streams check theirs with it). */
  liveSessionIds(ids: string[]): Promise<Set<string>> {
    return this.repo.liveSessionIds(ids);
  }

  /** Work that must not make the answer slower for a registered address (reset links, notices). */
  private readonly pending = new Set<Promise<void>>();

  private background(what: string, task: () => Promise<void>): void {
    // Started on the next turn of the event loop, once the answer is on its way.
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.deps.logger.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once background work has finished (shutdown and tests wait for it). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /**
   * Sends a reset link when the address is registered; answers the same, in about the same
   * time, either way: the link is written after the answer.
   */
  async forgotPassword(emailInput: string, client: ClientInfo): Promise<void> {
    const email = normaliseEmail(emailInput);
    await this.deps.limiters.resetPerIp.consume(client.ip);
    await this.deps.limiters.resetPerAccount.consume(email);
    const user = await this.deps.users.findByEmail(email);
    if (!user) {
      this.deps.logger.info(
        { ...who(client), event: 'reset_unknown' },
        'password reset for unknown address',
      );
      return;
    }
    this.background('password reset link', () => this.sendResetLink(user, client));
  }

  private async sendResetLink(user: UserRow, client: ClientInfo): Promise<void> {
    const token = randomToken();
    await transaction(this.deps.db, async (tx) => {
      await this.repo.invalidateTokens(user.id, 'password_reset', tx);
      await this.repo.insertToken(
        {
          userId: user.id,
          kind: 'password_reset',
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
        },
        tx,
      );
      const url = `${this.deps.appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
      await this.deps.mail.enqueue([passwordResetMail(user.email, user.firstName, url)], tx);
    });
    this.deps.logger.info(
      { ...who(client, user.id), event: 'reset_requested' },
      'password reset requested',
    );
  }

  /**
   * Sets a new password from a reset link. Afterwards only the new password reaches the
   * account: every session ends (with its streams and push subscriptions), linked Google
   * identities are unlinked (signing in with Google again links one whose address matches),
   * and every other link or code on its way is void. The link proved the address.
   * Attempts count against the address's reset budget before any hashing (no free CPU burn).
   * @throws AppError BAD_REQUEST when the link is unknown, used or expired.
   */
  async resetPassword(input: ResetPasswordInput, client: ClientInfo): Promise<void> {
    await this.deps.limiters.resetPerIp.consume(client.ip);
    passwordPolicy(input.password);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const done = await transaction(this.deps.db, async (tx) => {
      const token = await this.repo.consumeToken('password_reset', hashToken(input.token), tx);
      if (!token) return null;
      await this.deps.users.update(token.userId, { passwordHash, emailVerified: true }, tx);
      await this.repo.invalidateTokens(token.userId, 'all', tx);
      const unlinked = await this.repo.unlinkIdentities(token.userId, tx);
      await this.endSessionsWithin(token.userId, tx);
      return { userId: token.userId, unlinked };
    });
    if (!done) {
      this.deps.logger.warn({ ...who(client), event: 'reset_failed' }, 'password reset refused');
      throw badRequest(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
    }
    this.deps.logger.info(
      { ...who(client, done.userId), event: 'password_reset', unlinkedIdentities: done.unlinked },
      'password reset',
    );
  }

  // --- E-mail addresses ------------------------------------------------------------------------

  /** Mails a link that confirms the account's current address (older ones stop working). */
  private async sendVerificationLink(user: UserRow): Promise<void> {
    await this.sendEmailLink(user, 'email_verify', user.email, {}, verifyEmailMail);
  }

  /**
   * Sends the confirmation link again for a signed-in user whose address is not confirmed yet
   * (3 per hour per account).
   * @returns whether a link was sent (false: the address is confirmed already).
   * @throws AppError RATE_LIMITED past the limit.
   */
  async resendVerification(user: UserRow, client: ClientInfo): Promise<boolean> {
    if (user.emailVerified) return false;
    await this.deps.limiters.verifyPerAccount.consume(user.id, VERIFY_RESEND_LIMITED);
    await this.sendVerificationLink(user);
    this.deps.logger.info(
      { ...who(client, user.id), event: 'verification_resent' },
      'verification link sent again',
    );
    return true;
  }

  /**
   * Mails `email` a link that makes it the account's sign-in address once opened; nothing
   * changes before. The session that asked stays signed in then, the others end.
   */
  async sendEmailChangeLink(user: UserRow, email: string, sessionId: string | null): Promise<void> {
    await this.sendEmailLink(
      user,
      'email_change',
      email,
      sessionId ? { sessionId } : {},
      confirmNewEmailMail,
    );
  }

  private async sendEmailLink(
    user: UserRow,
    kind: 'email_verify' | 'email_change',
    email: string,
    data: Record<string, string>,
    mail: (to: string, firstName: string, url: string) => OutgoingMail,
  ): Promise<void> {
    const token = randomToken();
    await transaction(this.deps.db, async (tx) => {
      await this.repo.invalidateTokens(user.id, kind, tx);
      await this.repo.insertToken(
        {
          userId: user.id,
          kind,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_SECONDS * 1000),
          data: { ...data, email },
        },
        tx,
      );
      const url = `${this.deps.appOrigin}/verify-email?token=${encodeURIComponent(token)}`;
      await this.deps.mail.enqueue([mail(email, user.firstName, url)], tx);
    });
  }

  /**
   * Opens an e-mailed link: confirms the account's address, or completes an e-mail change (the
   * new address replaces the old one, which is told; every session but the one that asked
   * ends; links sent to the old address stop working).
   * @throws AppError BAD_REQUEST for a link that is unknown, used, expired or for an address the
   *   account no longer has; CONFLICT when the new address has meanwhile got an account.
   */
  async verifyEmail(token: string, client: ClientInfo): Promise<VerifyEmailResponse> {
    await this.deps.limiters.verifyPerIp.consume(client.ip);
    const done = await this.openEmailLink(token).catch((error: unknown) => {
      // Another account took the address between the check and the update.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
      throw error;
    });
    if (!done) {
      this.deps.logger.warn({ ...who(client), event: 'email_link_failed' }, 'e-mail link refused');
      throw badRequest(INVALID_EMAIL_LINK);
    }
    this.deps.logger.info(
      { ...who(client, done.user.id), event: done.changed ? 'email_changed' : 'email_verified' },
      done.changed ? 'e-mail address changed' : 'e-mail address confirmed',
    );
    return {
      email: done.email,
      message: done.changed
        ? `You now sign in with ${done.email}. Your other devices were signed out.`
        : 'Thank you: your e-mail address is confirmed.',
    };
  }

  /** Uses up an e-mailed link and applies it, in one transaction; null when it is no good. */
  private openEmailLink(token: string) {
    return transaction(this.deps.db, async (tx) => {
      const link = await this.repo.consumeToken(
        ['email_verify', 'email_change'],
        hashToken(token),
        tx,
      );
      const email = typeof link?.data?.email === 'string' ? link.data.email : null;
      const user = link && email ? await this.deps.users.findById(link.userId, tx) : null;
      if (!link || !email || !user) return null;
      if (link.kind === 'email_verify') {
        if (email !== user.email) return null;
        await this.deps.users.update(user.id, { emailVerified: true }, tx);
        return { user, email, changed: false };
      }
      const holder = await this.deps.users.findByEmail(email, tx);
      if (holder && holder.id !== user.id) throw conflict(EMAIL_TAKEN_MESSAGE);
      await this.deps.users.update(user.id, { email, emailVerified: true }, tx);
      await this.repo.invalidateTokens(user.id, ['email_verify', 'password_reset'], tx);
      const keep = typeof link.data?.sessionId === 'string' ? link.data.sessionId : undefined;
      await this.endSessionsWithin(user.id, tx, { except: keep });
      await this.deps.mail.enqueue([emailChangedMail(user.email, user.firstName, email)], tx);
      return { user, email, changed: true };
    });
  }

  // --- Google -------------------------------------------------------------------------------

  private requireGoogle(): GoogleOidc {
    if (!this.deps.google)
      throw new AppError('NOT_FOUND', 'Google sign-in is not set up on this server.');
    return this.deps.google;
  }

  /**
   * Starts a Google round trip: stores state, nonce and PKCE verifier; returns where to redirect.
   * `confirm` starts one that confirms a dangerous action of a Google-only account instead of
   * signing in (ADR 039).
   */
  async googleStart(confirm?: GoogleConfirmAction): Promise<{ url: string; state: string }> {
    const request = await this.requireGoogle().authorizationRequest();
    await this.repo.insertOauthState({
      stateHash: hashToken(request.state),
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      purpose: confirm ? `confirm_${confirm}` : 'sign_in',
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    return { url: request.url, state: request.state };
  }

  /**
   * Completes a Google round trip. A sign-in returns a single-use code for /auth/callback that
   * only the browser holding `browserSecret` can exchange. Users are keyed on the issuer's
   * `sub`; an identity whose e-mail Google has not verified neither creates nor links an
   * account; linking an account whose address nobody had proven ends everything its password
   * set up (ADR 039). A confirmation returns the secret that confirms the account it belongs to.
   */
  async googleCallback(
    callbackUrl: URL,
    state: string,
    client: ClientInfo,
    signUp: { inviteCode?: string | undefined; timeZone?: string | undefined } = {},
  ): Promise<GoogleOutcome> {
    const google = this.requireGoogle();
    const saved = await this.repo.consumeOauthState(hashToken(state));
    if (!saved) throw badRequest('The sign-in request has expired. Please try again.');
    const checks = { state, nonce: saved.nonce, codeVerifier: saved.codeVerifier };
    if (saved.purpose !== 'sign_in') {
      const action = saved.purpose === 'confirm_clear' ? 'clear' : 'delete';
      return this.googleConfirmation(google, callbackUrl, checks, action, client);
    }
    const identity = await google.verifyCallback(callbackUrl, checks);
    if (!identity.emailVerified) {
      const known = await this.deps.users.findByIdentity(identity.issuer, identity.subject);
      if (!known) {
        this.deps.logger.warn(
          { ...who(client), event: 'google_login_failed', reason: 'email_unverified' },
          'google identity with an unverified e-mail refused',
        );
        return { kind: 'refused', reason: 'email_unverified' };
      }
    }
    const { user, isNewUser } = await this.findOrCreateGoogleUser(
      identity,
      client,
      signUp.timeZone,
    );
    if (isNewUser) await this.handOffInvitation(user, signUp.inviteCode);
    const code = randomToken();
    const browserSecret = randomToken();
    await this.repo.insertToken({
      userId: user.id,
      kind: 'login_code',
      tokenHash: loginCodeHash(code, browserSecret),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000),
      data: { isNewUser },
    });
    this.deps.logger.info(
      { ...who(client, user.id), event: 'google_login', isNewUser },
      'google sign-in',
    );
    return { kind: 'signed_in', code, browserSecret, user, isNewUser };
  }

  /** A round trip started to confirm `action`: any failure sends the user back to say so. */
  private async googleConfirmation(
    google: GoogleOidc,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
    action: GoogleConfirmAction,
    client: ClientInfo,
  ): Promise<GoogleOutcome> {
    const back = (ok: boolean) =>
      `/settings?${new URLSearchParams({ [ok ? 'confirmed' : 'confirm_failed']: action }).toString()}`;
    let user: UserRow | null = null;
    try {
      const identity = await google.verifyCallback(callbackUrl, checks);
      user = await this.deps.users.findByIdentity(identity.issuer, identity.subject);
    } catch (error) {
      this.deps.logger.warn(
        { ...who(client), event: 'google_confirm_failed', reason: (error as Error).message },
        'google confirmation failed',
      );
    }
    if (!user) return { kind: 'confirm', redirectTo: back(false), secret: null };
    const secret = randomToken();
    await this.repo.insertToken({
      userId: user.id,
      kind: 'google_confirm',
      tokenHash: confirmationHash(secret, action),
      expiresAt: new Date(Date.now() + GOOGLE_CONFIRM_TTL_SECONDS * 1000),
    });
    this.deps.logger.info(
      { ...who(client, user.id), event: 'google_confirm', action },
      'google confirmation',
    );
    return { kind: 'confirm', redirectTo: back(true), secret };
  }

  /**
   * Uses up a fresh Google confirmation of `action` (the browser's cookie) for `userId`.
   * @returns false when there is none, it confirms another action or someone else's account,
   *   or it is used or older than 5 minutes.
   */
  async consumeGoogleConfirmation(
    userId: string,
    action: GoogleConfirmAction,
    secret: string | undefined,
  ): Promise<boolean> {
    if (!secret) return false;
    const hash = confirmationHash(secret, action);
    return (await this.repo.consumeToken('google_confirm', hash, undefined, userId)) !== null;
  }

  private async findOrCreateGoogleUser(
    identity: VerifiedIdentity,
    client: ClientInfo,
    timeZone: string | undefined,
  ): Promise<{ user: UserRow; isNewUser: boolean }> {
    return transaction(this.deps.db, async (tx) => {
      const existing = await this.deps.users.findByIdentity(identity.issuer, identity.subject, tx);
      if (existing) return { user: existing, isNewUser: false };
      if (!identity.email) throw badRequest('Your Google account did not share an e-mail address.');
      const sameEmail = await this.deps.users.findByEmail(identity.email, tx);
      if (sameEmail) {
        let user = sameEmail;
        if (!sameEmail.emailVerified) {
          // Nobody had proven this address: whoever chose the password may not own it. Google
          // has proven it now, so the account is this person's, and nothing the password set up
          // (sessions, links and codes on their way, other identities) reaches it any more, nor
          // anything its holder built with other people (friends, shares, memberships, groups,
          // commitments, invitations: ADR 055). What they wrote stays (ADR 039).
          await this.repo.unlinkIdentities(sameEmail.id, tx);
          await this.repo.invalidateTokens(sameEmail.id, 'all', tx);
          await this.endSessionsWithin(sameEmail.id, tx);
          for (const module of this.deps.tiesOfAnAccount) await module.endTiesOf(sameEmail.id, tx);
          user =
            (await this.deps.users.update(
              sameEmail.id,
              { passwordHash: null, emailVerified: true },
              tx,
            )) ?? sameEmail;
          this.deps.logger.warn(
            { ...who(client, sameEmail.id), event: 'google_claimed_unverified' },
            'google sign-in claimed an account whose address was never confirmed',
          );
        }
        await this.deps.users.addIdentity(
          {
            userId: sameEmail.id,
            issuer: identity.issuer,
            subject: identity.subject,
            email: identity.email,
          },
          tx,
        );
        return { user, isNewUser: false };
      }
      const user = await this.deps.users.create(
        {
          email: identity.email,
          firstName: identity.firstName || identity.email.split('@')[0] || 'Friend',
          lastName: identity.lastName,
          passwordHash: null,
          emailVerified: true,
          profilePicture: identity.picture,
          timeZone,
        },
        tx,
      );
      await this.deps.users.addIdentity(
        {
          userId: user.id,
          issuer: identity.issuer,
          subject: identity.subject,
          email: identity.email,
        },
        tx,
      );
      return { user, isNewUser: true };
    });
  }

  /**
   * Exchanges a Google login code (single use, 60 s) for a session; only the browser the
   * callback gave its secret to (an HttpOnly cookie) can.
   * @throws AppError UNAUTHENTICATED when the code is unknown, used, expired or for another browser.
   */
  async exchangeLoginCode(
    code: string,
    browserSecret: string | undefined,
    client: ClientInfo,
  ): Promise<{ token: string; user: UserRow; isNewUser: boolean }> {
    await this.deps.limiters.exchangePerIp.consume(client.ip);
    const consumed = browserSecret
      ? await this.repo.consumeToken('login_code', loginCodeHash(code, browserSecret))
      : null;
    const user = consumed ? await this.deps.users.findById(consumed.userId) : null;
    if (!user) {
      this.deps.logger.warn(
        { ...who(client, consumed?.userId), event: 'login_failed', method: 'google_code' },
        'sign-in code refused',
      );
      throw unauthenticated('This sign-in link has expired. Please sign in again.');
    }
    const token = await this.openSession(user, client, true);
    this.deps.logger.info(
      { ...who(client, user.id), event: 'login', method: 'google' },
      'signed in',
    );
    return { token, user, isNewUser: consumed?.data?.isNewUser === true };
  }
}

/** A confirmation is stored with its action: one for clearing data deletes nothing. */
const confirmationHash = (secret: string, action: GoogleConfirmAction) =>
  hashToken(`${secret}.${action}`);

/** A login code is stored with the browser's secret: the code alone finds nothing. */
const loginCodeHash = (code: string, browserSecret: string) =>
  hashToken(`${code}.${browserSecret}`);
