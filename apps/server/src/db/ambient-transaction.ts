import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';

interface Ambient {
  tx: Tx;
  /** False once the transaction has finished: later work (after the response) uses the pool. */
  active: boolean;
  /** Work that must wait for the commit (see `afterCommit`). */
  afterCommit: (() => void)[];
}

const storage = new AsyncLocalStorage<Ambient>();

/**
 * The database handle services receive: it forwards every call to the request's ambient
 * transaction while one is open (see `inAmbientTransaction`), else to `db`. A service's own
 * `db.transaction(...)` then becomes a savepoint inside it, and its reads see its own writes;
 * on PGlite (one connection) nothing inside the request waits for the open transaction.
 */
export function withAmbientTransaction(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const ambient = storage.getStore();
      const source: object = ambient?.active ? ambient.tx : target;
      const value: unknown = Reflect.get(source, property);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(source)
        : value;
    },
  });
}

/**
 * Runs `fn` in one transaction of `db` that every handle from `withAmbientTransaction` joins
 * while `fn` runs: all its writes commit together, or none does. What services hand to
 * `afterCommit` (realtime events, Web Push) runs once the whole transaction has committed, and
 * not at all when it rolls back.
 */
export async function inAmbientTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const afterCommit: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    const ambient: Ambient = { tx, active: true, afterCommit };
    try {
      return await storage.run(ambient, () => fn(tx));
    } finally {
      ambient.active = false;
    }
  });
  for (const task of afterCommit) task();
  return result;
}

/**
 * Runs `task` now, or, inside an ambient transaction, once it has committed: a service's own
 * transaction may be only a savepoint of the request's, and others must not hear of rows that
 * are not committed yet (another connection would not find them) or never will be.
 */
export function afterCommit(task: () => void): void {
  const ambient = storage.getStore();
  if (ambient?.active) ambient.afterCommit.push(task);
  else task();
}

/** Whether the caller runs inside an open ambient transaction (handles forward to it). */
export function inAmbientTransactionNow(): boolean {
  return storage.getStore()?.active ?? false;
}
