import { PlanLimitDetailsSchema, type PlanLimitKind } from '@selah/shared/schemas/billing';
import { ApiError } from './api-client';

export interface PlanLimit {
  /** The server's message naming the limit. */
  message: string;
  /** Which limit was reached, when the server said. */
  limit: PlanLimitKind | null;
}

const DEFAULT_LIMIT_MESSAGE = 'This needs a paid plan. Upgrade to continue.';

/**
 * The plan limit behind a failed call (decisions §3: 402 PAYMENT_REQUIRED with a message naming
 * the limit and `details.limit`), or null when the failure is something else.
 */
export function getPlanLimit(error: unknown): PlanLimit | null {
  if (!(error instanceof ApiError) || error.status !== 402) return null;
  const details = PlanLimitDetailsSchema.safeParse(error.details);
  return {
    message: error.message.trim() || DEFAULT_LIMIT_MESSAGE,
    limit: details.success ? details.data.limit : null,
  };
}

/**
 * A prayer streak as shown. At the plan's statistics window (`windowDays`, Free: 7) the server
 * stops counting (docs/decisions/027), so a streak that reached it may be longer: '7+ days'.
 */
export function streakLabel(streak: number, windowDays: number | null): string {
  if (windowDays !== null && streak >= windowDays) return `${windowDays}+ days`;
  return `${streak} day${streak === 1 ? '' : 's'}`;
}

/** True when the streak reached the plan's statistics window (and may be longer). */
export const streakCapped = (streak: number, windowDays: number | null): boolean =>
  windowDays !== null && streak >= windowDays;
