import fc from 'fast-check';
import type { JsonSchema } from './route-table.ts';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (zod contracts turned
 * into JSON Schema by fastify-type-provider-zod), plus the hostile values issue 8 asks for.
 */

const LONG = 20_000;

/** Strings chosen to break parsers, renderers, SQL and path handling. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  '👨‍👩‍👧‍👦🙏🏽',
  '\uFEFF',
  '\r\nSet-Cookie: x=1',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  'null',
  'true',
  '[]',
  '{}',
] as const;

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('a', 'é', '🙏', '\u202E'), fc.integer({ min: 1_000, max: LONG }))
        .map(([c, n]) => c.repeat(n)),
    },
  );

/** Any JSON value at all, nested a little. */
export const anyJson = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    nastyString(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.integer(), nastyString()), { maxLength: 5 }),
    fc.dictionary(nastyString(), fc.oneof(fc.integer(), nastyString()), { maxKeys: 4 }),
  );

/** A page cursor as the server writes one: base64url of a JSON array (lib/cursor.ts). */
export const cursorOf = (key: unknown): string =>
  Buffer.from(JSON.stringify(key)).toString('base64url');

const UUID = '00000000-0000-4000-8000-000000000000';

/**
 * Calendar dates at the edges of meaning (issue 28 §3): impossible ones (month 13 or 00,
 * 30 February, 29 February of a common year), years PostgreSQL cannot hold or the API refuses
 * (0000, 1899, 300000, negative), and real ones around them.
 */
export const BOUNDARY_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '1970-01-01',
  '2024-02-29',
  '2026-02-29',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-11-00',
  '2026-11-31',
  '2100-02-29',
  '9999-12-31',
  '+275760-09-13',
  '-000001-01-01',
  '300000-01-01',
  '2026-1-1',
  '2026-11-22T00:00:00Z',
] as const;

/** A calendar date: a boundary one, or any YYYY-MM-DD (most of which do not exist). */
export const semanticDate = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...BOUNDARY_DATES) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(([y, m, d]) =>
          [String(y).padStart(4, '0'), String(m).padStart(2, '0'), String(d).padStart(2, '0')].join(
            '-',
          ),
        ),
    },
  );

/**
 * Time zone names that one side knows and the other does not, or reads the other way (issue 28
 * §2): offsets, other names for zones, names only one side has, and accepted ones.
 */
export const ZONE_NAMES = [
  'UTC',
  'Etc/GMT',
  'America/New_York',
  'Asia/Kolkata',
  'US/Pacific-New',
  'US/Pacific',
  'Asia/Calcutta',
  'america/new_york',
  'EST5EDT',
  '-0800',
  '+05:30',
  '-08:00',
  'UTC+5',
  'Etc/GMT+5',
  'Etc/GMT-14',
  'posixrules',
  'localtime',
  'Factory',
  'posix/Europe/Paris',
  'Mars/Olympus',
  '../../../etc/localtime',
] as const;

/** Instants a cursor may hold at the edges: years PostgreSQL cannot hold, impossible fields. */
const BOUNDARY_INSTANTS = [
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '1899-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+300000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2026-02-30T00:00:00.000Z',
  '2026-13-01T00:00:00.000Z',
  '2026-01-01T24:00:00.000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.000+05:30',
  '2026-01-01',
] as const;

/**
 * Cursors that decode to a well-formed array of the right length and types but mean nothing: a
 * date that is not a date (or that PostgreSQL cannot store), an id that is not a uuid, a count
 * out of range, for each shape a list pages by: (instant, id), (count, id), (offset) and the
 * prayer log's (instant, rank, id). Every paginated route must answer them with a 400 (issue 18
 * §7, issue 28 §3).
 */
