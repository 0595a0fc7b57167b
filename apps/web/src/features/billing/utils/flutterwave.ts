import type { Checkout } from '@selah/shared/schemas/billing';

/** What Flutterwave's inline checkout passes to `callback` (the fields Selah reads). */
export interface FlutterwaveResponse {
  status?: string;
  transaction_id?: number | string | null;
  tx_ref?: string;
}

/** The configuration `FlutterwaveCheckout` takes (Flutterwave v3 inline). */
export interface FlutterwaveConfig {
  public_key: string;
  tx_ref: string;
  amount: number;
  currency: string;
  payment_options: string;
  customer: { email: string; name: string };
  customizations: { title: string; description: string };
  callback: (response: FlutterwaveResponse) => void;
  onclose: (incomplete?: boolean) => void;
}

export interface FlutterwaveModal {
  close?: () => void;
}

declare global {
  interface Window {
    /** Defined by the checkout script (`checkoutScriptUrl`). */
    FlutterwaveCheckout?: (config: FlutterwaveConfig) => FlutterwaveModal | void;
    /** Closes the open checkout modal; defined by the checkout script. */
    closePaymentModal?: () => void;
  }
}

export const isCheckoutReady = () => typeof window.FlutterwaveCheckout === 'function';

/** The widget's configuration from the server's checkout (spec-2 §7; card, mobile money, USSD). */
export function toFlutterwaveConfig(
  checkout: Checkout,
  handlers: Pick<FlutterwaveConfig, 'callback' | 'onclose'>,
): FlutterwaveConfig {
  return {
    public_key: checkout.publicKey,
    tx_ref: checkout.txRef,
    amount: checkout.amount,
    currency: checkout.currency,
    payment_options: checkout.paymentOptions,
    customer: checkout.customer,
    customizations: checkout.customizations,
    ...handlers,
  };
}

/** Closes the checkout modal, whichever way this version of the script offers. */
export function closeCheckout(modal: FlutterwaveModal | void | undefined) {
  try {
    if (typeof window.closePaymentModal === 'function') window.closePaymentModal();
    else modal?.close?.();
  } catch {
    // Already closed.
  }
}
