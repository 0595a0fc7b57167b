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
import type { AUTH_LIMITS, Limiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import type { MailRepository } from '../mail/mail.repository.ts';
import { passwordResetMail } from '../mail/mail-templates.ts';
import { normaliseEmail, type UsersService } from '../users/users.service.ts';
import { AuthRepository } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { GoogleOidc, VerifiedIdentity } from './google-oidc.ts';
import type { PasswordHasher } from './password-hasher.ts';
import type { SessionTokens } from './session-token.ts';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

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
  /** Runs after a sign-up (friend invitations waiting for the new user). */
  onRegistered?: ((user: UserRow, inviteCode: string | undefined) => Promise<void>) | undefined;
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
   * Creates a password account.
   * @throws AppError CONFLICT when the e-mail is registered; VALIDATION_FAILED for a weak password.
   */
  async register(input: RegisterInput, client: ClientInfo): Promise<UserRow> {
    await this.deps.limiters.registerPerIp.consume(client.ip);
    passwordPolicy(input.password);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const user = await this.deps.users.create({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      emailVerified: false,
    });
    this.deps.logger.info({ userId: user.id, ip: client.ip }, 'account registered');
    await this.deps.onRegistered?.(user, input.inviteCode).catch((error: unknown) => {
      // The account exists; a failed invitation hand-off must not fail the sign-up.
      this.deps.logger.warn({ err: error, userId: user.id }, 'invitation hand-off failed');
    });
    return user;
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
      this.deps.logger.warn(
        { userId: user?.id, ip: client.ip, event: 'login_failed' },
        'sign-in failed',
      );
      throw unauthenticated(INVALID_CREDENTIALS);
    }
    const token = await this.openSession(user, client, input.rememberMe === true);
    this.deps.logger.info({ userId: user.id, ip: client.ip, event: 'login' }, 'signed in');
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

  /** Resolves a bearer token to its live session and user, or null. */
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

  logout(sessionId: string): Promise<void> {
    return this.repo.revokeSession(sessionId);
  }

  logoutEverywhere(userId: string): Promise<void> {
    return this.repo.revokeUserSessions(userId);
  }

  /**
   * Sends a reset link when the address is registered; answers the same either way.
   */
  async forgotPassword(emailInput: string, client: ClientInfo): Promise<void> {
    const email = normaliseEmail(emailInput);
    await this.deps.limiters.resetPerIp.consume(client.ip);
    await this.deps.limiters.resetPerAccount.consume(email);
    const user = await this.deps.users.findByEmail(email);
    if (!user) {
      this.deps.logger.info(
        { ip: client.ip, event: 'reset_unknown' },
        'password reset for unknown address',
      );
      return;
    }
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
      { userId: user.id, ip: client.ip, event: 'reset_requested' },
      'password reset requested',
    );
  }

  /**
   * Sets a new password from a reset link and ends every session of the account.
   * @throws AppError BAD_REQUEST when the link is unknown, used or expired.
   */
  async resetPassword(input: ResetPasswordInput, client: ClientInfo): Promise<void> {
    passwordPolicy(input.password);
    const passwordHash = await this.deps.hasher.hash(input.password);
    const userId = await this.deps.db.transaction(async (tx) => {
      const token = await this.repo.consumeToken('password_reset', hashToken(input.token), tx);
      if (!token) return null;
      await this.deps.users.repo.update(token.userId, { passwordHash }, tx);
      await this.repo.revokeUserSessions(token.userId, undefined, tx);
      return token.userId;
    });
    if (!userId)
      throw badRequest(
        'This password reset link is invalid or has expired. Please request a new one.',
      );
    this.deps.logger.info({ userId, ip: client.ip, event: 'password_reset' }, 'password reset');
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
    const code = randomToken();
    await this.repo.insertToken({
      userId: user.id,
      kind: 'login_code',
      tokenHash: hashToken(code),
      expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000),
      data: { isNewUser },
    });
    this.deps.logger.info(
      { userId: user.id, ip: client.ip, event: 'google_login', isNewUser },
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
    if (!consumed) throw unauthenticated('This sign-in link has expired. Please sign in again.');
    const user = await this.deps.users.findById(consumed.userId);
    if (!user) throw unauthenticated('This sign-in link has expired. Please sign in again.');
    const token = await this.openSession(user, client, true);
    return { token, user, isNewUser: consumed.data?.isNewUser === true };
  }
}
