import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { SubscriptionSchema } from '@selah/shared/schemas/billing';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PlansService } from './plans.service.ts';

/** /api/subscription: the user's plan, limits and usage. */
export const plansRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (
  app,
  { plans },
) => {
  requireSession(app);

  app.get(
    '/',
    {
      schema: {
        tags: ['billing'],
        operationId: 'getSubscription',
        summary: 'Get my plan, its limits and my usage',
        description: 'The plan in force, its limits and what the user has used.',
        response: { 200: SubscriptionSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => plans.subscription(currentUser(request)),
  );
};
