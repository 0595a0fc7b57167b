import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import {
  CreatePrayerRequestInputSchema,
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
        summary: 'Say "I\'m praying"',
        params: IdParamsSchema,
        response: { 200: PrayingResultSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Prayer response recorded!',
      request: await requests.pray(request.params.id, currentUser(request)),
    }),
  );

  app.delete(
    '/:id/pray',
    {
      schema: {
        tags: ['prayer-requests'],
        operationId: 'stopPrayingForRequest',
        summary: 'Take back "I\'m praying"',
        params: IdParamsSchema,
        response: { 200: PrayingResultSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Prayer response removed!',
      request: await requests.unpray(request.params.id, currentUser(request)),
    }),
  );
};
