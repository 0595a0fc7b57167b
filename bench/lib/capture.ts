import type { Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DbHandle } from '../../apps/server/src/db/client.ts';
import { preparedStatementName } from '../../apps/server/src/db/prepared-statements.ts';

/**
 * Statement capture (control (a), ADR 048): what the app's database driver was asked to run
 * while a request was answered, with its parameters and result rows, recorded by wrapping the
 * driver of a handle the bench opened itself (the in-process app of `profileQueries`). Nothing in
 * the server changes: the wrap lives here and only on the bench's own handle.
 */
export interface RecordedStatement {
  text: string;
  params: unknown[];
  /** A named (prepared) statement on PostgreSQL. */
  name?: string;
  /** The driver's row mode ('array' for Drizzle's selects with joins), kept for the replay. */
  rowMode?: 'array';
  /** Result rows, each as its values in column order. */
  rows: unknown[][];
  /**
   * The transaction it ran in (an id per transaction), or null. On PostgreSQL the `begin` and
   * `commit` statements are recorded too (Drizzle sends them); PGlite runs its own.
   */
  tx: number | null;
}

export interface StatementRecorder {
  /** Starts a new recording (what ran before is dropped). */
  start: () => void;
  /** Stops recording and returns what ran since `start`, in the order it was sent. */
  stop: () => RecordedStatement[];
  /** Unwraps the driver (PGlite) or leaves it passing everything through (PostgreSQL). */
  release: () => void;
}

const rowValues = (row: unknown): unknown[] =>
  Array.isArray(row) ? row : Object.values(row as Record<string, unknown>);

const rowsOf = (result: unknown): unknown[][] =>
  ((result as { rows?: unknown[] } | undefined)?.rows ?? []).map(rowValues);

const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

/** Records every statement run through `handle` while a recording is on. */
export function recordStatements(handle: DbHandle): StatementRecorder {
  let recording: RecordedStatement[] | null = null;
  let nextTx = 1;
  let release = () => {};

  if (handle.pool) {
    const openTx = new WeakMap<pg.PoolClient, number>();
    handle.pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      const wrapped = (...args: unknown[]): unknown => {
        if (!recording) return query(...args);
        const [first, second] = args;
        const config = (typeof first === 'object' && first !== null ? first : {}) as {
          text?: string;
          name?: string;
          rowMode?: 'array';
          values?: unknown[];
        };
        const text = typeof first === 'string' ? first : (config.text ?? '');
        const params = Array.isArray(second) ? second : (config.values ?? []);
        let tx = openTx.get(client) ?? null;
        if (BEGIN.test(text)) {
          tx = nextTx++;
          openTx.set(client, tx);
        } else if (END.test(text)) {
          openTx.delete(client);
        }
        const entry: RecordedStatement = {
          text,
          params: [...params],
          // The app's client names a statement with parameters (db/prepared-statements.ts) after
          // this wrap sees it: the replay prepares it as the app did.
          ...(config.name || params.length > 0
            ? { name: config.name ?? preparedStatementName(text) }
            : {}),
          ...(config.rowMode ? { rowMode: config.rowMode } : {}),
          rows: [],
          tx,
        };
        recording.push(entry);
        const last = args.at(-1);
        if (typeof last === 'function') {
          const callback = last as (error: unknown, result: unknown) => unknown;
          return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
            if (!error) entry.rows = rowsOf(result);
            return callback(error, result);
          });
        }
        return (query(...args) as Promise<unknown>).then((result) => {
          entry.rows = rowsOf(result);
          return result;
        });
      };
      client.query = wrapped as typeof client.query;
    });
  } else if (handle.pglite) {
    const client = handle.pglite;
    const record = (
      run: (...args: Parameters<typeof client.query>) => Promise<unknown>,
      tx: number | null,
    ) =>
      (async (...args: Parameters<typeof client.query>) => {
        if (!recording) return run(...args);
        const [text, params, options] = args;
        const entry: RecordedStatement = {
          text,
          params: [...(params ?? [])],
          ...(options?.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
          rows: [],
          tx,
        };
        recording.push(entry);
        const result = await run(...args);
        entry.rows = rowsOf(result);
        return result;
      }) as typeof client.query;
    const query = client.query.bind(client);
    const transaction = client.transaction.bind(client);
    client.query = record(query, null);
    client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const id = nextTx++;
        tx.query = record(tx.query.bind(tx), id);
        return callback(tx);
      });
    // The wraps are own properties over PGlite's methods: removing them restores the methods.
    release = () => {
      Reflect.deleteProperty(client, 'query');
      Reflect.deleteProperty(client, 'transaction');
    };
  } else {
    throw new Error('recordStatements: the handle has neither a pool nor a PGlite client');
  }

  return {
    start: () => {
      recording = [];
    },
    stop: () => {
      const done = recording ?? [];
      recording = null;
      return done;
    },
    release: () => {
      recording = null;
      release();
    },
  };
}

