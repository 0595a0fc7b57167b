import type {
  PlanId,
  PlanLimitDetails,
  PlanLimitKind,
  PlanLimits,
  Subscription,
} from '@selah/shared/schemas/billing';
import type { Db, Tx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type PlanAfterPurchase, planAfterPurchase, type Purchase } from './plan-purchase.ts';
import { effectivePlan, PLAN_LIMITS, PLAN_NAMES, UPGRADE_URL } from './plan-catalogue.ts';
import { type PlanColumns, PlansRepository } from './plans.repository.ts';

/** 402 PAYMENT_REQUIRED naming the limit, with the way up. */
export function planLimitReached(limit: PlanLimitKind, message: string): AppError {
  const details: PlanLimitDetails = { limit, upgradeUrl: UPGRADE_URL };
  return new AppError('PAYMENT_REQUIRED', message, { details });
}

const FEATURE_MESSAGES = {
  groups: 'Creating prayer groups needs the Premium or Ministry plan. Upgrade to create a group.',
  export: 'Exporting to PDF needs the Premium or Ministry plan. Upgrade to export your journals.',
} as const;

/**
 * Plans and their limits (decisions §3): the effective plan, the checks the other services call
 * before they create something, and the subscription summary. A limit only ever stops new
 * writes; nothing is removed when a limit is hit or a plan lapses.
 */
export interface PlansServiceDeps {
  db: Db;
  now: () => Date;
}

export class PlansService {
  private readonly repo: PlansRepository;
  private readonly deps: PlansServiceDeps;

  constructor(deps: PlansServiceDeps) {
    this.deps = deps;
    this.repo = new PlansRepository(deps.db);
  }

  effectivePlan(user: PlanColumns): PlanId {
    return effectivePlan(user, this.deps.now());
  }

  /** The user's plan columns as stored (null for an unknown user). */
  planOf(userId: string): Promise<PlanColumns | null> {
    return this.repo.planOf(userId);
  }

  limitsOf(user: PlanColumns): PlanLimits {
    return PLAN_LIMITS[this.effectivePlan(user)];
  }

  /**
   * How many days back the user's history statistics reach (the streak's cap, the testimonies
   * shown, whether the month is counted); null: unlimited. A lapsed paid plan counts as Free.
   */
  statsWindowDays(user: PlanColumns): number | null {
    return this.limitsOf(user).statsDays;
  }

  /**
   * Call inside the transaction that creates the journal (and its optional first prayer).
   * Locks the user row, so parallel creations cannot both take the last slot.
   * @throws AppError PAYMENT_REQUIRED at the plan's journal or prayer limit.
   */
  async assertCanCreateJournal(
    userId: string,
    options: { withPrayer: boolean },
    tx: Tx,
  ): Promise<void> {
    const plan = await this.lockedPlan(userId, tx);
    const limits = PLAN_LIMITS[plan];
    if (limits.journals !== null) {
      const owned = await this.repo.countOwnedJournals(userId, tx);
      if (owned >= limits.journals) {
        throw planLimitReached(
          'journals',
          `The ${PLAN_NAMES[plan]} plan allows ${limits.journals} journals. Upgrade to Premium for unlimited journals.`,
        );
      }
    }
    if (options.withPrayer) await this.checkPrayers(userId, plan, tx);
  }

  /**
   * Call inside the transaction that creates the prayer.
   * @throws AppError PAYMENT_REQUIRED at the plan's prayer limit.
   */
  async assertCanCreatePrayer(userId: string, tx: Tx): Promise<void> {
    await this.checkPrayers(userId, await this.lockedPlan(userId, tx), tx);
  }

  private async checkPrayers(userId: string, plan: PlanId, tx: Tx): Promise<void> {
    const max = PLAN_LIMITS[plan].prayers;
    if (max === null) return;
    if ((await this.repo.countAuthoredPrayers(userId, tx)) >= max) {
      throw planLimitReached(
        'prayers',
        `The ${PLAN_NAMES[plan]} plan allows ${max} prayer points. Upgrade to Premium for unlimited prayer points.`,
      );
    }
  }

  private async lockedPlan(userId: string, tx: Tx): Promise<PlanId> {
    const row = await this.repo.lockUserPlan(userId, tx);
    return row ? this.effectivePlan(row) : 'free';
  }

  /** @throws AppError PAYMENT_REQUIRED when the user's plan lacks the feature. */
  assertFeature(user: UserRow, feature: 'groups' | 'export'): void {
    if (!this.limitsOf(user)[feature]) throw planLimitReached(feature, FEATURE_MESSAGES[feature]);
  }

  /**
   * Call after adding members, inside the same transaction and after the member counter was
   * bumped (the bump locks the journal row, so parallel joins are counted one after another);
   * throwing rolls the additions back.
   * @throws AppError PAYMENT_REQUIRED when the journal now has more members than its owner's
   *   plan allows.
   */
  async assertMemberCap(journalId: string, tx: Tx): Promise<void> {
    const row = await this.repo.journalMembersAndOwnerPlan(journalId, tx);
    if (!row) return;
    const plan = this.effectivePlan(row);
    const max = PLAN_LIMITS[plan].membersPerJournal;
    if (row.memberCount <= max) return;
    throw planLimitReached(
      'members',
      plan === 'ministry'
        ? `This journal has reached the Ministry plan's limit of ${max} members.`
        : `This journal has reached the ${PLAN_NAMES[plan]} plan's limit of ${max} members. The Ministry plan allows up to ${PLAN_LIMITS.ministry.membersPerJournal} members per journal.`,
    );
  }

  /**
   * Gives the user what a verified payment bought (ADR 041), inside the payment's transaction:
   * locks the user row, so parallel fulfilments for one user apply one after another.
   */
  async applyPurchase(userId: string, purchase: Purchase, tx: Tx): Promise<PlanAfterPurchase> {
    const now = this.deps.now();
    const result = planAfterPurchase(await this.repo.lockUserPlan(userId, tx), purchase, now);
    await this.repo.setPlan(userId, result.plan, result.expiresAt, tx);
    return result;
  }

  /** What paying for `purchase` now would give the user (the pricing page shows it). */
  previewPurchase(user: PlanColumns, purchase: Purchase): PlanAfterPurchase {
    return planAfterPurchase(user, purchase, this.deps.now());
  }

  async subscription(user: UserRow): Promise<Subscription> {
    const { journals, prayers } = await this.repo.usage(user.id);
    return {
      plan: user.plan,
      effectivePlan: this.effectivePlan(user),
      expiresAt: user.planExpiresAt?.toISOString() ?? null,
      limits: this.limitsOf(user),
      usage: { journals, prayers },
    };
  }
}
