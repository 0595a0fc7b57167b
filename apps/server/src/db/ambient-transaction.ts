import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';

interface Ambient {
  tx: Tx;
  /** False once the transaction has finished: later work (after the response) uses the pool. */
  active: boolean;
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
 * while `fn` runs: all its writes commit together, or none does. Side effects a service runs
 * "after commit" (realtime events) happen when its savepoint is released, just before the
 * outer commit.
 */
export function inAmbientTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const ambient: Ambient = { tx, active: true };
    try {
      return await storage.run(ambient, () => fn(tx));
    } finally {
      ambient.active = false;
    }
  });
}
