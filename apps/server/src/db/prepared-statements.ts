import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Prepared statements on PostgreSQL (docs/decisions/052). A read here is one statement of JSON
 * aggregation and access subqueries: PostgreSQL spent 1.5 ms planning the pray session's and
 * 0.5 ms running it. A named statement is parsed once per connection and, once PostgreSQL finds
 * its generic plan as good as the custom ones (after five runs), planned once too. So every
 * statement with parameters is sent named after a hash of its text, as postgres.js and pgx do.
 *
 * Bounded: a connection keeps at most PREPARED_PER_CONNECTION statements; texts beyond that run
 * unnamed (lists of varying length make new texts; the frequent ones are prepared first). The
 * pool closes idle connections, and their statements with them.
 */
export const PREPARED_PER_CONNECTION = 200;

const names = new Map<string, string>();
const NAME_CACHE_MAX = 2_000;

/** The name a statement's text is prepared under: the same on every connection and process. */
export function preparedStatementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `selah_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    if (names.size >= NAME_CACHE_MAX) names.clear();
    names.set(text, name);
  }
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  /** A submittable (a cursor, a stream) is passed on as it is. */
  submit?: unknown;
}

const hasParameters = (values: unknown) => Array.isArray(values) && values.length > 0;

/** A `pg` client that sends its statements with parameters as named, prepared ones. */
export class PreparingClient extends pg.Client {
  private readonly prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((first: unknown, ...rest: unknown[]) =>
      query(this.named(first, rest[0]), ...rest)) as typeof this.query;
  }

  /** The query config to send: `config` with a name when it should be prepared. */
  private named(config: unknown, values: unknown): unknown {
    const c: QueryConfig = typeof config === 'string' ? { text: config } : (config ?? {});
    if (typeof c.text !== 'string' || c.name !== undefined || c.submit !== undefined) return config;
    if (!hasParameters(values) && !hasParameters(c.values)) return config;
    const name = preparedStatementName(c.text);
    if (!this.prepared.has(name)) {
      if (this.prepared.size >= PREPARED_PER_CONNECTION) return config;
      this.prepared.add(name);
    }
    return { ...c, name };
  }
}
