import type { PGlite, Transaction } from '@electric-sql/pglite';

/** SQLSTATE 53100: disk_full (PostgreSQL raises it for ENOSPC on WAL and data files). */
const DISK_FULL = '53100';

export interface FatalDatabaseError {
  /** True when the database could not write because the disk is full. */
  diskFull: boolean;
  error: unknown;
}

/**
 * Whether a PGlite error leaves the embedded database unusable. PostgreSQL answers a failed WAL
 * write with a PANIC (the whole server restarts); inside PGlite nothing restarts, and the next
 * statement never returns while it spins the event loop at 100 % CPU (quality guide, F5).
 */
export function fatalDatabaseError(error: unknown): FatalDatabaseError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, severity, message } = error as {
    code?: unknown;
    severity?: unknown;
    message?: unknown;
  };
  const diskFull =
    code === DISK_FULL ||
    (error as { errno?: unknown }).errno === 28 ||
    (typeof message === 'string' && /no space left on device|ENOSPC/i.test(message));
  if (diskFull || severity === 'PANIC' || severity === 'FATAL') return { diskFull, error };
  return null;
}

/**
 * The part of PGlite that Drizzle uses, guarded: statements run one at a time (PGlite runs them
 * one at a time anyway), and after a fatal error no further statement reaches PGlite. `onFatal`
 * runs synchronously with the first fatal error, before any other statement could be issued, so
 * it can end the process cleanly; later calls fail with the same error without touching PGlite.
 */
export function guardPglite(client: PGlite, onFatal?: (fatal: FatalDatabaseError) => void): PGlite {
  let fatal: FatalDatabaseError | null = null;
  let tail: Promise<unknown> = Promise.resolve();

  const check = (error: unknown): never => {
    const found = fatalDatabaseError(error);
    if (found && !fatal) {
      fatal = found;
      onFatal?.(found);
    }
    throw error;
  };
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    if (fatal) throw fatal.error;
    try {
      return await run();
    } catch (error) {
      return check(error);
    }
  };
  /** Serialises top-level calls; a fatal error is handled before the next call starts. */
  const exclusive = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(() => guarded(run));
    tail = result.catch(() => {});
    return result;
  };
  const guardTx = (tx: Transaction): Transaction => ({
    get closed() {
      return tx.closed;
    },
    query: (...args) => guarded(() => tx.query(...args)),
    sql: (...args) => guarded(() => tx.sql(...args)),
    exec: (...args) => guarded(() => tx.exec(...args)),
    rollback: () => guarded(() => tx.rollback()),
    listen: (...args) => guarded(() => tx.listen(...args)),
  });

  const facade = {
    query: (...args: Parameters<PGlite['query']>) => exclusive(() => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => exclusive(() => client.exec(...args)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      exclusive(() => client.transaction((tx) => callback(guardTx(tx)))),
  };
  return facade as unknown as PGlite;
}
