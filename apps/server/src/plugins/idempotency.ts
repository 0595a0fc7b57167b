import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@selah/shared/schemas/idempotency';
import type { Db, DbOrTx } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import { type IdempotencyKeyRow, idempotencyKeys } from '../db/schema/index.ts';
import { AppError, validationFailed } from '../lib/app-error.ts';
import { currentUser } from './auth.ts';

/** How long a key and its stored answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a creating request: `create(tx)` runs once per `Idempotency-Key` (decision 017).
     * Without the header it simply runs, on the database handle. With it, `tx` is the
     * transaction that claims the key: `create` passes it to the service, whose writes and reads
     * then join it, and the answer is stored with them; a retry replays it.
     */
    idempotent: (
      request: FastifyRequest,
      reply: FastifyReply,
      create: (tx: DbOrTx) => Promise<Answer>,
    ) => Promise<FastifyReply>;
  }
}

/** What a creating route answers: its status and body. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Thrown inside the transaction when another request already holds the key. */
class KeyTaken extends Error {}

const REPLAYED_HEADER = 'idempotent-replayed';

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ params: request.params ?? null, body: request.body ?? null }))
    .digest('hex');
}

export class IdempotencyStore {
  private readonly db: Db;
  private readonly now: () => Date;

  constructor(db: Db, now: () => Date) {
    this.db = db;
    this.now = now;
  }

  async find(userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row && row.expiresAt > this.now() ? row : undefined;
  }

  /** Deletes expired keys (hourly housekeeping); returns how many. */
  async purgeExpired(): Promise<number> {
    const gone = await this.db
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, this.now()))
      .returning({ key: idempotencyKeys.key });
    return gone.length;
  }

  async answer(
    request: FastifyRequest,
    reply: FastifyReply,
    create: (tx: DbOrTx) => Promise<Answer>,
  ): Promise<FastifyReply> {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) {
      const { status, body } = await create(this.db);
      return reply.status(status).send(body);
    }
    const parsed = IdempotencyKeySchema.safeParse(header);
    if (!parsed.success) {
      throw validationFailed(
        'headers.idempotency-key',
        'Idempotency-Key must be 1-255 printable ASCII characters.',
      );
    }
    const key = parsed.data;
    const userId = currentUser(request).id;
    const scope = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const fingerprint = fingerprintOf(request);

    const stored = await this.find(userId, key);
    if (stored) return this.replay(reply, stored, scope, fingerprint);
    try {
      const { status, body } = await transaction(this.db, async (tx) => {
        const now = this.now();
        // An expired key may be used again; the primary key decides between duplicates: a
        // concurrent request with the same key waits here until the first one commits.
        await tx
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              lte(idempotencyKeys.expiresAt, now),
            ),
          );
        const claimed = await tx
          .insert(idempotencyKeys)
          .values({
            userId,
            key,
            scope,
            fingerprint,
            status: 0,
            body: null,
            createdAt: now,
            expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
          })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (claimed.length === 0) throw new KeyTaken();
        const created = await create(tx);
        const json: unknown =
          created.body === undefined ? null : JSON.parse(JSON.stringify(created.body));
        await tx
          .update(idempotencyKeys)
          .set({ status: created.status, body: json })
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
        return created;
      });
      return reply.status(status).send(body);
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      const winner = await this.find(userId, key);
      if (winner) return this.replay(reply, winner, scope, fingerprint);
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is in progress.', {
        details: { reason: 'IDEMPOTENCY_KEY_IN_PROGRESS' },
        headers: { 'retry-after': '1' },
      });
    }
  }

  private replay(
    reply: FastifyReply,
    row: IdempotencyKeyRow,
    scope: string,
    fingerprint: string,
  ): FastifyReply {
    if (row.scope !== scope || row.fingerprint !== fingerprint) {
      throw new AppError(
        'CONFLICT',
        'This Idempotency-Key was already used for a different request. Use a new key.',
        { details: { reason: 'IDEMPOTENCY_KEY_REUSED' } },
      );
    }
    return reply.header(REPLAYED_HEADER, 'true').status(row.status).send(row.body);
  }
}

/** Decorates `app.idempotent` for the creating routes; purges expired keys hourly if asked. */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; now: () => Date; purge?: boolean }) => {
    const store = new IdempotencyStore(opts.db, opts.now);
    app.decorate('idempotent', (request, reply, create) => store.answer(request, reply, create));
    if (opts.purge) {
      const timer = setInterval(
        () => {
          store
            .purgeExpired()
            .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency purge failed'));
        },
        60 * 60 * 1000,
      );
      timer.unref();
      app.addHook('onClose', () => clearInterval(timer));
    }
  },
  { name: 'idempotency' },
);
