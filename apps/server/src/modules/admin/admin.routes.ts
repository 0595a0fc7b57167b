import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import { AdminPaymentPageSchema, AdminPaymentQuerySchema } from '@selah/shared/schemas/admin';
import { AppError } from '../../lib/app-error.ts';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PaymentsService } from '../billing/payments.service.ts';
import { isAdmin } from './admin-roles.ts';

/**
 * /api/admin: the operators' views. Anyone signed in who is not an admin gets exactly the
 * answer of a route that does not exist (404), before their input is even read.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  requireSession(app);
  app.addHook('onRequest', async (request) => {
    if (!isAdmin(currentUser(request))) {
      const url = request.url.split('?')[0] ?? '';
      throw new AppError('NOT_FOUND', `Route ${request.method} ${url} not found.`);
    }
  });

  app.get(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listPayments',
        summary: 'List every payment',
        description: 'Newest first, with its status (admins only).',
        querystring: AdminPaymentQuerySchema,
        response: {
          200: AdminPaymentPageSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request) => payments.adminPage(request.query),
  );
};
