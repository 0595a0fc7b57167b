import { z } from 'zod';
import { api } from '@/lib/api-client';

/** The body of POST /push/subscriptions: what `PushSubscription.toJSON()` gives. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.string().min(1).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** Registers this browser's push subscription for the signed-in user (201). */
export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  api.post('/push/subscriptions', { body: PushSubscriptionInputSchema.parse(subscription) });
