import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Ends every session of the account, this one included: each browser's next request is refused,
 * open notification streams close and push subscriptions are removed (ADR 040).
 */
export const signOutEverywhere = () => api.post('/auth/logout-all');

export const useSignOutEverywhere = () =>
  useMutation({ mutationFn: signOutEverywhere, meta: { toastOnError: false } });
