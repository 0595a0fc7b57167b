import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import { PrayedInputSchema, PrayerEventSchema } from '@selah/shared/schemas/practice';
import {
  CreatePrayerRequestInputSchema,
  PrayerRequestUpdatePageSchema,
  PrayerRequestUpdateSchema,
  PrayerRequestUpdatesQuerySchema,
  PrayInputSchema,
  RequestAnsweredInputSchema,
  RequestUpdateInputSchema,
  PrayerRequestListQuerySchema,
  PrayerRequestPageSchema,
  PrayerRequestSchema,
  PrayingResultSchema,
  UpdatePrayerRequestInputSchema,
} from '@selah/shared/schemas/prayer-requests';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PrayerRequestsService } from './prayer-requests.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

/** /api/prayer-requests */
export const prayerRequestsRoutes: FastifyPluginAsyncZod<{
  requests: PrayerRequestsService;
}> = async (app, { requests }) => {
  requireSession(app);

  app.get(
    '/',
    {
      config: { bulkhead: 5 },
      schema: {
        tags: ['prayer-requests'],
        operationId: 'listPrayerRequests',
        summary: 'List prayer requests',
        querystring: PrayerRequestListQuerySchema,
        response: { 200: PrayerRequestPageSchema, ...errors },
      },
    },
    async (request) => requests.list(currentUser(request), request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'getPrayerRequest',
        summary: 'Get a prayer request',
        params: IdParamsSchema,
        response: { 200: PrayerRequestSchema, ...errors },
      },
    },
    async (request) => requests.get(request.params.id, currentUser(request)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'createPrayerRequest',
        summary: 'Ask friends to pray',
        headers: IdempotencyHeadersSchema,
        body: CreatePrayerRequestInputSchema,
        response: { 201: PrayerRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 201,
        body: await requests.create(request.body, currentUser(request), tx),
      })),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'updatePrayerRequest',
        summary: 'Update a prayer request',
        params: IdParamsSchema,
        body: UpdatePrayerRequestInputSchema,
        response: { 200: PrayerRequestSchema, ...errors },
      },
    },
    async (request) => requests.update(request.params.id, request.body, currentUser(request)),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'deletePrayerRequest',
        summary: 'Delete a prayer request',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await requests.delete(request.params.id, currentUser(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/pray',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'prayForRequest',
        summary: 'Commit to pray: once, daily for 7 days or until answered',
        params: IdParamsSchema,
        // No body is 'once', as the spec's button sends it.
        body: PrayInputSchema.nullish(),
        response: { 200: PrayingResultSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Prayer response recorded!',
      request: await requests.pray(
        request.params.id,
        currentUser(request),
        request.body?.cadence ?? 'once',
      ),
    }),
  );

  app.delete(
    '/:id/pray',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'stopPrayingForRequest',
        summary: 'Take back "I\'m praying" (ends the commitment today)',
        params: IdParamsSchema,
        response: { 200: PrayingResultSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Prayer response removed!',
      request: await requests.unpray(request.params.id, currentUser(request)),
    }),
  );

  app.post(
    '/:id/prayed',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'prayedForRequest',
        summary: 'Record a Prayed on a request (or a late one, 7 days back)',
        description:
          'The same Prayed again (same item and day) within a minute is not recorded twice: it answers with the first.',
        params: IdParamsSchema,
        body: PrayedInputSchema.nullish(),
        response: { 201: PrayerEventSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await requests.prayed(request.params.id, currentUser(request), request.body ?? {})),
  );

  app.post(
    '/:id/answered',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'answerPrayerRequest',
        summary: 'Mark a request answered with a testimony (its creator)',
        params: IdParamsSchema,
        body: RequestAnsweredInputSchema,
        response: { 200: PrayerRequestSchema, ...errors },
      },
    },
    async (request) =>
      requests.answer(request.params.id, request.body.testimony, currentUser(request)),
  );

  app.get(
    '/:id/updates',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'listPrayerRequestUpdates',
        summary: "A request's updates, newest first",
        params: IdParamsSchema,
        querystring: PrayerRequestUpdatesQuerySchema,
        response: { 200: PrayerRequestUpdatePageSchema, ...errors },
      },
    },
    async (request) => requests.updates(request.params.id, currentUser(request), request.query),
  );

  app.post(
    '/:id/updates',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'postPrayerRequestUpdate',
        summary: 'Post an update on a request (its creator)',
        params: IdParamsSchema,
        body: RequestUpdateInputSchema,
        response: { 201: PrayerRequestUpdateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requests.postUpdate(request.params.id, request.body.text, currentUser(request)),
        ),
  );
};
