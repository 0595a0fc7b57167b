import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { UserSchema } from '@selah/shared/schemas/auth';
import {
  AppearanceInputSchema,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  ChangeEmailInputSchema,
  DangerConfirmSchema,
  PrivacyInputSchema,
  ProfileInputSchema,
  SettingsSchema,
} from '@selah/shared/schemas/settings';
import { MessageSchema } from '@selah/shared/schemas/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import { fileResponse } from '../../plugins/swagger.ts';
import { clearGoogleCookie, googleCookie } from '../auth/google-cookies.ts';
import type { AccountService, DangerConfirmation } from './account.service.ts';
import { presentUser } from '../users/users.presenter.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  413: ApiErrorSchema,
};

/**
 * The proof a dangerous action comes with: the password in the body, or the cookie a fresh
 * Google sign-in left (used up either way, so it confirms one attempt).
 */
function dangerConfirmation(
  request: FastifyRequest,
  reply: FastifyReply,
  password: string | undefined,
): DangerConfirmation {
  const googleConfirmation = googleCookie(request, 'confirm');
  if (googleConfirmation) clearGoogleCookie(reply, 'confirm');
  return { password, googleConfirmation };
}

/** /api/users/me: the signed-in user's own account. */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  requireSession(app);
  // Photos arrive as the raw image body; the bytes decide the type, not this header.
  app.addContentTypeParser(
    [...AVATAR_TYPES],
    { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES + 1024 },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/settings',
    {
      schema: {
        tags: ['account'],
        operationId: 'getSettings',
        summary: 'Get my settings',
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) => account.settings(currentUser(request)),
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['account'],
        operationId: 'updateProfile',
        summary: 'Update my profile',
        description:
          "Changes only the fields sent. A time zone sent is the person's choice (ADR 057).",
        body: ProfileInputSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => presentUser(await account.updateProfile(currentUser(request), request.body)),
  );

  app.put(
    '/email',
    {
      schema: {
        tags: ['account'],
        operationId: 'changeEmail',
        summary: 'Change my e-mail address',
        description: 'A link sent to the new address completes the change.',
        body: ChangeEmailInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      const sentTo = await account.changeEmail(
        currentUser(request),
        request.body.email,
        request.body.password,
        request.sessionId,
      );
      return {
        message: `We sent a link to ${sentTo}. Your address changes when you open it.`,
      };
    },
  );

  app.put(
    '/privacy',
    {
      schema: {
        tags: ['account'],
        operationId: 'updatePrivacy',
        summary: 'Update my privacy settings',
        body: PrivacyInputSchema,
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) =>
      account.settings(await account.updatePrivacy(currentUser(request), request.body)),
  );

  app.put(
    '/appearance',
    {
      schema: {
        tags: ['account'],
        operationId: 'updateAppearance',
        summary: 'Update my appearance settings',
        body: AppearanceInputSchema,
        response: { 200: SettingsSchema, ...errors },
      },
    },
    async (request) =>
      account.settings(await account.updateAppearance(currentUser(request), request.body)),
  );

  app.put(
    '/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES + 1024,
      schema: {
        tags: ['account'],
        operationId: 'uploadAvatar',
        summary: 'Upload my profile photo',
        description: 'The raw PNG, JPEG or WebP image as the body, at most 2 MB.',
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        return presentUser(await account.setAvatar(currentUser(request), Buffer.alloc(0)));
      }
      return presentUser(await account.setAvatar(currentUser(request), body));
    },
  );

  app.delete(
    '/avatar',
    {
      schema: {
        tags: ['account'],
        operationId: 'removeAvatar',
        summary: 'Remove my profile photo',
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => presentUser(await account.removeAvatar(currentUser(request))),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['account'],
        operationId: 'exportMyData',
        summary: 'Download my activity history',
        description: 'A JSON file of everything the user wrote.',
        response: {
          200: fileResponse('The activity history (an attachment)', ['application/json']),
          401: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
      // Reads everything the user ever wrote: never more than two at once (ADR 018).
      config: { bulkhead: 2 },
    },
    async (request, reply) => {
      const data = await account.exportData(currentUser(request));
      reply.header('content-disposition', 'attachment; filename="selah-activity-history.json"');
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/clear',
    {
      schema: {
        tags: ['account'],
        operationId: 'clearMyData',
        summary: 'Remove my journals, prayers and requests',
        body: DangerConfirmSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      await account.clearData(
        currentUser(request),
        dangerConfirmation(request, reply, request.body.password),
      );
      return { message: 'Your journals, prayers and prayer requests have been removed.' };
    },
  );

  app.delete(
    '/',
    {
      schema: {
        tags: ['account'],
        operationId: 'deleteAccount',
        summary: 'Delete my account',
        body: DangerConfirmSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(
        currentUser(request),
        dangerConfirmation(request, reply, request.body.password),
      );
      request.log.info(
        { userId: currentUser(request).id, event: 'account_deleted' },
        'account deleted',
      );
      return reply.status(204).send(null);
    },
  );
};

/**
 * GET /api/avatars/:key: a profile photo, for those who may see its owner's profile (the access
 * policy's `profileVisible`); anyone else, signed out included, gets the answer of a missing
 * photo. `<img>` sends no Authorization header, so the page cookie signs the request in
 * (`viewerOf`). Images only, never sniffed; kept private and revalidated on every use, so a
 * profile made private stops showing at once.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (
  app,
  { account },
) => {
  app.get(
    '/:key',
    {
      schema: {
        tags: ['account'],
        operationId: 'getAvatar',
        summary: 'Get a profile photo',
        description:
          "For those who may see the owner's profile; anyone else gets the answer of a missing photo.",
        security: [{ bearer: [] }, { pageSession: [] }],
        params: z.strictObject({
          key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid photo address.'),
        }),
        response: {
          200: fileResponse('The photo', [...AVATAR_TYPES]),
          304: z.null().describe('Not modified (the browser has it: If-None-Match)'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = await app.viewerOf(request);
      const avatar = viewer ? await account.avatar(request.params.key, viewer.id) : null;
      if (!avatar) throw notFound('Photo');
      const etag = `"${request.params.key}"`;
      reply.header('cache-control', 'private, no-cache');
      reply.header('etag', etag);
      reply.header('vary', 'Cookie, Authorization');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      if (request.headers['if-none-match'] === etag) {
        // No body at all (not even the null the 304 schema names): nothing to serialize.
        reply.status(304);
        return reply.send();
      }
      return reply.type(avatar.contentType).send(avatar.data);
    },
  );
};
