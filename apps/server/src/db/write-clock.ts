import type pg from 'pg';

/**
 * Counts the writes this process has completed on its database: every statement that may change
 * data ticks it when the database has answered it (committed, for a statement outside a
 * transaction), and every transaction's end ticks it again. Anything remembered about the data
 * (lib/versioned-cache.ts) is valid while the clock still shows the version it was read at: a
 * value read before a write completed carries an older version, and one read after it saw the
 * write (ADR 035).
 */
export class WriteClock {
  #version = 0;

  get version(): number {
    return this.#version;
  }

  tick(): void {
    this.#version++;
  }
}

/**
 * Whether a statement only reads: a `select`, or a `with` query, naming no insert, update,
 * delete or merge anywhere (Drizzle sends values as parameters, so the words would be the
 * statement's own; a `select ... for update` counts as a write, which costs nothing but a tick).
 * Anything else is taken for a write.
 */
export function isReadStatement(text: string | undefined): boolean {
  return (
    text !== undefined &&
    /^\s*(select|with)\b/i.test(text) &&
    !/\b(insert|update|delete|merge)\b/i.test(text)
  );
}

/**
 * Marks a write that changes nothing a remembered answer may not be a few seconds late on (a
 * user's last activity: "online" is a matter of time, like a day turning): it does not tick the
 * clock.
 */
export const NO_TICK = '/* selah:no-tick */';

/** Whether a statement moves the clock: any but a read or a write marked {@link NO_TICK}. */
export function ticks(text: string | undefined): boolean {
  return !isReadStatement(text) && !text?.startsWith(NO_TICK);
}

type QueryArgs = unknown[];

function statementText(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) {
    const { text } = first as { text?: unknown };
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

/**
 * Ticks `clock` after every statement but a read on each connection of `pool` (a transaction's
 * `commit` and `rollback` are statements too). pg-pool calls its clients with a callback,
 * Drizzle's transactions with promises: both are covered, and the tick comes before the caller
 * sees the answer.
 */
export function tickOnWrites(pool: pg.Pool, clock: WriteClock): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: QueryArgs) => unknown;
    const wrapped = (...args: QueryArgs): unknown => {
      if (!ticks(statementText(args[0]))) return query(...args);
      const last = args.at(-1);
      if (typeof last === 'function') {
        const callback = last as (...results: unknown[]) => unknown;
        return query(...args.slice(0, -1), (...results: unknown[]) => {
          clock.tick();
          return callback(...results);
        });
      }
      const result = query(...args);
      if (result instanceof Promise) {
        return result.then(
          (value: unknown) => {
            clock.tick();
            return value;
          },
          (error: unknown) => {
            clock.tick();
            throw error;
          },
        );
      }
      // A submittable (a cursor): no reads of ours use one; tick now and when it ends.
      clock.tick();
      (result as { on?: (event: string, listener: () => void) => void }).on?.('end', () =>
        clock.tick(),
      );
      return result;
    };
    client.query = wrapped as typeof client.query;
  });
}
