import { AdminPaymentPageSchema, type PaymentStatus } from '@selah/shared/schemas/admin';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How many payments one page of the operators' list holds. */
export const ADMIN_PAYMENTS_PAGE_SIZE = 25;

export const getAdminPayments = (
  { cursor, status }: { cursor?: string | null; status?: PaymentStatus | undefined },
  signal?: AbortSignal,
) =>
  api.get('/admin/payments', {
    query: { cursor, status, limit: ADMIN_PAYMENTS_PAGE_SIZE },
    schema: AdminPaymentPageSchema,
    ...(signal ? { signal } : {}),
  });

/** GET /admin/payments (admins only): every payment, newest first, a page at a time. */
export const adminPaymentsQueryOptions = (status?: PaymentStatus) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'payments', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => getAdminPayments({ cursor: pageParam, status }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The page shows its own error state.
    meta: { toastOnError: false },
  });

/** @param enabled false for anyone not an admin: the list is never asked for. */
export const useAdminPayments = (status: PaymentStatus | undefined, enabled: boolean) =>
  useInfiniteQuery({ ...adminPaymentsQueryOptions(status), enabled });
