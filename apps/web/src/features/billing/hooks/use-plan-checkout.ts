import type { Checkout, PaidPlanId } from '@selah/shared/schemas/billing';
import { useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { loadScript } from '@/lib/load-script';
import { toast } from '@/lib/toast';
import { useCreateCheckout } from '../api/create-checkout';
import { useSubscribe } from '../api/subscribe';
import {
  closeCheckout,
  isCheckoutReady,
  toFlutterwaveConfig,
  type FlutterwaveModal,
  type FlutterwaveResponse,
} from '../utils/flutterwave';

// Spec-2 §8 texts.
export const PAYMENT_SUCCESS_TITLE = 'Payment Successful!';
export const PAYMENT_SUCCESS_MESSAGE = 'Your plan has been upgraded.';
export const SUBSCRIBE_FAILED_TITLE = 'Payment succeeded but subscription update failed.';
export const SUBSCRIBE_FAILED_MESSAGE = 'Please contact support if your plan is not updated.';
/** 503: the provider could not confirm the payment yet (the webhook may still finish it). */
export const SUBSCRIBE_PENDING_MESSAGE =
  'Confirming your payment may take a moment; reload this page shortly to see your plan. Please contact support if your plan is not updated.';
export const MODAL_LOAD_FAILED =
  'Failed to load payment modal. Check your internet connection and retry later.';
export const CHECKOUT_FAILED_TITLE = 'Could not start the payment';
const CHECKOUT_FAILED_MESSAGE = 'Please try again.';
export const PAYMENT_INCOMPLETE_TITLE = 'Payment not completed';
const PAYMENT_INCOMPLETE_MESSAGE = 'No payment was taken. You can try again at any time.';

/** The plan being bought and how far along. */
export type CheckoutStage = 'starting' | 'paying' | 'confirming';

/**
 * Buying a plan (spec-2 §7, decisions §2): the server starts the checkout (its tx_ref, its
 * price), the provider's script is loaded (3 attempts, 1 s apart), its widget takes the payment
 * (card, mobile money, USSD), and the server verifies the transaction before the plan changes.
 * The plan sent is the one the user chose: Premium buys Premium.
 */
export function usePlanCheckout(checkoutScriptUrl: string | null) {
  const createCheckout = useCreateCheckout();
  const subscribe = useSubscribe();
  const [active, setActiveState] = useState<{ plan: PaidPlanId; stage: CheckoutStage } | null>(
    null,
  );
  // Also in a ref: a second click before the re-render must not start a second purchase.
  const busy = useRef(false);
  const setActive = (next: { plan: PaidPlanId; stage: CheckoutStage } | null) => {
    busy.current = next !== null;
    setActiveState(next);
  };

  const confirm = (plan: PaidPlanId, checkout: Checkout, response: FlutterwaveResponse) => {
    const transactionId = response.transaction_id;
    if (transactionId === undefined || transactionId === null || transactionId === '') {
      toast.error(PAYMENT_INCOMPLETE_TITLE, { description: PAYMENT_INCOMPLETE_MESSAGE });
      setActive(null);
      return;
    }
    setActive({ plan, stage: 'confirming' });
    // A promise rather than mutate's callbacks: the toasts must appear even if the user left
    // the page meanwhile (callbacks of an unmounted component never run).
    subscribe
      .mutateAsync({ plan, transactionId: String(transactionId), amount: checkout.amount })
      .then(
        () => toast.success(PAYMENT_SUCCESS_TITLE, { description: PAYMENT_SUCCESS_MESSAGE }),
        (error: unknown) =>
          toast.error(SUBSCRIBE_FAILED_TITLE, {
            description: isApiError(error, 503)
              ? SUBSCRIBE_PENDING_MESSAGE
              : SUBSCRIBE_FAILED_MESSAGE,
            duration: 15_000,
          }),
      )
      .finally(() => setActive(null));
  };

  const start = async (plan: PaidPlanId) => {
    if (busy.current) return;
    setActive({ plan, stage: 'starting' });

    let checkout: Checkout;
    try {
      checkout = await createCheckout.mutateAsync({ plan });
    } catch (error) {
      toast.error(CHECKOUT_FAILED_TITLE, {
        description: getErrorMessage(error, CHECKOUT_FAILED_MESSAGE),
      });
      setActive(null);
      return;
    }

    try {
      if (!checkoutScriptUrl) throw new Error('No checkout script.');
      await loadScript(checkoutScriptUrl, { isReady: isCheckoutReady });
    } catch {
      toast.error('Error', { description: MODAL_LOAD_FAILED });
      setActive(null);
      return;
    }

    setActive({ plan, stage: 'paying' });
    let paid = false;
    let modal: FlutterwaveModal | void = undefined;
    try {
      modal = window.FlutterwaveCheckout?.(
        toFlutterwaveConfig(checkout, {
          callback: (response) => {
            if (paid) return;
            paid = true;
            closeCheckout(modal);
            confirm(plan, checkout, response);
          },
          onclose: () => {
            if (!paid) setActive(null);
          },
        }),
      );
    } catch {
      toast.error('Error', { description: MODAL_LOAD_FAILED });
      setActive(null);
    }
  };

  return {
    /** Starts buying `plan`; ignored while another purchase is under way. */
    start: (plan: PaidPlanId) => void start(plan),
    active,
  };
}
