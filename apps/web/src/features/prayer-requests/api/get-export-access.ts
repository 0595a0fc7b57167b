import { SubscriptionSchema } from '@selah/shared/schemas/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /subscription: whether the plan in force includes export (Premium and Ministry). */
export const getExportAccess = (signal?: AbortSignal) =>
  api.get('/subscription', { schema: SubscriptionSchema, ...(signal ? { signal } : {}) });

/** The same entry as the pricing page's, so a payment refreshes both. */
export const exportAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['subscription', 'current'],
    queryFn: ({ signal }) => getExportAccess(signal),
    meta: { toastOnError: false },
  });

export const useExportAccess = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...exportAccessQueryOptions(), enabled });
