import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { type NewUserRow, type UserRow, userIdentities, users } from '../../db/schema/index.ts';
import { type SettingsPatch, settingsWith } from './users.sql.ts';

/** A change to a user: columns, and settings key by key (never the whole settings object). */
export type UserChanges = Partial<Omit<NewUserRow, 'settings'>> & { settings?: SettingsPatch };

/** Drizzle queries over users and their external identities. */
export class UsersRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async findById(id: string, tx: DbOrTx = this.db): Promise<UserRow | null> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  }

  /** `email` must already be lower-cased. */
  async findByEmail(email: string, tx: DbOrTx = this.db): Promise<UserRow | null> {
    const [row] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    return row ?? null;
  }

  async findByIdentity(
    issuer: string,
    subject: string,
    tx: DbOrTx = this.db,
  ): Promise<UserRow | null> {
    const [row] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user ?? null;
  }

  async usernamesStartingWith(base: string, tx: DbOrTx = this.db): Promise<Set<string>> {
    const rows = await tx
      .select({ username: users.username })
      .from(users)
      .where(sql`${users.username} like ${`${base.replace(/[\\%_]/g, '\\$&')}%`}`);
    return new Set(rows.map((r) => r.username));
  }

  /** Inserts a user; returns null when the e-mail or username is taken. */
  async insert(values: NewUserRow, tx: DbOrTx = this.db): Promise<UserRow | null> {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
    return row ?? null;
  }

  async addIdentity(
    values: { userId: string; issuer: string; subject: string; email: string | null },
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(userIdentities).values(values).onConflictDoNothing();
  }

  /**
   * Changes the user's row: the columns given, and of the settings only the keys `settings`
   * names (`settingsWith`), merged into the row's own in the statement.
   */
  async update(id: string, changes: UserChanges, tx: DbOrTx = this.db): Promise<UserRow | null> {
    const { settings, ...values } = changes;
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const set = { ...given, ...(settings ? { settings: settingsWith(settings) } : {}) };
    // Nothing to change: the row as it is; Drizzle refuses an empty SET.
    if (Object.keys(set).length === 0) return this.findById(id, tx);
    const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
    return row ?? null;
  }

  /**
   * Locks the user's row until the transaction ends (`for no key update`, as
   * plans.repository.ts explains): work that must run one at a time per user waits here.
   */
  async lock(id: string, tx: Tx): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('no key update');
  }

  /** Records the user's last activity. */
  async touchActivity(id: string, at: Date): Promise<void> {
    await this.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, id));
  }

  /** Replaces the password hash only while it is still `expected` (no lost password change). */
  async updatePasswordHashIf(id: string, expected: string, passwordHash: string): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, id), eq(users.passwordHash, expected)));
  }

  /** Deletes the user; what is theirs goes with them (cascaded). */
  async delete(id: string, tx: DbOrTx): Promise<void> {
    await tx.delete(users).where(eq(users.id, id));
  }
}
