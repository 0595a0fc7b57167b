import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { z } from 'zod';
import { IdParamsSchema, MemberParamsSchema } from '@selah/shared/schemas/common';
import {
  SharedWithSchema,
  ShareInputSchema,
  ShareResultSchema,
} from '@selah/shared/schemas/friends';
import { IdempotencyHeadersSchema } from '@selah/shared/schemas/idempotency';
import { currentUser, requireSession } from '../../plugins/auth.ts';
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

/** Sharing a journal or a prayer with friends, who it is shared with, and taking a share back. */
export const sharingRoutes: FastifyPluginAsyncZod<{ sharing: SharingService }> = async (
  app,
  { sharing },
) => {
  requireSession(app);

  app.post(
    '/journals/:id/share',
    {
      schema: {
        tags: ['journals'],
        operationId: 'shareJournal',
        summary: 'Share a journal with friends',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: ShareInputSchema,
        response: { 200: ShareResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 200,
        body: result(
          await sharing.shareJournal(
            request.params.id,
            request.body.userIds,
            currentUser(request),
            tx,
          ),
        ),
      })),
  );

  app.post(
    '/prayers/:id/share',
    {
      schema: {
        tags: ['prayers'],
        operationId: 'sharePrayer',
        summary: 'Share a prayer with friends',
        headers: IdempotencyHeadersSchema,
        params: IdParamsSchema,
        body: ShareInputSchema,
        response: { 200: ShareResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      app.idempotent(request, reply, async (tx) => ({
        status: 200,
        body: result(
          await sharing.sharePrayer(
            request.params.id,
            request.body.userIds,
            currentUser(request),
            tx,
          ),
        ),
      })),
  );

  for (const kind of ['journals', 'prayers'] as const) {
    const tags = [kind];
    const noun = kind === 'journals' ? 'journal' : 'prayer';
    const Noun = kind === 'journals' ? 'Journal' : 'Prayer';
    app.get(
      `/${kind}/:id/shares`,
      {
        schema: {
          tags,
          operationId: `list${Noun}Shares`,
          summary: `List who a ${noun} is shared with`,
          description: `Who the owner shared the ${noun} with.`,
          params: IdParamsSchema,
          response: { 200: SharedWithSchema, ...errors },
        },
      },
      async (request) => {
        const viewer = currentUser(request);
        const data =
          kind === 'journals'
            ? await sharing.journalShares(request.params.id, viewer)
            : await sharing.prayerShares(request.params.id, viewer);
        return { data };
      },
    );

    app.delete(
      `/${kind}/:id/share/:userId`,
      {
        schema: {
          tags,
          operationId: `unshare${Noun}`,
          summary: `Take back a ${noun} share`,
          description: 'The person loses what it gave them on their next request.',
          params: MemberParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { id, userId } = request.params;
        if (kind === 'journals') await sharing.unshareJournal(id, userId, currentUser(request));
        else await sharing.unsharePrayer(id, userId, currentUser(request));
        return reply.status(204).send(null);
      },
    );
  }
};
