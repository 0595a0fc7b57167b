import { SubscribeResponseSchema, type SubscribeInput } from '@selah/shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/api/get-current-user';
import { api } from '@/lib/api-client';
import { useAuthStore } from '@/stores/auth-store';

/**
 * POST /subscription/subscribe (spec-2 §7): the server verifies the transaction with the payment
 * provider before the plan changes; the amount sent is not trusted.
 */
export const subscribe = (input: SubscribeInput) =>
  api.post('/subscription/subscribe', { body: input, schema: SubscribeResponseSchema });

/** Confirms a payment, then shows the new plan at once and refreshes the user and the plan. */
export const useSubscribe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribe,
    onSuccess: ({ plan }) => {
      const { user, setUser } = useAuthStore.getState();
      if (user) setUser({ ...user, plan });
      // In the background: the success toast does not wait for the refresh.
      void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    },
    // The checkout flow shows its own toasts.
    meta: { toastOnError: false },
  });
};
