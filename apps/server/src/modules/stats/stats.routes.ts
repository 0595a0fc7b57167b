import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { RhythmQuerySchema, RhythmViewSchema } from '@selah/shared/schemas/practice';
import { DailyInspirationSchema, DashboardStatsSchema } from '@selah/shared/schemas/stats';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { StatsService } from './stats.service.ts';

/** /api/stats: the dashboard. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  requireSession(app);

  app.get(
    '/',
    {
      config: { bulkhead: 4 },
      schema: {
        tags: ['stats'],
        operationId: 'getDashboardStats',
        summary: 'Get my dashboard statistics',
        response: { 200: DashboardStatsSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => stats.dashboard(currentUser(request)),
  );

  app.get(
    '/daily',
    {
      schema: {
        tags: ['stats'],
        operationId: 'getDailyInspiration',
        summary: "Get today's memory verse and quote",
        response: { 200: DailyInspirationSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => stats.daily(currentUser(request)),
  );
  app.get(
    '/rhythm',
    {
      schema: {
        tags: ['stats'],
        operationId: 'getPrayerRhythm',
        summary: 'Get my rhythm view: days prayed and the streak',
        querystring: RhythmQuerySchema,
        response: { 200: RhythmViewSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => stats.rhythm(currentUser(request), request.query.weeks),
  );
};
