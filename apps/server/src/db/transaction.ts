import type { DbOrTx, Tx } from './client.ts';

/** The after-commit work of each transaction opened by `transaction`, by its handle. */
const pending = new WeakMap<DbOrTx, (() => void)[]>();

/**
 * The one way to run work in a transaction (docs/decisions/047): `work` receives `tx` and passes
 * it explicitly to every repository and service method it calls (their last parameter). On the
 * database handle it opens a transaction; on a caller's `tx` it runs in a savepoint of it
 * (Drizzle's nested transaction), so the caller's commit or rollback decides. What `work` hands
 * to `afterCommit` runs once the outermost transaction has committed, never after a rollback.
 */
export async function transaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tasks: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    pending.set(tx, tasks);
    return work(tx);
  });
  const outer = pending.get(db);
  if (outer) outer.push(...tasks);
  else for (const task of tasks) task();
  return result;
}

/**
 * Runs `task` once the transaction `tx` belongs to has committed (the outermost one, when `tx`
 * is a savepoint), and not at all when it rolls back; at once when `tx` is the database handle.
 * Realtime events, Web Push and the mail worker's wake-up go here: others must not hear of rows
 * that are not committed yet (another connection would not find them) or never will be.
 */
export function afterCommit(tx: DbOrTx, task: () => void): void {
  const tasks = pending.get(tx);
  if (tasks) tasks.push(task);
  else task();
}
