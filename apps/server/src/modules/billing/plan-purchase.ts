import type { PaidPlanId, PlanId } from '@selah/shared/schemas/billing';
import type { PlanColumns } from './plans.repository.ts';
import { addMonths, effectivePlan, priceFor } from './plan-catalogue.ts';

/** A paid month (or several) of a plan, priced for the country of its checkout. */
export interface Purchase {
  plan: PaidPlanId;
  months: number;
  country: string | null;
}

/**
 * How a purchase was applied: `start` (nothing paid was active), `extend` (the same plan, from
 * its end), `upgrade` (a higher plan from now, the lower plan's remaining time converted into
 * it by value), `add-to-higher` (a lower plan bought while a higher one runs: its value is
 * added to the higher plan's time).
 */
export type PurchaseKind = 'start' | 'extend' | 'upgrade' | 'add-to-higher';

export interface PlanAfterPurchase {
  plan: PaidPlanId;
  expiresAt: Date;
  kind: PurchaseKind;
  /** Time on `plan` that came from converting the other plan's time or value, in ms. */
  convertedMs: number;
}

const RANK: Record<PlanId, number> = { free: 0, premium: 1, ministry: 2 };

/**
 * The plan and its end after paying for `purchase` at `now` (ADR 041). One plan runs at a time,
 * with one end date; paying never lowers a higher active plan and never turns time bought at
 * one price into as much time at a higher price: time moves between plans at the ratio of
 * their monthly prices in the purchase's country.
 */
export function planAfterPurchase(
  current: PlanColumns | null,
  purchase: Purchase,
  now: Date,
): PlanAfterPurchase {
  const { plan, months, country } = purchase;
  const active = current ? effectivePlan(current, now) : 'free';
  if (active === 'free' || !current?.planExpiresAt) {
    return { plan, expiresAt: addMonths(now, months), kind: 'start', convertedMs: 0 };
  }
  const end = current.planExpiresAt;
  if (active === plan) {
    return { plan, expiresAt: addMonths(end, months), kind: 'extend', convertedMs: 0 };
  }
  /** What a millisecond of `from` is worth in milliseconds of `to`. */
  const rate = (from: PaidPlanId, to: PaidPlanId) =>
    priceFor(from, country).usdCents / priceFor(to, country).usdCents;
  if (RANK[plan] > RANK[active]) {
    const convertedMs = Math.floor((end.getTime() - now.getTime()) * rate(active, plan));
    return {
      plan,
      expiresAt: new Date(addMonths(now, months).getTime() + convertedMs),
      kind: 'upgrade',
      convertedMs,
    };
  }
  const boughtMs = addMonths(end, months).getTime() - end.getTime();
  const convertedMs = Math.floor(boughtMs * rate(plan, active));
  return {
    plan: active,
    expiresAt: new Date(end.getTime() + convertedMs),
    kind: 'add-to-higher',
    convertedMs,
  };
}
