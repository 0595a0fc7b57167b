import { Column, getTableColumns, is, SQL, sql, type SQLWrapper, Table } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './client.ts';

/**
 * Nested reads in one statement (ADR 046): a read's parts (a page's rows, each row's
 * testimonies, a detail's members) come back as JSON built by the database, in the statement
 * that checks access, instead of a statement per part. The fields are written as for Drizzle's
 * `select()` (columns, `sql` expressions, tables, objects of them) and decoded the way Drizzle
 * decodes a row: each column's own mapping (timestamps become Dates, jsonb is parsed), each
 * expression's `mapWith`.
 */
export type JsonField = Column | SQL | SQL.Aliased | Table | JsonFields;
export interface JsonFields {
  [key: string]: JsonField;
}

/** What `fields` decode to: the row type Drizzle's `select(fields)` would give. */
export type JsonResult<T extends JsonField> = T extends Column | SQL | SQL.Aliased | Table
  ? SelectResultFields<{ value: T }>['value']
  : SelectResultFields<T>;

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function entriesOf(fields: JsonFields | Table): [string, JsonField][] {
  const record: Record<string, JsonField> = is(fields, Table) ? getTableColumns(fields) : fields;
  return Object.entries(record);
}

/**
 * The SQL of one field: a column or expression as it is, an aliased expression by its alias (a
 * subquery's or common table expression's column), an object as `json_build_object`.
 */
export function jsonValue(field: JsonField): SQL {
  if (is(field, SQL.Aliased)) return sql`${field}`;
  if (is(field, SQL)) return field;
  if (is(field, Column)) return sql`${field}`;
  const parts = entriesOf(field).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`not a JSON key of ours: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${jsonValue(value)}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
}

/**
 * The decoder an expression's `mapWith` set. Drizzle keeps it on the SQL object (`decoder`, not
 * in its typings) and applies it to a selected row's value; a JSON value is decoded the same way.
 */
function decode(expression: SQL, value: unknown): unknown {
  const { decoder } = expression as unknown as {
    decoder?: { mapFromDriverValue: (value: unknown) => unknown };
  };
  return decoder ? decoder.mapFromDriverValue(value) : value;
}

/** Decodes one value `jsonValue(field)` gave, as Drizzle would decode it from a row. */
export function fromJson<T extends JsonField>(field: T, value: unknown): JsonResult<T> {
  const decoded: unknown = (() => {
    if (is(field, Column)) return value === null ? null : field.mapFromDriverValue(value);
    if (is(field, SQL.Aliased)) return decode(field.sql, value);
    if (is(field, SQL)) return decode(field, value);
    if (value === null) return null;
    const object = parsed(value) as Record<string, unknown>;
    return Object.fromEntries(
      entriesOf(field as JsonFields | Table).map(([key, f]) => [key, fromJson(f, object[key])]),
    );
  })();
  return decoded as JsonResult<T>;
}

/** A driver gives `json` parsed, or as text in some positions: both are accepted. */
function parsed(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * The rows of a query as a JSON array, in the query's order (`array(select ...)` keeps it),
 * `[]` when there are none. `query` receives the SQL of one row (`field` as JSON) and selects
 * only that, e.g. `(row) => db.select({ row }).from(t).where(...).orderBy(...).limit(n)`.
 */
export function jsonArray<T extends JsonField>(
  field: T,
  query: (row: SQL) => SQLWrapper,
): SQL<JsonResult<T>[]> {
  return sql`to_json(array(${query(jsonValue(field))}))`.mapWith(
    (value: unknown): JsonResult<T>[] =>
      ((parsed(value) ?? []) as unknown[]).map((item) => fromJson(field, item)),
  );
}

/**
 * The one row of a query (at most one: an aggregate, a lookup by key) as JSON, null when there
 * is none. `query` receives the SQL of the row, as for `jsonArray`.
 */
export function jsonRow<T extends JsonField>(
  field: T,
  query: (row: SQL) => SQLWrapper,
): SQL<JsonResult<T> | null> {
  return sql`(${query(jsonValue(field))})`.mapWith((value: unknown): JsonResult<T> | null =>
    value === null ? null : fromJson(field, parsed(value)),
  );
}

/** The rows of `execute` on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * Runs `select <value> as "<key>", ...` (no table): several reads as one statement, each decoded
 * by its own `mapWith`. For a page built from parts that share no row (counts, a list, a chart).
 */
export async function selectValues<T extends Record<string, SQL>>(
  db: DbOrTx,
  values: T,
): Promise<{ [K in keyof T]: T[K]['_']['type'] }> {
  const keys = Object.keys(values);
  const columns = keys.map((key) => sql`${values[key]!} as ${sql.identifier(key)}`);
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select ${sql.join(columns, sql`, `)}`),
  );
  return Object.fromEntries(keys.map((key) => [key, decode(values[key]!, row?.[key] ?? null)])) as {
    [K in keyof T]: T[K]['_']['type'];
  };
}
