import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@selah/shared/errors';
import {
  CheckoutInputSchema,
  CheckoutSchema,
  PricingSchema,
  SubscribeInputSchema,
  SubscribeResponseSchema,
  SubscriptionSchema,
} from '@selah/shared/schemas/billing';
import { unauthenticated } from '../../lib/app-error.ts';
import { clientInfo } from '../../lib/client-info.ts';
import { currentUser, requireSession } from '../../plugins/auth.ts';
import type { PaymentsService } from './payments.service.ts';
import type { PlansService } from './plans.service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  409: ApiErrorSchema,
  429: ApiErrorSchema,
  503: ApiErrorSchema,
};

/**
 * /api/subscription (the spec's path for billing): the user's plan, limits and usage, prices,
 * checkout and the browser's payment confirmation.
 */
export const billingRoutes: FastifyPluginAsyncZod<{
  plans: PlansService;
  payments: PaymentsService;
}> = async (app, { plans, payments }) => {
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

  app.get(
    '/pricing',
    {
      schema: {
        tags: ['billing'],
        operationId: 'getPricing',
        summary: 'Get the prices for my country',
        description: "Every plan's price for the visitor's country (decided by the server).",
        response: { 200: PricingSchema, 401: ApiErrorSchema },
      },
    },
    async (request) => payments.pricing(currentUser(request), clientInfo(request)),
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['billing'],
        operationId: 'startCheckout',
        summary: 'Start a payment',
        description: 'A server-issued tx_ref and the server-computed price.',
        body: CheckoutInputSchema,
        response: { 201: CheckoutSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await payments.checkout(
            currentUser(request),
            request.body.plan,
            clientInfo(request),
            request.log,
          ),
        ),
  );

  app.post(
    '/subscribe',
    {
      schema: {
        tags: ['billing'],
        operationId: 'confirmPayment',
        summary: 'Confirm a payment and upgrade the plan',
        description: 'Verifies a Flutterwave transaction with Flutterwave, then upgrades the plan.',
        body: SubscribeInputSchema,
        response: { 200: SubscribeResponseSchema, ...errors },
      },
    },
    async (request) =>
      payments.subscribe(
        currentUser(request),
        { plan: request.body.plan, transactionId: request.body.transactionId },
        request.log,
      ),
  );
};

const WebhookBodySchema = z
  .object({
    event: z.string().max(200).optional(),
    id: z.unknown().optional(),
    data: z.object({ id: z.unknown().optional() }).loose().nullish(),
  })
  .loose();

/** The transaction id a webhook names, if it names a plausible one. */
function webhookTransactionId(body: z.infer<typeof WebhookBodySchema>): string | null {
  const id = body.data?.id ?? body.id;
  const text = typeof id === 'number' || typeof id === 'string' ? String(id) : '';
  return /^\d{1,20}$/.test(text) ? text : null;
}

/**
 * /api/subscription/webhook: Flutterwave's server-to-server notice, authenticated by the
 * `verif-hash` header. Its body is never trusted: the transaction is verified by id.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.post(
    '/webhook',
    {
      onRequest: async (request) => {
        if (!payments.webhookHashMatches(request.headers['verif-hash'])) {
          request.log.warn({ ip: request.ip, event: 'payment_webhook_denied' }, 'bad webhook hash');
          throw unauthenticated('Invalid webhook signature.');
        }
      },
      schema: {
        tags: ['billing'],
        operationId: 'receiveFlutterwaveWebhook',
        summary: "Receive Flutterwave's payment notice",
        description: 'Flutterwave webhook (verif-hash); re-verifies the transaction by id.',
        security: [{ webhookSignature: [] }],
        body: WebhookBodySchema,
        response: {
          200: z.object({ received: z.literal(true) }),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      await payments.webhook(webhookTransactionId(request.body), request.log);
      return { received: true as const };
    },
  );
};