export const MEANINGLESS_CURSOR_KEYS: readonly unknown[] = [
  ['not-a-date', 'x'],
  ['not-a-date', UUID],
  ['2026-01-01T00:00:00.000Z', 'x'],
  ['2026-01-01T00:00:00.000Z', "' or 1=1 --"],
  ['2026-01-01T00:00:00.000Z', UUID.toUpperCase().replace(/-/g, '')],
  ...BOUNDARY_INSTANTS.map((at) => [at, UUID]),
  ['', ''],
  [null, UUID],
  [{}, UUID],
  [true, UUID],
  [1e300, UUID],
  [-1, UUID],
  [1.5, UUID],
  [2 ** 31, 'x'],
  [2 ** 31, UUID],
  ['5', UUID],
  [1e300],
  [-5],
  [0.5],
  [2 ** 53 + 2],
  [null],
  ['5'],
  ...BOUNDARY_INSTANTS.map((at) => [at, 0, UUID]),
  ['2026-01-01T00:00:00.000Z', -1, UUID],
  ['2026-01-01T00:00:00.000Z', 1.5, UUID],
  ['2026-01-01T00:00:00.000Z', 2 ** 31, UUID],
  ['2026-01-01T00:00:00.000Z', '0', UUID],
  ['2026-01-01T00:00:00.000Z', 0, 'x'],
  ['2026-01-01T00:00:00.000Z', 0, null],
];

/** Cursors to fuzz with: meaningless ones, well-formed ones of any shape, and plain garbage. */
export const hostileCursor = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...MEANINGLESS_CURSOR_KEYS).map(cursorOf) },
    {
      weight: 3,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
            // Years PostgreSQL cannot hold, written the way a cursor writes an instant.
            fc
              .integer({ min: 0, max: 999 })
              .map((y) => `${String(y).padStart(4, '0')}-06-15T12:00:00.000Z`),
            fc.constantFrom(...BOUNDARY_INSTANTS),
            fc.uuid(),
            fc.integer(),
            fc.double(),
            nastyString().map((s) => s.slice(0, 100)),
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map(cursorOf),
    },
    { weight: 1, arbitrary: anyJson().map(cursorOf) },
    { weight: 1, arbitrary: nastyString() },
  );

/**
 * Values with a meaning for a field named `key`, at the edges of it: calendar dates for a day or
 * a date, zone names for a time zone. Null when the name says nothing.
 */
export function semanticFor(key: string): fc.Arbitrary<unknown> | null {
  if (/^(day|date|until|snoozeUntil)$|Date$|Day$/.test(key)) return semanticDate();
  if (/timeZone/i.test(key)) return fc.constantFrom(...ZONE_NAMES);
  return null;
}

/** A value of the wrong JSON type for `schema`. */
export const wrongType = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const types = new Set(typesOf(schema));
  const options: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) options.push(nastyString());
  if (!types.has('number') && !types.has('integer'))
    options.push(fc.oneof(fc.integer(), fc.double({ noNaN: false })));
  if (!types.has('boolean')) options.push(fc.boolean());
  if (!types.has('null') && !schema.nullable) options.push(fc.constant(null));
  if (!types.has('array')) options.push(fc.array(fc.integer(), { maxLength: 3 }));
  if (!types.has('object')) options.push(fc.constant({ nested: { deep: [1, 'two'] } }));
  return options.length > 0 ? fc.oneof(...options) : anyJson();
};

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  const alts = schema.anyOf ?? schema.oneOf ?? [];
  return alts.flatMap(typesOf);
}

export interface Pools {
  /** Known ids (the fuzz user's records, other people's, missing ones). */
  ids: string[];
}

/** Strings around a length boundary: 0, min-1, min, max, max+1. */
function boundaryString(schema: JsonSchema): fc.Arbitrary<string>[] {
  const out: fc.Arbitrary<string>[] = [fc.constant('')];
  const lengths = [schema.minLength, schema.maxLength]
    .filter((n): n is number => typeof n === 'number')
    .flatMap((n) => [n - 1, n, n + 1])
    .filter((n) => n >= 0 && n <= 200_000);
  for (const n of lengths) out.push(fc.constantFrom('a', 'ü', '🙏').map((c) => c.repeat(n)));
  return out;
}

/**
 * Values that follow `schema` (mostly valid, sometimes at its edges). Ids come from `pools` so
 * requests reach records that exist.
 */
