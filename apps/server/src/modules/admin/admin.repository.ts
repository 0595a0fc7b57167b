import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

export type AdminUser = Pick<UserRow, 'id' | 'email' | 'username' | 'role'>;

const columns = { id: users.id, email: users.email, username: users.username, role: users.role };

/** Who is an operator: the `users.role` column, read and written only here. Queries only. */
export class AdminRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Sets the role of the account with this (lower-cased) e-mail; null when there is none. */
  async setRole(email: string, role: string): Promise<AdminUser | null> {
    const [row] = await this.db
      .update(users)
      .set({ role })
      .where(eq(users.email, email))
      .returning(columns);
    return row ?? null;
  }

  async withRole(role: string): Promise<AdminUser[]> {
    return this.db
      .select(columns)
      .from(users)
      .where(eq(users.role, role))
      .orderBy(asc(users.email));
  }
}
