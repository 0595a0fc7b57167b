import type { FastifyBaseLogger } from 'fastify';
import {
  LOGIN_CODE_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  SESSION_REMEMBER_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from '@selah/shared/constants';
import type { LoginInput, RegisterInput, ResetPasswordInput } from '@selah/shared/schemas/auth';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError, badRequest, unauthenticated, validationFailed } from '../../lib/app-error.ts';
import type { VersionedCache } from '../../lib/versioned-cache.ts';
import type { AUTH_LIMITS, Limiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import { accountExistsMail, passwordResetMail } from '../mail/mail-templates.ts';
import { EMAIL_TAKEN_MESSAGE, normaliseEmail, type UsersService } from '../users/users.service.ts';
import { AuthRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { GoogleOidc, VerifiedIdentity } from './google-oidc.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionTokens } from './session-token.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  /** The request's id, logged with every sign-in event (key `reqId`, as Fastify's own logs). */
  requestId?: string;
}

/** Who and where, for the security log: never a password, token or code. */
const who = (client: ClientInfo, userId?: string) => ({
  userId,
  ip: client.ip,
  reqId: client.requestId,
});

export interface AuthServiceDeps {
  db: Db;
  users: UsersService;
  mail: MailRepository;
  onMailQueued: () => void;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  google: GoogleOidc | null;
  appOrigin: string;
  limiters: Record<keyof typeof AUTH_LIMITS, Limiter>;
  logger: FastifyBaseLogger;
  /** Live sessions read lately, valid until a write completes (ADR 035); none when absent. */
  sessions?: VersionedCache<CachedSession> | undefined;
  /** Runs after a sign-up (friend invitations waiting for the new user). */
  onRegistered?: ((user: UserRow, inviteCode: string | undefined) => Promise<void>) | undefined;
}

/** A live session as authentication remembers it. */
export interface CachedSession {
  user: UserRow;
  sessionId: string;
  /** Epoch ms: the session ends then, whatever the cache says. */
  expiresAt: number;
}

export const INVALID_CREDENTIALS = 'Invalid email or password.';
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
  readonly repo: AuthRepository;

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
    await this.handOffInvitation(user, input.inviteCode);
    return user;
  }

  /** A new account from a friend's invite finds their friend request waiting. */
  private async handOffInvitation(user: UserRow, inviteCode: string | undefined): Promise<void> {
    await this.deps.onRegistered?.(user, inviteCode).catch((error: unknown) => {
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
      accountExistsMail(
        owner.email,
        owner.firstName,
        `${this.deps.appOrigin}/login`,
        `${this.deps.appOrigin}/forgot-password`,
      ),
    );
    this.deps.onMailQueued();
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
      await this.deps.users.repo.updatePasswordHashIf(user.id, old!, passwordHash);
    });
  }

  /** Resolves a bearer token to its live session and user, or null. */
  async authenticate(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    const claims = await this.deps.tokens.verify(token);
    if (!claims) return null;
    const { sessions } = this.deps;
    const key = `${claims.sessionId} ${claims.userId}`;
    const cached = sessions?.get(key);
    if (cached && cached.expiresAt > Date.now())
      return { user: cached.user, sessionId: cached.sessionId };
    const version = sessions?.version() ?? 0;
    const live = await this.repo.findLiveSession(claims.sessionId, claims.userId);
    if (!live) return null;
    const session = { user: live.user, sessionId: live.session.id };
    sessions?.set(key, { ...session, expiresAt: live.session.expiresAt.getTime() }, version);
    return session;
  }

  /** Notes the user's activity for the Online tab (written at most once a minute, never awaited). */
  noteActivity(user: UserRow): void {
    this.deps.users.touchActivity(user).catch((error: unknown) => {
      this.deps.logger.warn({ err: error, userId: user.id }, 'could not record activity');
    });
  }

  logout(sessionId: string): Promise<void> {
    return this.repo.revokeSession(sessionId);
  }

  /** Ends every session of the user, or every one but `keepSessionId`. */
  logoutEverywhere(userId: string, keepSessionId?: string): Promise<void> {
    return this.repo.revokeUserSessions(userId, keepSessionId);
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
    await this.deps.db.transaction(async (tx) => {
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
      await this.deps.mail.enqueue(passwordResetMail(user.email, user.firstName, url), tx);
    });
    this.deps.onMailQueued();
    this.deps.logger.info(
      { ...who(client, user.id), event: 'reset_requested' },
      'password reset requested',
    );
  }

  /**
   * Sets a new password from a reset link and ends every session of the account.
   * Attempts count against the address's reset budget before any hashing (no free CPU burn).
   * @throws AppError BAD_REQUEST when the link is unknown, used or expired.
   */
  async resetPassword(input: ResetPasswordInput, client: ClientInfo): Promise<void> {
    await this.deps.limiters.resetPerIp.consume(client.ip);
    passwordPolicy(input.password);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const userId = await this.deps.db.transaction(async (tx) => {
      const token = await this.repo.consumeToken('password_reset', hashToken(input.token), tx);
      if (!token) return null;
      await this.deps.users.repo.update(token.userId, { passwordHash }, tx);
      await this.repo.revokeUserSessions(token.userId, undefined, tx);
      return token.userId;
    });
    if (!userId) {
      this.deps.logger.warn({ ...who(client), event: 'reset_failed' }, 'password reset refused');
      throw badRequest(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
    }
    this.deps.logger.info({ ...who(client, userId), event: 'password_reset' }, 'password reset');
  }

  // --- Google -------------------------------------------------------------------------------

  private requireGoogle(): GoogleOidc {
    if (!this.deps.google)
      throw new AppError('NOT_FOUND', 'Google sign-in is not set up on this server.');
    return this.deps.google;
  }

  /** Starts a Google sign-in: stores state, nonce and PKCE verifier; returns where to redirect. */
  async googleStart(): Promise<{ url: string; state: string }> {
    const request = await this.requireGoogle().authorizationRequest();
    await this.repo.insertOauthState({
      stateHash: hashToken(request.state),
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
    });
    return { url: request.url, state: request.state };
  }

  /**
   * Completes a Google sign-in and returns a single-use login code for /auth/callback.
   * Users are keyed on the issuer's `sub`; an existing password account with the same e-mail is
   * linked only when the provider says the e-mail is verified.
   */
  async googleCallback(
    callbackUrl: URL,
    state: string,
    client: ClientInfo,
    inviteCode?: string,
  ): Promise<{ code: string; user: UserRow; isNewUser: boolean }> {
    const google = this.requireGoogle();
    const saved = await this.repo.consumeOauthState(hashToken(state));
    if (!saved) throw badRequest('The sign-in request has expired. Please try again.');
    const identity = await google.verifyCallback(callbackUrl, {
      state,
      nonce: saved.nonce,
      codeVerifier: saved.codeVerifier,
    });
    const { user, isNewUser } = await this.findOrCreateGoogleUser(identity);
    if (isNewUser) await this.handOffInvitation(user, inviteCode);
    const code = randomToken();
    await this.repo.insertToken({
      userId: user.id,
      kind: 'login_code',
      tokenHash: hashToken(code),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000),
      data: { isNewUser },
    });
    this.deps.logger.info(
      { ...who(client, user.id), event: 'google_login', isNewUser },
      'google sign-in',
    );
    return { code, user, isNewUser };
  }

  private async findOrCreateGoogleUser(
    identity: VerifiedIdentity,
  ): Promise<{ user: UserRow; isNewUser: boolean }> {
    return this.deps.db.transaction(async (tx) => {
      const existing = await this.deps.users.repo.findByIdentity(
        identity.issuer,
        identity.subject,
        tx,
      );
      if (existing) return { user: existing, isNewUser: false };
      if (!identity.email) throw badRequest('Your Google account did not share an e-mail address.');
      const sameEmail = await this.deps.users.findByEmail(identity.email, tx);
      if (sameEmail) {
        if (!identity.emailVerified) {
          throw new AppError(
            'CONFLICT',
            'An account with this e-mail already exists. Sign in with your password to continue.',
          );
        }
        await this.deps.users.repo.addIdentity(
          {
            userId: sameEmail.id,
            issuer: identity.issuer,
            subject: identity.subject,
            email: identity.email,
          },
          tx,
        );
        if (!sameEmail.emailVerified) {
          await this.deps.users.repo.update(sameEmail.id, { emailVerified: true }, tx);
        }
        return { user: sameEmail, isNewUser: false };
      }
      const user = await this.deps.users.create(
        {
          email: identity.email,
          firstName: identity.firstName || identity.email.split('@')[0] || 'Friend',
          lastName: identity.lastName,
          passwordHash: null,
          emailVerified: identity.emailVerified,
          profilePicture: identity.picture,
        },
        tx,
      );
      await this.deps.users.repo.addIdentity(
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
   * Exchanges a Google login code (single use, 60 s) for a session.
   * @throws AppError UNAUTHENTICATED when the code is unknown, used or expired.
   */
  async exchangeLoginCode(
    code: string,
    client: ClientInfo,
  ): Promise<{ token: string; user: UserRow; isNewUser: boolean }> {
    await this.deps.limiters.exchangePerIp.consume(client.ip);
    const consumed = await this.repo.consumeToken('login_code', hashToken(code));
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
