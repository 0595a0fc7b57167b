import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type AuthTokenKind,
  type SessionRow,
  type UserRow,
  authTokens,
  oauthStates,
  sessions,
  users,
} from '../../db/schema/index.ts';

/** Sessions, single-use tokens and OAuth states. Queries only. */
export class AuthRepository {
  private readonly db: DbOrTx;

  constructor(db: DbOrTx) {
    this.db = db;
  }

  async createSession(
    values: { userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
    tx: DbOrTx = this.db,
  ): Promise<SessionRow> {
    const [row] = await tx.insert(sessions).values(values).returning();
    return row!;
  }

  /**
   * The session lookup runs on every authenticated request, so it is built once and prepared
   * (a named statement on PostgreSQL): no query building per request, no parsing or planning.
   */
  private liveSession?: ReturnType<AuthRepository['prepareLiveSession']>;

  private prepareLiveSession() {
    return this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('selah_live_session');
  }

  /** The live session and its user, in one query; null when missing, revoked or expired. */
  async findLiveSession(
    sessionId: string,
    userId: string,
  ): Promise<{ session: SessionRow; user: UserRow } | null> {
    this.liveSession ??= this.prepareLiveSession();
    const [row] = await this.liveSession.execute({ sessionId, userId, now: new Date() });
    return row ?? null;
  }

  async revokeSession(sessionId: string, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes every live session of a user, except `keepSessionId` when given. */
  async revokeUserSessions(
    userId: string,
    keepSessionId?: string,
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
  }

  async insertToken(
    values: {
      userId: string;
      kind: AuthTokenKind;
      tokenHash: string;
      expiresAt: Date;
      data?: Record<string, unknown>;
    },
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(authTokens).values(values);
  }

  /** Marks a live token used and returns it; null when unknown, used or expired (single use). */
  async consumeToken(
    kind: AuthTokenKind,
    tokenHash: string,
    tx: DbOrTx = this.db,
  ): Promise<{ userId: string; data: Record<string, unknown> | null } | null> {
    const now = new Date();
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(authTokens.kind, kind),
          eq(authTokens.tokenHash, tokenHash),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
        ),
      )
      .returning({ userId: authTokens.userId, data: authTokens.data });
    return row ?? null;
  }

  /** Invalidates a user's unused tokens of one kind (a new reset link voids older ones). */
  async invalidateTokens(userId: string, kind: AuthTokenKind, tx: DbOrTx = this.db): Promise<void> {
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)),
      );
  }

  async insertOauthState(values: typeof oauthStates.$inferInsert): Promise<void> {
    await this.db.insert(oauthStates).values(values);
  }

  /** Deletes and returns a live OAuth state (single use). */
  async consumeOauthState(stateHash: string): Promise<typeof oauthStates.$inferSelect | null> {
    const [row] = await this.db
      .delete(oauthStates)
      .where(eq(oauthStates.stateHash, stateHash))
      .returning();
    if (!row || row.expiresAt <= new Date()) return null;
    return row;
  }

  /** Housekeeping: removes expired states, tokens and sessions. */
  async purgeExpired(): Promise<void> {
    const now = new Date();
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    await this.db.delete(authTokens).where(lt(authTokens.expiresAt, dayAgo));
    await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, dayAgo), lt(sessions.revokedAt, dayAgo)));
  }
}
