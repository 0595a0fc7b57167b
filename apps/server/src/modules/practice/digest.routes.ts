import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { DigestActionInputSchema, DigestActionResultSchema } from '@selah/shared/schemas/practice';
import type { DigestService } from './digest.service.ts';

/** Actions per address per minute: the endpoint takes no session, like the CSP reports. */
export const DIGEST_ACTIONS_RATE_LIMIT = 30;

/**
 * POST /api/pray/digest-actions: the daily digest's push actions, sent by the service worker
 * without a session (the body's token is the capability), rate-limited per address.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ digest: DigestService }> = async (
  app,
  { digest },
) => {
  app.post(
    '/digest-actions',
    {
      config: { rateLimit: { max: DIGEST_ACTIONS_RATE_LIMIT, timeWindow: '1 minute' } },
      schema: {
        tags: ['prayers'],
        operationId: 'actOnDigest',
        summary: "Act on the daily digest's push (I prayed, Snooze)",
        description:
          'Sent by the service worker without a session: the token of the digest authorises it.',
        body: DigestActionInputSchema,
        response: {
          200: DigestActionResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return digest.act(request.body);
    },
  );
};
