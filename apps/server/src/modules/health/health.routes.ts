import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { HealthSchema } from '@selah/shared/schemas/health';

export interface HealthRoutesOptions {
  ping: () => Promise<void>;
  version: string;
}

/** GET /api/health: liveness plus database reachability (503 when the database is down). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Check the server and its database',
        response: { 200: HealthSchema, 429: ApiErrorSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const database = await Promise.race([
        opts.ping().then(() => 'up' as const),
        new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), 2_000).unref()),
      ]).catch(() => 'down' as const);
      reply.header('cache-control', 'no-store');
      const body = {
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        version: opts.version,
      };
      return reply.status(database === 'up' ? 200 : 503).send(body);
    },
  );
};
