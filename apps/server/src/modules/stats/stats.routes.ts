import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { DailyInspirationSchema, DashboardStatsSchema } from '@selah/shared/schemas/stats';
import { currentUser } from '../../plugins/auth.ts';
import type { StatsService } from './stats.service.ts';

/** /api/stats: the dashboard. */
export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (
  app,
  { stats },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      config: { bulkhead: 4 },
      schema: { tags: ['stats'], response: { 200: DashboardStatsSchema, 401: ApiErrorSchema } },
    },
    async (request) => stats.dashboard(currentUser(request)),
  );

  app.get(
    '/daily',
    {
      schema: {
        tags: ['stats'],
        summary: "Today's memory verse and quote",
        response: { 200: DailyInspirationSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => stats.daily(currentUser(request)),
  );
};
