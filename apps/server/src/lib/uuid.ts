const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `value` is a uuid in the canonical form PostgreSQL writes (any version): what a
 * cursor, a token's claims or a client's stream position must be before it reaches SQL as a
 * `uuid`, where anything else fails the statement.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID.test(value);
