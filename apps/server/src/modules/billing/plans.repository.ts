import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { selectValues } from '../../db/json.ts';
import { journals, prayers, type UserRow, users } from '../../db/schema/index.ts';

export type PlanColumns = Pick<UserRow, 'plan' | 'planExpiresAt'>;

/** The queries plan limits need. Queries only. */
export class PlansRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The user's plan, with the user row locked until the transaction ends: creations by one
   * user run one at a time, so two parallel requests cannot both take the last free slot.
   * `for no key update`, not `for update`: rows inserted earlier in the same transaction that
   * reference the user (an idempotency key) hold `for key share` on it, which `for update`
   * conflicts with, so two such transactions deadlocked; `for no key update` still serialises
   * the plan checks (it conflicts with itself) but not with foreign-key checks.
   */
  async lockUserPlan(userId: string, tx: Tx): Promise<PlanColumns | null> {
    const [row] = await tx
      .select({ plan: users.plan, planExpiresAt: users.planExpiresAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    return row ?? null;
  }

  async planOf(userId: string, tx: DbOrTx = this.db): Promise<PlanColumns | null> {
    const [row] = await tx
      .select({ plan: users.plan, planExpiresAt: users.planExpiresAt })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async countOwnedJournals(userId: string, tx: DbOrTx = this.db): Promise<number> {
    return tx.$count(journals, eq(journals.ownerId, userId));
  }

  async countAuthoredPrayers(userId: string, tx: DbOrTx = this.db): Promise<number> {
    return tx.$count(prayers, eq(prayers.authorId, userId));
  }

  /** The journals the user owns and the prayers they wrote, counted in one statement. */
  async usage(userId: string): Promise<{ journals: number; prayers: number }> {
    return selectValues(this.db, {
      journals: this.db.$count(journals, eq(journals.ownerId, userId)),
      prayers: this.db.$count(prayers, eq(prayers.authorId, userId)),
    });
  }

  /** A journal's member count (as this transaction sees it) and its owner's plan. */
  async journalMembersAndOwnerPlan(
    journalId: string,
    tx: DbOrTx = this.db,
  ): Promise<(PlanColumns & { memberCount: number }) | null> {
    const [row] = await tx
      .select({
        memberCount: journals.memberCount,
        plan: users.plan,
        planExpiresAt: users.planExpiresAt,
      })
      .from(journals)
      .innerJoin(users, eq(users.id, journals.ownerId))
      .where(eq(journals.id, journalId))
      .limit(1);
    return row ?? null;
  }

  /** Sets the plan and its expiry. */
  async setPlan(
    userId: string,
    plan: UserRow['plan'],
    expiresAt: Date | null,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.update(users).set({ plan, planExpiresAt: expiresAt }).where(eq(users.id, userId));
  }
}
