import { CheckoutSchema, type CheckoutInput } from '@selah/shared/schemas/billing';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /subscription/checkout: a server-issued tx_ref and the server's price for the plan, for
 * the payment widget.
 */
export const createCheckout = (input: CheckoutInput) =>
  api.post('/subscription/checkout', { body: input, schema: CheckoutSchema });

export const useCreateCheckout = () =>
  useMutation({
    mutationFn: createCheckout,
    // The checkout flow shows its own toast.
    meta: { toastOnError: false },
  });
