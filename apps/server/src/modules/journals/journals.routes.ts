import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema, MemberParamsSchema } from '@selah/shared/schemas/common';
import {
  CreateJournalInputSchema,
  DiscoverOverviewSchema,
  DiscoverQuerySchema,
  JoinResponseSchema,
  JournalDetailSchema,
  JournalListSchema,
  JournalPageSchema,
  JournalSchema,
  UpdateJournalInputSchema,
} from '@selah/shared/schemas/journals';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { JournalsService } from './journals.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** /api/journals */
export const journalsRoutes: FastifyPluginAsyncZod<{ journals: JournalsService }> = async (
  app,
  { journals },
) => {
  requireSession(app);

  app.get(
    '/get',
    {
      schema: {
        tags: ['journals'],
        operationId: 'listMyJournals',
        summary: 'List my journals',
        description: 'Journals the user owns or belongs to.',
        response: { 200: JournalListSchema, ...errors },
      },
    },
    async (request) => journals.listMine(currentUser(request)),
  );

  app.get(
    '/public',
    {
      config: { bulkhead: 4 },
      schema: {
        tags: ['journals'],
        operationId: 'discoverJournals',
        summary: 'Discover public journals',
        querystring: DiscoverQuerySchema,
        response: { 200: JournalPageSchema, ...errors },
      },
    },
    async (request) => journals.discover(currentUser(request), request.query),
  );

  app.get(
    '/discover',
    {
      config: { bulkhead: 4 },
      schema: {
        tags: ['journals'],
        operationId: 'getDiscoverOverview',
        summary: 'Get the categories and the featured journal',
        response: { 200: DiscoverOverviewSchema, ...errors },
      },
    },
    async (request) => journals.discoverOverview(currentUser(request)),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['journals'],
        operationId: 'getJournal',
        summary: 'Get a journal',
        params: IdParamsSchema,
        response: { 200: JournalDetailSchema, ...errors },
      },
    },
    async (request) => journals.detail(request.params.id, currentUser(request)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['journals'],
        operationId: 'createJournal',
        summary: 'Create a journal',
        headers: IdempotencyHeadersSchema,
        body: CreateJournalInputSchema,
        response: { 201: JournalSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 201,
        body: await journals.create(request.body, currentUser(request), tx),
      })),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['journals'],
        operationId: 'updateJournal',
        summary: 'Update a journal',
        params: IdParamsSchema,
        body: UpdateJournalInputSchema,
        response: { 200: JournalSchema, ...errors },
      },
    },
    async (request) => journals.update(request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['journals'],
        operationId: 'deleteJournal',
        summary: 'Delete a journal',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await journals.delete(request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/join',
    {
      schema: {
        tags: ['journals'],
        operationId: 'joinJournal',
        summary: 'Join a public journal',
        params: IdParamsSchema,
        response: { 200: JoinResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { journal, joined } = await journals.join(request.params.id, currentUser(request));
      return {
        message: joined ? 'You joined the journal.' : 'You are already a member of this journal.',
        journal,
      };
    },
  );

  app.delete(
    '/:id/members/:userId',
    {
      schema: {
        tags: ['journals'],
        operationId: 'removeJournalMember',
        summary: 'Remove a member, or leave a journal',
        description: 'The owner removes a member, or a member leaves (their own id).',
        params: MemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await journals.removeMember(request.params.id, request.params.userId, currentUser(request));
      return reply.status(204).send(null);
    },
  );
};
