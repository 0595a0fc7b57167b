import {
  type Currency,
  type PaidPlanId,
  type PlanId,
  type PlanPrice,
  PLAN_NAMES,
} from '@selah/shared/schemas/billing';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * The limits and the plans' names live with the contracts, so the app and the client's fixtures
 * use the same tables.
 */
export { FREE_STATS_DAYS, PLAN_LIMITS, PLAN_NAMES } from '@selah/shared/schemas/billing';

export const PLAN_FEATURES: Record<PlanId, string[]> = {
  free: ['3 prayer journals', '50 prayer points', 'Basic statistics', '7 days of prayer history'],
  premium: [
    'Unlimited journals and prayer points',
    'Advanced statistics',
    'Unlimited history',
    'Create prayer groups',
    'Export to PDF',
  ],
  ministry: [
    'Everything in Premium',
    'Up to 100 members per journal',
    'Ministry analytics',
    'Prayer request management',
    'Custom branding',
    'Priority support',
  ],
};

export const UPGRADE_URL = '/pricing';
/** Flutterwave `payment_options`: card, mobile money, USSD (spec-2 §9). */
export const PAYMENT_METHODS = 'card,mobilemoney,ussd';
/** Naira per US dollar for Nigerian visitors (spec-2 §9). */
export const NAIRA_PER_DOLLAR = 1600;

const PREMIUM_USD_CENTS = 499;
const MINISTRY_USD_CENTS_BY_COUNTRY = new Map<string, number>([
  ...['NG', 'GH', 'KE', 'ZA', 'EG', 'DZ', 'MA', 'TZ', 'UG', 'CM', 'SN'].map(
    (c) => [c, 1000] as const,
  ),
  ...['DE', 'FR', 'GB', 'IT', 'ES', 'NL', 'BE', 'CH', 'AT', 'SE', 'NO', 'DK', 'FI', 'IE'].map(
    (c) => [c, 3000] as const,
  ),
  ...['US', 'CA'].map((c) => [c, 5000] as const),
]);
const MINISTRY_USD_CENTS_ELSEWHERE = 2000;

/** The plan in force at `now`: the stored plan while it has not lapsed, else free. */
export function effectivePlan(
  user: Pick<UserRow, 'plan' | 'planExpiresAt'>,
  now: Date = new Date(),
): PlanId {
  if (user.plan === 'free' || !user.planExpiresAt) return 'free';
  return user.planExpiresAt.getTime() > now.getTime() ? user.plan : 'free';
}

/** A price in whole cents (kobo for naira) and its currency. */
export interface Price {
  cents: number;
  currency: Currency;
  usdCents: number;
}

/** The monthly price of a plan for a visitor from `country` (null: unknown). */
export function priceFor(plan: PlanId, country: string | null): Price {
  const usdCents =
    plan === 'free'
      ? 0
      : plan === 'premium'
        ? PREMIUM_USD_CENTS
        : (MINISTRY_USD_CENTS_BY_COUNTRY.get(country ?? '') ?? MINISTRY_USD_CENTS_ELSEWHERE);
  return country === 'NG'
    ? { cents: usdCents * NAIRA_PER_DOLLAR, currency: 'NGN', usdCents }
    : { cents: usdCents, currency: 'USD', usdCents };
}

export const centsToAmount = (cents: number) => cents / 100;
/** An amount as the provider reports it, in whole cents (rounded: 4.99 is 499, not 498.99…). */
export const amountToCents = (amount: number) => Math.round(amount * 100);

/** Every plan's price for `country`; what buying it would give a user is added by the caller. */
export function planPrices(country: string | null): Omit<PlanPrice, 'purchase'>[] {
  return (['free', 'premium', 'ministry'] as const).map((id) => {
    const price = priceFor(id, country);
    return {
      id,
      name: PLAN_NAMES[id],
      amount: centsToAmount(price.cents),
      currency: price.currency,
      usdAmount: centsToAmount(price.usdCents),
      interval: 'month' as const,
      features: PLAN_FEATURES[id],
      popular: id === 'premium',
    };
  });
}

/** `date` plus `months` calendar months in UTC, kept on the last day of shorter months. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export const isPaidPlan = (plan: PlanId): plan is PaidPlanId => plan !== 'free';
