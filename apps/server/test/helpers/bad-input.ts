import fc from 'fast-check';
import { z } from 'zod';

/**
 * Generated bad input for the fuzz tier: values a browser's form never sends, derived from the
 * zod schema an endpoint validates with (its JSON Schema form tells each field's type).
 */

/** A JSON value: what a body, or a field of it, may be. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** `depth` arrays inside each other. */
const nested = (depth: number): Json => {
  let value: Json = [];
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

/** Text with a NUL character somewhere (PostgreSQL cannot store it in text). */
export const nulText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000', '\u0000@example.org', 'team\u0000name'),
  fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`),
);

/** Numbers beyond every column's range, fractions where whole numbers go, negative zero. */
const oddNumbers = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      2 ** 31,
      -(2 ** 31) - 1,
      1e12,
      2 ** 53,
      -(2 ** 63),
      1e308,
      -1e308,
      0.5,
      -0.001,
      5e-324,
      -0,
    ),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

/** Date-times that look like one and that no calendar, or no database, holds. */
const oddDateTimes = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '+275760-09-13T00:00:01Z',
  '2026-02-30T00:00:00Z',
  'garbage',
);
/** Calendar dates likewise. */
const oddCalendarDates = fc.constantFrom('0000-01-01', '2026-02-30', '2026-13-01', '10000-01-01');
/** Times of day likewise. */
const oddTimes = fc.constantFrom('99:99', '24:00', '23:60', '7:5', '1e9');
/** Any of them. */
const oddDates = fc.oneof(oddDateTimes, oddCalendarDates, oddTimes);

/** Values of every other type. */
const wrongTypes = fc.constantFrom<Json>(null, true, false, 0, -1, '', ' ', [], {}, [null], {
  a: 1,
});

/** Deep nesting, long text and long lists (each within the 1 MB body limit). */
const oversized = fc.oneof(
  fc.integer({ min: 50, max: 1_000 }).map(nested),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => Array.from({ length: n }, () => 'x')),
);

/** Any bad value, whatever the field. */
export const anyBadValue: fc.Arbitrary<Json> = fc.oneof(
  nulText,
  oddNumbers,
  oddDates,
  wrongTypes,
  oversized,
  fc.jsonValue() as fc.Arbitrary<Json>,
);

/** A field's JSON Schema, as much of it as the bad values depend on. */
interface FieldSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  anyOf?: FieldSchema[];
}

const typesOf = (field: FieldSchema): FieldSchema[] =>
  field.anyOf ? field.anyOf.flatMap(typesOf) : [field];

/** The type of a field of which only a valid value is known (a route JSON document's). */
function typeOfValue(value: Json): FieldSchema {
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return { type: 'string', format: 'date-time' };
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { type: 'string', format: 'date' };
    if (/^\d{2}:\d{2}$/.test(value)) return { type: 'string', pattern: 'time' };
    return { type: 'string' };
  }
  if (typeof value === 'boolean') return { type: 'boolean' };
  return { type: Array.isArray(value) ? 'array' : 'object' };
}

/** Bad values aimed at a field of this type: edge values of its own type, and other types. */
function badValueFor(field: FieldSchema): fc.Arbitrary<Json> {
  const aimed: fc.Arbitrary<Json>[] = [];
  for (const type of typesOf(field)) {
    if (type.type === 'integer' || type.type === 'number') aimed.push(oddNumbers);
    // Text in a format: values of the format first, the rest of the text's oddities after.
    if (type.format === 'date-time') aimed.push(oddDateTimes, oddDateTimes, nulText);
    else if (type.format === 'date') aimed.push(oddCalendarDates, oddCalendarDates, nulText);
    else if (type.pattern) aimed.push(oddDates, oddDates, nulText);
    else if (type.type === 'string' || type.enum) aimed.push(nulText, oversized);
    if (type.type === 'array' || type.type === 'object') aimed.push(oversized, wrongTypes);
  }
  if (aimed.length === 0) return anyBadValue;
  return fc.oneof(...aimed.map((arbitrary) => ({ weight: 3, arbitrary })), {
    weight: 1,
    arbitrary: anyBadValue,
  });
}

/** The fields of a zod object schema, with their JSON Schema; none when it is no object. */
export function fieldsOf(schema: unknown): Record<string, FieldSchema> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, FieldSchema>;
  };
  return json.properties ?? {};
}

/** One change that makes a valid body bad. */
export type Mutation =
  | { kind: 'set'; path: (string | number)[]; value: Json }
  | { kind: 'drop'; key: string }
  | { kind: 'extra'; key: string; value: Json }
  | { kind: 'replace'; value: Json };

/** Every path into a JSON value (its objects' keys and its arrays' first items), root excluded. */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length > 0 ? [[...prefix, 0], ...pathsOf(value[0]!, [...prefix, 0])] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    [...prefix, key],
    ...pathsOf(item, [...prefix, key]),
  ]);
}

/**
 * Mutations of a valid body `valid`: a field the schema names set to a value aimed at its type,
 * any nested value set to a bad one, a required field dropped, an unknown field added, or the
 * whole body replaced by something that is not the object it should be.
 */
export function mutationsOf(valid: Record<string, Json>, schema: unknown): fc.Arbitrary<Mutation> {
  const fields = fieldsOf(schema);
  const keys = [...new Set([...Object.keys(fields), ...Object.keys(valid)])];
  const options: fc.WeightedArbitrary<Mutation>[] = [
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('replace' as const), value: anyBadValue }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(fc.string(), nulText),
        value: anyBadValue,
      }),
    },
  ];
  if (keys.length > 0) {
    options.push(
      {
        weight: 6,
        arbitrary: fc.constantFrom(...keys).chain((key) =>
          fc.record({
            kind: fc.constant('set' as const),
            path: fc.constant([key]),
            value: badValueFor(
              fields[key] ?? (key in valid ? typeOfValue(valid[key]!) : { type: 'string' }),
            ),
          }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
      },
    );
  }
  const deep = pathsOf(valid).filter((path) => path.length > 1);
  if (deep.length > 0) {
    options.push({
      weight: 4,
      arbitrary: fc.constantFrom(...deep).chain((path) =>
        fc.record({
          kind: fc.constant('set' as const),
          path: fc.constant(path),
          value: badValueFor(typeOfValue(valueAt(valid, path))),
        }),
      ),
    });
  }
  return fc.oneof(...options);
}

/** The value at `path` in `value`. */
function valueAt(value: Json, path: (string | number)[]): Json {
  let item = value;
  for (const step of path) item = (item as Record<string | number, Json>)[step]!;
  return item;
}

/** `valid` with `mutation` applied (a copy). */
export function applyMutation(valid: Record<string, Json>, mutation: Mutation): Json {
  const copy = structuredClone(valid);
  switch (mutation.kind) {
    case 'replace':
      return mutation.value;
    case 'drop':
      delete copy[mutation.key];
      return copy;
    case 'extra':
      copy[mutation.key] = mutation.value;
      return copy;
    case 'set': {
      let target: Json = copy;
      for (const step of mutation.path.slice(0, -1)) {
        target = (target as Record<string | number, Json>)[step]!;
      }
      (target as Record<string | number, Json>)[mutation.path.at(-1)!] = mutation.value;
      return copy;
    }
  }
}

/** JSON text past any depth a value built in memory could be written with, or not JSON at all. */
export const badJsonText = fc.oneof(
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 10_000, max: 100_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constantFrom(
    '{',
    '{"a":1}}',
    '"\\u0000"',
    '{"a":"\\ud800"}',
    '[1,]',
    'NaN',
    '1e999',
    '{"__proto__":{"x":1}}',
  ),
);

/** Path parameters a router still routes: NUL, numbers past every range, long and odd text. */
export const badParam = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '99999999999999999999',
    '-1',
    '0',
    '1e308',
    '%C0%80',
    '%FF%FE',
    '..',
    'null',
    encodeURIComponent('\u202e'),
  ),
  fc.integer({ min: 300, max: 5_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ minLength: 1 }).map(encodeURIComponent),
);
