import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type NewUserRow, type UserRow, userIdentities, users } from '../../db/schema/index.ts';

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

  async update(
    id: string,
    values: Partial<NewUserRow>,
    tx: DbOrTx = this.db,
  ): Promise<UserRow | null> {
    // Nothing to change: the row as it is; Drizzle refuses an empty SET.
    if (Object.keys(values).length === 0) return this.findById(id, tx);
    const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    return row ?? null;
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
}
