import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { IdParamsSchema } from '@selah/shared/schemas/common';
import { ShareInputSchema, ShareResultSchema } from '@selah/shared/schemas/friends';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser } from '../../plugins/auth.ts';
import type { SharingService } from './sharing.service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const result = (n: number) => ({
  message: `Shared successfully with ${n} ${n === 1 ? 'person' : 'people'}.`,
  sharedWith: n,
});

/** POST /api/journals/:id/share and POST /api/prayers/:id/share */
export const sharingRoutes: FastifyPluginAsyncZod<{ sharing: SharingService }> = async (
  app,
  { sharing },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/journals/:id/share',
    {
      schema: {
        tags: ['journals'],
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: ShareInputSchema,
        response: { 200: ShareResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async () => ({
        status: 200,
        body: result(
          await sharing.shareJournal(request.params.id, request.body.userIds, currentUser(request)),
        ),
      })),
  );

  app.post(
    '/prayers/:id/share',
    {
      schema: {
        tags: ['prayers'],
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: ShareInputSchema,
        response: { 200: ShareResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async () => ({
        status: 200,
        body: result(
          await sharing.sharePrayer(request.params.id, request.body.userIds, currentUser(request)),
        ),
      })),
  );
};
