import type { Currency } from '@selah/shared/schemas/billing';

const SYMBOLS: Record<Currency, string> = { USD: '$', NGN: '₦' };

/**
 * A price as the server computed it, in its currency: '$4.99', '$20', '₦16,000', '₦7,984'.
 * Whole amounts drop the cents; nothing is converted or rounded here (decisions §2).
 */
export function formatPrice(amount: number, currency: Currency): string {
  const whole = Number.isInteger(amount);
  const number = amount.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${SYMBOLS[currency]}${number}`;
}

/** Any recorded amount: a known currency as `formatPrice` writes it, else '12.50 EUR'. */
export function formatMoney(amount: number, currency: string): string {
  return currency in SYMBOLS
    ? formatPrice(amount, currency as Currency)
    : `${amount.toFixed(2)} ${currency}`;
}

const METHOD_NAMES: Record<string, string> = {
  card: 'card',
  mobilemoney: 'mobile money',
  ussd: 'USSD',
  banktransfer: 'bank transfer',
  account: 'bank account',
};

/** Flutterwave's `payment_options` ('card,mobilemoney,ussd') in words: 'card, mobile money and USSD'. */
export function formatPaymentMethods(options: string): string {
  const names = options
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean)
    .map((option) => METHOD_NAMES[option] ?? option);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A country's name in English ('NG' -> 'Nigeria'), or the code when unknown. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
