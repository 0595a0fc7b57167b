import { SubscriptionSchema } from '@selah/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /subscription: the plan in force, when it ends, its limits and the usage. */
export const getSubscription = (signal?: AbortSignal) =>
  api.get('/subscription', { schema: SubscriptionSchema, ...(signal ? { signal } : {}) });

/** Shared key: a payment refreshes everything under ['subscription']. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'current'],
    queryFn: ({ signal }) => getSubscription(signal),
    meta: { toastOnError: false },
  });

export const useSubscription = () => useQuery(subscriptionQueryOptions());
