import { PricingSchema } from '@selah/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /subscription/pricing: every plan's price for the visitor's country, decided by the server. */
export const getPricing = (signal?: AbortSignal) =>
  api.get('/subscription/pricing', { schema: PricingSchema, ...(signal ? { signal } : {}) });

export const pricingQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'pricing'],
    queryFn: ({ signal }) => getPricing(signal),
    // Prices change with deployments, not within a visit.
    staleTime: 5 * 60_000,
    // The page shows its own notice (and the fallback prices) when this fails.
    meta: { toastOnError: false },
  });

export const usePricing = () => useQuery(pricingQueryOptions());
