import { PAID_PLAN_IDS, type PaidPlanId } from '@selah/shared/schemas/billing';

/** The paid plans' names as the app shows them (spec-2 §9). */
export const PAID_PLAN_NAMES: Record<PaidPlanId, string> = {
  premium: 'Premium',
  ministry: 'Ministry',
};

/** A paid plan's name, or undefined for Free, no plan or an unknown one. */
export function paidPlanName(plan: string | null | undefined): string | undefined {
  return (PAID_PLAN_IDS as readonly (string | null | undefined)[]).includes(plan)
    ? PAID_PLAN_NAMES[plan as PaidPlanId]
    : undefined;
}
