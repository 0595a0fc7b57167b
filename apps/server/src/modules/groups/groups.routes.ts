import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import {
  IdParamsSchema,
  MemberParamsSchema,
  MessageSchema,
  PageQuerySchema,
} from '@selah/shared/schemas/common';
import {
  CreateGroupInputSchema,
  GroupInviteInputSchema,
  GroupListQuerySchema,
  GroupListSchema,
  GroupResponseSchema,
  GroupRoleInputSchema,
  PrayerGroupDetailSchema,
  UpdateGroupInputSchema,
} from '@selah/shared/schemas/groups';
import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { GroupsService } from './groups.service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** /api/prayer-groups */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (
  app,
  { groups },
) => {
  requireSession(app);

  app.get(
    '/',
    {
      config: { bulkhead: 4 },
      schema: {
        tags: ['prayer-groups'],
        operationId: 'listPrayerGroups',
        summary: 'List prayer groups',
        querystring: GroupListQuerySchema,
        response: { 200: GroupListSchema, ...errors },
      },
    },
    async (request) => groups.list(currentUser(request), request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'createPrayerGroup',
        summary: 'Create a prayer group',
        headers: IdempotencyHeadersSchema,
        body: CreateGroupInputSchema,
        response: { 201: GroupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 201,
        body: { data: await groups.create(request.body, currentUser(request), tx) },
      })),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'getPrayerGroup',
        summary: 'Get a prayer group',
        params: IdParamsSchema,
        response: { 200: PrayerGroupDetailSchema, ...errors },
      },
    },
    async (request) => groups.detail(request.params.id, currentUser(request)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'updatePrayerGroup',
        summary: 'Update a prayer group',
        params: IdParamsSchema,
        body: UpdateGroupInputSchema,
        response: { 200: GroupResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await groups.update(request.params.id, request.body, currentUser(request)),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'deletePrayerGroup',
        summary: 'Delete a prayer group',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await groups.delete(request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:id/prayers',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'listPrayerGroupPrayers',
        summary: "List a group's prayers",
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PrayerPageSchema, ...errors },
      },
    },
    async (request) => groups.prayers(request.params.id, currentUser(request), request.query),
  );

  app.post(
    '/:id/join',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'joinPrayerGroup',
        summary: 'Join a prayer group',
        params: IdParamsSchema,
        response: { 200: GroupResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await groups.join(request.params.id, currentUser(request)) }),
  );

  app.post(
    '/:id/leave',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'leavePrayerGroup',
        summary: 'Leave a prayer group',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await groups.leave(request.params.id, currentUser(request));
      return { message: 'You left the group.' };
    },
  );

  app.post(
    '/:id/invite',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'inviteToPrayerGroup',
        summary: 'Invite friends to a group',
        params: IdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: GroupInviteInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => {
        const n = await groups.invite(
          request.params.id,
          request.body.userIds,
          currentUser(request),
          tx,
        );
        return {
          status: 200,
          body: { message: n === 1 ? '1 friend invited.' : `${n} friends invited.` },
        };
      }),
  );

  app.put(
    '/:id/members/:userId',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'setPrayerGroupRole',
        summary: "Change a member's role",
        params: MemberParamsSchema,
        body: GroupRoleInputSchema,
        response: { 200: MessageSchema, ...errors },
      },
    },
    async (request) => {
      await groups.setRole(
        request.params.id,
        request.params.userId,
        request.body.role,
        currentUser(request),
      );
      return { message: 'Role updated.' };
    },
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags: ['prayer-groups'],
        operationId: 'removePrayerGroupMember',
        summary: 'Remove a member from a group',
        params: MemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await groups.removeMember(request.params.id, request.params.userId, currentUser(request));
      return reply.status(204).send(null);
    },
  );
};
