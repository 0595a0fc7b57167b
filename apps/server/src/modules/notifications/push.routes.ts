import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { currentUser } from '../../plugins/auth.ts';
import type { PushService } from './push.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };
export const PushSubscriptionInputSchema = z.strictObject({
  endpoint: z.string().max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
const EndpointSchema = z.strictObject({ endpoint: z.string().max(2000) });

/** /api/push: the VAPID public key and the browser's subscriptions. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'getPushPublicKey',
        summary: 'Get the Web Push public key',
        response: { 200: z.object({ publicKey: z.string() }), 429: ApiErrorSchema },
      },
    },
    async () => ({ publicKey: push.publicKey }),
  );

  app.post(
    '/subscriptions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['notifications'],
        operationId: 'subscribeToPush',
        summary: 'Subscribe this browser to Web Push',
        body: PushSubscriptionInputSchema,
        response: { 201: z.object({ subscribed: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await push.subscribe(
        { userId: currentUser(request).id, sessionId: request.sessionId! },
        request.body,
      );
      return reply.status(201).send({ subscribed: true });
    },
  );

  app.delete(
    '/subscriptions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['notifications'],
        operationId: 'unsubscribeFromPush',
        summary: 'Unsubscribe a browser from Web Push',
        body: EndpointSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await push.unsubscribe(currentUser(request).id, request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
