import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { PraySessionQuerySchema, PraySessionSchema } from '@selah/shared/schemas/pray';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PrayService } from './pray.service.ts';

/** /api/pray: the pray-through session. */
export const prayRoutes: FastifyPluginAsyncZod<{ pray: PrayService }> = async (app, { pray }) => {
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
      pray.session(currentUser(request), {
        size: request.query.size,
        dueOnly: request.query.due === '1',
      }),
  );
};
