import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthProvidersSchema,
  AuthResponseSchema,
  ExchangeCodeInputSchema,
  ForgotPasswordInputSchema,
  GOOGLE_CONFIRM_ACTIONS,
  LoginInputSchema,
  RegisterInputSchema,
  RegisterResponseSchema,
  ResetPasswordInputSchema,
  UserSchema,
  VerifyEmailInputSchema,
  VerifyEmailResponseSchema,
} from '@selah/shared/schemas/auth';
import { MessageSchema } from '@selah/shared/schemas/common';
import { ApiErrorSchema } from '@selah/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { safeEqual } from '../../lib/secure-token.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';
import { presentUser } from '../users/users.presenter.ts';
import { clientInfo } from '../../lib/client-info.ts';
import type { AuthService } from './auth.service.ts';
import { clearGoogleCookie, googleCookie, setGoogleCookie } from './google-cookies.ts';
import { clearPageCookie, pageCookie, setPageCookie } from './page-cookie.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** One answer for every sign-up, new address or not (no user enumeration). */
export const REGISTERED_MESSAGE = 'Thank you for signing up. Please sign in to continue.';

export interface AuthRoutesOptions {
  auth: AuthService;
  appOrigin: string;
  secureCookies: boolean;
}

/** /api/auth: register, login, me, logout, password reset, Google sign-in. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  const { auth } = opts;
  // Reset links and sign-up notices are written after the answer: finish them before closing.
  app.addHook('onClose', () => auth.settled());

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        operationId: 'register',
        summary: 'Sign up',
        body: RegisterInputSchema,
        response: { 201: RegisterResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await auth.register(request.body, clientInfo(request));
      return reply.status(201).send({ message: REGISTERED_MESSAGE });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        operationId: 'logIn',
        summary: 'Sign in with e-mail and password',
        body: LoginInputSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, user } = await auth.login(request.body, clientInfo(request));
      reply.header('cache-control', 'no-store');
      setPageCookie(reply, token, opts.secureCookies);
      return { token, user: presentUser(user) };
    },
  );

  app.get(
    '/me',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        operationId: 'getMe',
        summary: 'Get the signed-in user',
        response: { 200: UserSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      // The app asks for /me at every start: a session from before the page cookie existed, or
      // a browser that lost it, gets it here (ADR 033).
      const token = bearerToken(request);
      if (token && pageCookie(request, opts.secureCookies) !== token)
        setPageCookie(reply, token, opts.secureCookies);
      return presentUser(currentUser(request));
    },
  );

  app.post(
    '/logout',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        operationId: 'logOut',
        summary: 'Sign out this session',
        response: { 204: z.null(), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.logout(currentUser(request).id, request.sessionId!);
      request.log.info({ userId: request.user?.id, event: 'logout' }, 'signed out');
      clearPageCookie(reply, opts.secureCookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        operationId: 'logOutEverywhere',
        summary: 'Sign out every session',
        response: { 204: z.null(), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await auth.logoutEverywhere(currentUser(request).id);
      clearPageCookie(reply, opts.secureCookies);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/forgot-password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'forgotPassword',
        summary: 'Ask for a password-reset link',
        body: ForgotPasswordInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.forgotPassword(request.body.email, clientInfo(request));
      return {
        message: "If an account exists for that address, we've sent a link to reset your password.",
      };
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset link',
        body: ResetPasswordInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, clientInfo(request));
      return { message: 'Your password has been changed. Please sign in.' };
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        operationId: 'verifyEmail',
        summary: 'Open an e-mailed link',
        description: 'Confirms the address, or completes an e-mail change.',
        body: VerifyEmailInputSchema,
        response: { 200: VerifyEmailResponseSchema, ...errors },
      },
    },
    async (request) => auth.verifyEmail(request.body.token, clientInfo(request)),
  );

  app.post(
    '/verify-email/resend',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        operationId: 'resendVerificationEmail',
        summary: 'Resend the e-mail confirmation link',
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const sent = await auth.resendVerification(user, clientInfo(request));
      return {
        message: sent
          ? `We sent a new link to ${user.email}. It works for 24 hours.`
          : 'Your e-mail address is confirmed already.',
      };
    },
  );

  app.get(
    '/providers',
    {
      schema: {
        tags: ['auth'],
        operationId: 'listAuthProviders',
        summary: 'List the sign-in providers',
        response: { 200: AuthProvidersSchema, 429: ApiErrorSchema },
      },
    },
    async () => ({ google: auth.googleEnabled }),
  );

  app.post(
    '/exchange',
    {
      schema: {
        tags: ['auth'],
        operationId: 'exchangeLoginCode',
        summary: 'Finish Google sign-in',
        description: 'Exchanges the one-time code of the Google callback for a session.',
        body: ExchangeCodeInputSchema,
        response: { 200: AuthResponseSchema.extend({ isNewUser: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => {
      const browserSecret = googleCookie(request, 'handoff');
      clearGoogleCookie(reply, 'handoff');
      const { token, user, isNewUser } = await auth.exchangeLoginCode(
        request.body.code,
        browserSecret,
        clientInfo(request),
      );
      reply.header('cache-control', 'no-store');
      setPageCookie(reply, token, opts.secureCookies);
      return { token, user: presentUser(user), isNewUser };
    },
  );

  // --- Google (full-page redirects, not JSON) ------------------------------------------------

  const callbackPage = (params: Record<string, string>) =>
    `${opts.appOrigin}/auth/callback?${new URLSearchParams(params).toString()}`;

  app.get(
    '/google',
    {
      schema: {
        tags: ['auth'],
        hide: true,
        querystring: z.object({
          invite: RegisterInputSchema.shape.inviteCode,
          /** The browser's time zone, for an account this sign-in creates. */
          timeZone: RegisterInputSchema.shape.timeZone,
          /** Confirms a dangerous action of the signed-in Google-only account instead. */
          confirm: z.enum(GOOGLE_CONFIRM_ACTIONS).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { invite, confirm, timeZone } = request.query;
      if (!auth.googleEnabled) {
        const message = 'Google sign-in is not set up on this server.';
        return reply.redirect(
          confirm
            ? `/settings?${new URLSearchParams({ confirm_failed: confirm }).toString()}`
            : `/login?${new URLSearchParams({ error: 'oauth_error', message }).toString()}`,
        );
      }
      try {
        const { url, state } = await auth.googleStart(confirm);
        setGoogleCookie(reply, 'state', state, opts.secureCookies);
        if (invite && !confirm) setGoogleCookie(reply, 'invite', invite, opts.secureCookies);
        else clearGoogleCookie(reply, 'invite');
        if (timeZone && !confirm) setGoogleCookie(reply, 'zone', timeZone, opts.secureCookies);
        else clearGoogleCookie(reply, 'zone');
        return reply.redirect(url);
      } catch (error) {
        request.log.warn({ err: error, ip: request.ip }, 'google sign-in could not start');
        return reply.redirect(callbackPage({ error: 'oauth_error' }));
      }
    },
  );

  app.get(
    '/google/callback',
    {
      schema: {
        tags: ['auth'],
        hide: true,
        querystring: z.object({
          state: z.string().max(500).optional(),
          code: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const cookieState = googleCookie(request, 'state');
      const inviteCode = googleCookie(request, 'invite')?.slice(0, 200);
      clearGoogleCookie(reply, 'state');
      const timeZone = googleCookie(request, 'zone')?.slice(0, 64);
      clearGoogleCookie(reply, 'invite');
      clearGoogleCookie(reply, 'zone');
      const { state, error } = request.query;
      if (error) {
        request.log.info(
          { ip: request.ip, event: 'google_login_failed', reason: error },
          'google sign-in not completed',
        );
        return reply.redirect(
          callbackPage({ error: error === 'access_denied' ? 'oauth_cancelled' : 'oauth_error' }),
        );
      }
      if (!state || !cookieState || !safeEqual(state, cookieState)) {
        request.log.warn(
          { ip: request.ip, event: 'google_login_failed', reason: 'state' },
          'google state mismatch',
        );
        return reply.redirect(callbackPage({ error: 'authentication_failed' }));
      }
      try {
        const url = new URL(request.url, opts.appOrigin);
        const outcome = await auth.googleCallback(url, state, clientInfo(request), {
          inviteCode,
          timeZone,
        });
        if (outcome.kind === 'confirm') {
          if (outcome.secret) setGoogleCookie(reply, 'confirm', outcome.secret, opts.secureCookies);
          return reply.redirect(`${opts.appOrigin}${outcome.redirectTo}`);
        }
        if (outcome.kind === 'refused')
          return reply.redirect(callbackPage({ error: outcome.reason }));
        const { code, browserSecret, user, isNewUser } = outcome;
        setGoogleCookie(reply, 'handoff', browserSecret, opts.secureCookies);
        const shown = {
          _id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          profilePicture: user.profilePicture,
        };
        return reply.redirect(
          callbackPage({ token: code, user: JSON.stringify(shown), isNewUser: String(isNewUser) }),
        );
      } catch (err) {
        request.log.warn(
          {
            ip: request.ip,
            event: 'google_login_failed',
            reason: err instanceof AppError ? err.message : (err as Error).message,
          },
          'google sign-in failed',
        );
        return reply.redirect(callbackPage({ error: 'authentication_failed' }));
      }
    },
  );
};
