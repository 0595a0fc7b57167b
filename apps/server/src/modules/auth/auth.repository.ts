import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  type AuthTokenKind,
  type SessionRow,
  type UserRow,
  authTokens,
  oauthStates,
  sessions,
  userIdentities,
  users,
} from '../../db/schema/index.ts';

/** Which of a user's live sessions to end: one, all, or all but one. */
export type SessionScope = { only: string } | { except?: string | undefined };

/** Sessions, single-use tokens and OAuth states. Queries only. */
export class AuthRepository {
  private readonly db: Db;

  constructor(db: Db) {
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

  /** Revokes the user's live sessions in `scope`; returns the ids of those it ended. */
  async revokeSessions(
    userId: string,
    scope: SessionScope,
    tx: DbOrTx = this.db,
  ): Promise<string[]> {
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          'only' in scope ? eq(sessions.id, scope.only) : undefined,
          'except' in scope && scope.except ? ne(sessions.id, scope.except) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  /** Of `ids`, the sessions still live now (not revoked, not expired, not deleted). */
  async liveSessionIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(sessions.id, ids),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      );
    return new Set(rows.map((row) => row.id));
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

  /**
   * Marks a live token of one of `kinds` used and returns it; null when unknown, used, expired
   * or (with `userId`) someone else's. Single use.
   */
  async consumeToken(
    kinds: AuthTokenKind | AuthTokenKind[],
    tokenHash: string,
    tx: DbOrTx = this.db,
    userId?: string,
  ): Promise<{ userId: string; kind: AuthTokenKind; data: Record<string, unknown> | null } | null> {
    const now = new Date();
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: now })
      .where(
        and(
          inArray(authTokens.kind, Array.isArray(kinds) ? kinds : [kinds]),
          eq(authTokens.tokenHash, tokenHash),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, now),
          userId ? eq(authTokens.userId, userId) : undefined,
        ),
      )
      .returning({ userId: authTokens.userId, kind: authTokens.kind, data: authTokens.data });
    return row ?? null;
  }

  /**
   * Invalidates a user's unused tokens of `kinds`, or of every kind (a new reset link voids
   * older ones; a password reset voids everything that was on its way).
   */
  async invalidateTokens(
    userId: string,
    kinds: AuthTokenKind | AuthTokenKind[] | 'all',
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, userId),
          kinds === 'all'
            ? undefined
            : inArray(authTokens.kind, Array.isArray(kinds) ? kinds : [kinds]),
          isNull(authTokens.usedAt),
        ),
      );
  }

  /** Removes every external identity (Google) linked to the user. */
  async unlinkIdentities(userId: string, tx: DbOrTx = this.db): Promise<number> {
    const rows = await tx
      .delete(userIdentities)
      .where(eq(userIdentities.userId, userId))
      .returning({ id: userIdentities.id });
    return rows.length;
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
