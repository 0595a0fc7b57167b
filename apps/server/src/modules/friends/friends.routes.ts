import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema, MessageSchema } from '@selah/shared/schemas/common';
import {
  FriendListSchema,
  FriendRequestListSchema,
  FriendRequestsQuerySchema,
  InviteEmailInputSchema,
  InviteLinkSchema,
  InviteLinkStateSchema,
  SuggestionListSchema,
  UserSearchListSchema,
  UserSearchQuerySchema,
} from '@selah/shared/schemas/friends';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { FriendsService } from './friends.service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
};

/** /api/friends */
export const friendsRoutes: FastifyPluginAsyncZod<{ friends: FriendsService }> = async (
  app,
  { friends },
) => {
  requireSession(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['friends'],
        operationId: 'listFriends',
        summary: 'List my friends',
        response: { 200: FriendListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await friends.list(currentUser(request)),
    }),
  );

  app.get(
    '/requests',
    {
      schema: {
        tags: ['friends'],
        operationId: 'listFriendRequests',
        summary: 'List friend requests I received or sent',
        querystring: FriendRequestsQuerySchema,
        response: { 200: FriendRequestListSchema, ...errors },
      },
    },
    async (request) => ({
      data: await friends.requests(currentUser(request), request.query.direction),
    }),
  );

  app.post(
    '/request/:id',
    {
      schema: {
        tags: ['friends'],
        operationId: 'sendFriendRequest',
        summary: 'Send a friend request',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        response: { 201: MessageSchema, 200: MessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const { status } = await friends.sendRequest(currentUser(request), request.params.id, tx);
        return status === 'accepted'
          ? { status: 200, body: { message: 'Friend request accepted!' } }
          : { status: 201, body: { message: 'Friend request sent!' } };
      }),
  );

  app.put(
    '/accept/:id',
    {
      schema: {
        tags: ['friends'],
        operationId: 'acceptFriendRequest',
        summary: 'Accept a friend request',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await friends.accept(currentUser(request), request.params.id);
      return { message: 'Friend request accepted!' };
    },
  );

  app.put(
    '/reject/:id',
    {
      schema: {
        tags: ['friends'],
        operationId: 'declineFriendRequest',
        summary: 'Decline a friend request',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await friends.reject(currentUser(request), request.params.id);
      return { message: 'Friend request rejected.' };
    },
  );

  app.delete(
    '/requests/:id',
    {
      schema: {
        tags: ['friends'],
        operationId: 'cancelFriendRequest',
        summary: 'Cancel a friend request I sent',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await friends.cancel(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/suggestions',
    {
      config: { bulkhead: 3 },
      schema: {
        tags: ['friends'],
        operationId: 'listFriendSuggestions',
        summary: 'List people I may know',
        response: { 200: SuggestionListSchema, ...errors },
      },
    },
    async (request) => ({ data: await friends.suggestions(currentUser(request)) }),
  );

  app.post(
    '/invite-email',
    {
      schema: {
        tags: ['friends'],
        operationId: 'inviteByEmail',
        summary: 'Invite someone by e-mail',
        headers: IdempotencyHeadersSchema,
        body: InviteEmailInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        await friends.inviteByEmail(currentUser(request), request.body.recipientEmail, tx);
        return { status: 200, body: { message: 'Invitation sent!' } };
      }),
  );

  app.get(
    '/invite-link',
    {
      schema: {
        tags: ['friends'],
        operationId: 'getInviteLink',
        summary: 'Get my invite link',
        description: 'Null until it is made.',
        response: { 200: InviteLinkStateSchema, ...errors },
      },
    },
    async (request) => ({ url: await friends.inviteLink(currentUser(request)) }),
  );

  app.post(
    '/invite-link',
    {
      schema: {
        tags: ['friends'],
        operationId: 'createInviteLink',
        summary: 'Make my invite link',
        description: 'The same link again if it exists.',
        response: { 200: InviteLinkSchema, 201: InviteLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { url, created } = await friends.createInviteLink(currentUser(request));
      return reply.status(created ? 201 : 200).send({ url });
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['friends'],
        operationId: 'removeFriend',
        summary: 'Remove a friend',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await friends.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** /api/search */
export const searchRoutes: FastifyPluginAsyncZod<{ friends: FriendsService }> = async (
  app,
  { friends },
) => {
  requireSession(app);
  app.get(
    '/search',
    {
      config: { bulkhead: 3 },
      schema: {
        tags: ['friends'],
        operationId: 'searchUsers',
        summary: 'Find people',
        description: 'By name, username or e-mail.',
        querystring: UserSearchQuerySchema,
        response: { 200: UserSearchListSchema, ...errors },
      },
    },
    async (request) => ({ data: await friends.search(currentUser(request), request.query.q) }),
  );
};