/** Where a replayed statement's parameter comes from (see `toReplay`). */
export type ParamSource =
  | { from: 'const'; value: unknown }
  | { from: 'user' }
  | { from: 'session' }
  | { from: 'route' | 'query' | 'body'; name: string }
  | { from: 'result'; step: number; row: number; col: number }
  | { from: 'now'; offsetMs: number; as: 'date' | 'iso' }
  | { from: 'uuid' }
  | { from: 'array'; items: ParamSource[] };

/** One statement of a request as the control replays it. */
export interface ReplayStep {
  text: string;
  name?: string;
  rowMode?: 'array';
  tx: number | null;
  params: ParamSource[];
}

/** What the captured request was: its user, session, URL and body, and when it ran. */
export interface CaptureContext {
  userId: string;
  sessionId: string;
  route: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** When the request ran (ms since the epoch). */
  at: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;
/** Timestamps this close to the capture are "now" plus an offset (a week's start, a window). */
const NOW_RANGE_MS = 400 * 24 * 60 * 60 * 1000;
/** Shorter strings are not taken as data read by an earlier statement (too easily equal). */
const MIN_RESULT_MATCH = 12;

/**
 * Turns the statements one request ran into steps the control can replay for another request:
 * each parameter is traced to where the app got it. In order: the signed-in user's id and
 * session id; a value of the URL's route parameters, query or JSON body (strings); a value an
 * earlier statement of the same request read (a uuid or a string of 12 characters or more:
 * the owner of a request being prayed for, their e-mail address); an instant within 400 days of
 * the capture (now, the start of today or of the week: replayed as now plus the same offset); an
 * id that appears nowhere before (an id the app made up for a new row: a fresh one each time).
 * Anything else is a constant (page sizes, kinds, flags, and texts the app composed, such as a
 * notification's message: replayed as captured).
 */
export function toReplay(statements: RecordedStatement[], ctx: CaptureContext): ReplayStep[] {
  const request: [ParamSource, unknown][] = [
    [{ from: 'user' }, ctx.userId],
    [{ from: 'session' }, ctx.sessionId],
    ...Object.entries(ctx.route).map(([name, v]): [ParamSource, unknown] => [
      { from: 'route', name },
      v,
    ]),
    ...Object.entries(ctx.query).map(([name, v]): [ParamSource, unknown] => [
      { from: 'query', name },
      v,
    ]),
    ...Object.entries(ctx.body)
      .filter(([, v]) => typeof v === 'string')
      .map(([name, v]): [ParamSource, unknown] => [{ from: 'body', name }, v]),
  ];

  const sourceOf = (value: unknown, before: RecordedStatement[]): ParamSource => {
    if (Array.isArray(value))
      return { from: 'array', items: value.map((item) => sourceOf(item, before)) };
    if (value instanceof Date) {
      const offsetMs = value.getTime() - ctx.at;
      return Math.abs(offsetMs) <= NOW_RANGE_MS
        ? { from: 'now', offsetMs, as: 'date' }
        : { from: 'const', value: value.toISOString() };
    }
    if (typeof value !== 'string') return { from: 'const', value };
    const known = request.find(([, v]) => v === value);
    if (known) return known[0];
    if (value.length >= MIN_RESULT_MATCH || UUID.test(value)) {
      for (let step = before.length - 1; step >= 0; step--) {
        const rows = before[step]!.rows;
        for (let row = 0; row < rows.length; row++) {
          const col = rows[row]!.findIndex((cell) => cell === value);
          if (col >= 0) return { from: 'result', step, row, col };
        }
      }
    }
    if (INSTANT.test(value)) {
      const offsetMs = Date.parse(value) - ctx.at;
      if (Math.abs(offsetMs) <= NOW_RANGE_MS) return { from: 'now', offsetMs, as: 'iso' };
    }
    if (UUID.test(value)) return { from: 'uuid' };
    return { from: 'const', value };
  };

  return statements.map((s, i) => ({
    text: s.text,
    ...(s.name ? { name: s.name } : {}),
    ...(s.rowMode ? { rowMode: s.rowMode } : {}),
    tx: s.tx,
    params: s.params.map((p) => sourceOf(p, statements.slice(0, i))),
  }));
}

/** What a replayed request substitutes: the requesting user, session, URL and body. */
export interface RequestValues {
  userId: string;
  sessionId: string;
  route: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  now: number;
  newId: () => string;
}

/** A parameter's value for this request, given the rows the earlier steps read. */
export function paramValue(
  source: ParamSource,
  values: RequestValues,
  results: unknown[][][],
): unknown {
  switch (source.from) {
    case 'const':
      return source.value;
    case 'user':
      return values.userId;
    case 'session':
      return values.sessionId;
    case 'route':
      return values.route[source.name] ?? null;
    case 'query':
      return values.query[source.name] ?? null;
    case 'body':
      return values.body[source.name] ?? null;
    case 'result':
      return results[source.step]?.[source.row]?.[source.col] ?? null;
    case 'now': {
      const at = new Date(values.now + source.offsetMs);
      return source.as === 'date' ? at : at.toISOString();
    }
    case 'uuid':
      return values.newId();
    case 'array':
      return source.items.map((item) => paramValue(item, values, results));
  }
}