export function fromSchema(schema: JsonSchema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts && alts.length > 0) return fc.oneof(...alts.map((s) => fromSchema(s, pools, depth)));
  if (schema.allOf && schema.allOf.length > 0) return fromSchema(schema.allOf[0]!, pools, depth);
  const base = fromType(schema, pools, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function fromType(schema: JsonSchema, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  const type = typesOf(schema)[0];
  switch (type) {
    case 'string':
      return stringFrom(schema, pools);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - 1;
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof(
        { weight: 4, arbitrary: inRange },
        { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, min, max) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const maxLength = Math.min(schema.maxItems ?? 5, 5);
      return fc.array(fromSchema(items, pools, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, maxLength),
        maxLength,
      });
    }
    case 'object':
    default: {
      if (depth > 4) return fc.constant({});
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        const semantic = semanticFor(key);
        shape[key] = semantic
          ? fc.oneof(fromSchema(sub, pools, depth + 1), semantic)
          : fromSchema(sub, pools, depth + 1);
      }
      return fc.record(shape, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
  }
}

function stringFrom(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...pools.ids) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(schema.pattern);
    } catch {
      pattern = null;
    }
    if (pattern) {
      const max = schema.maxLength;
      return fc
        .stringMatching(pattern)
        .filter((s) => max === undefined || s.length <= max)
        .filter((s) => s.length >= (schema.minLength ?? 0));
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 200, 5_000);
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 60) }) },
    { weight: 2, arbitrary: fc.oneof(...boundaryString(schema)) },
    {
      weight: 1,
      arbitrary: fc
        .string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 40) })
        .map((s) => s.slice(0, maxLength)),
    },
  );
}

/** Turns a valid object into a hostile one: one field of the wrong type, too long, or extra keys. */
export function mutateObject(schema: JsonSchema, valid: fc.Arbitrary<unknown>) {
  const props = Object.entries(schema.properties ?? {});
  const options: fc.Arbitrary<unknown>[] = [
    // Unknown fields, including the mass-assignment classics.
    fc
      .tuple(
        valid,
        fc.constantFrom(
          'ownerId',
          'userId',
          'creatorId',
          'role',
          'isAdmin',
          'createdAt',
          'amountPaid',
          'plan',
          'id',
          '_id',
          'unknownField',
        ),
        anyJson(),
      )
      .map(([v, k, x]) => (isObject(v) ? { ...v, [k]: x } : v)),
  ];
  if (props.length > 0) {
    options.push(
      fc
        .tuple(
          valid,
          fc
            .constantFrom(...props)
            .chain(([key, sub]) =>
              fc.tuple(
                fc.constant(key),
                fc.oneof(
                  wrongType(sub),
                  nastyString(),
                  ...boundaryString(sub),
                  ...[semanticFor(key)].filter((a) => a !== null),
                ),
              ),
            ),
        )
        .map(([v, [key, bad]]) => (isObject(v) ? { ...v, [key]: bad } : v)),
      fc.tuple(valid, fc.constantFrom(...props.map(([k]) => k))).map(([v, key]) => {
        if (!isObject(v)) return v;
        const copy = { ...v };
        delete copy[key];
        return copy;
      }),
    );
  }
  return fc.oneof(...options);
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Raw JSON texts that must never reach a handler: prototype pollution, broken JSON, deep nesting,
 * and large bodies (under the 1 MB limit, or just over it for a 413).
 */
export const hostileJsonText = (): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"title":"x","__proto__":{"role":"admin"}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"a":{"constructor":{"prototype":{"polluted":1}}}}',
        '{"title":',
        '{"title":"x"',
        '[',
        'null',
        '"just a string"',
        '12345',
        '{"title":"\\ud800"}',
        '{"title":"a\\u0000b"}',
        `${'['.repeat(2_000)}${']'.repeat(2_000)}`,
        `{"a":${'{"a":'.repeat(500)}1${'}'.repeat(500)}}`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 10_000, max: 900_000 })
        .map((n) => JSON.stringify({ title: 'x'.repeat(n), description: 'y' })),
    },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10) })) },
  );
