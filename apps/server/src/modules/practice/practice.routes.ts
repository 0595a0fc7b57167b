import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { PraySessionQuerySchema, PraySessionSchema } from '@selah/shared/schemas/practice';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PracticeService } from './practice.service.ts';

/**
 * /api/pray: the pray-through session. A Prayed is recorded through the prayed thing's own route
 * (/api/prayers/:id/prayed, /api/prayer-requests/:id/prayed), the rhythm view is
 * /api/stats/rhythm, the digest's push actions are digest.routes.ts: each calls this module.
 */
export const practiceRoutes: FastifyPluginAsyncZod<{ practice: PracticeService }> = async (
  app,
  { practice },
) => {
  requireSession(app);

  app.get(
    '/session',
    {
      config: { bulkhead: 4 },
      schema: {
        tags: ['pray'],
        operationId: 'getPraySession',
        summary: 'Get the next pray-through session',
        description:
          'Due items first, then urgent, then least recently prayed; successive sessions rotate. Remembers the size.',
        querystring: PraySessionQuerySchema,
        response: { 200: PraySessionSchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request) =>
      practice.session(currentUser(request), {
        size: request.query.size,
        dueOnly: request.query.due === '1',
      }),
  );
};
