// fast-check arbitraries derived from a call's zod schema. No maintained library maps zod 4 to
// fast-check (zod-fast-check stops at zod 3), so the schema goes through zod's own `z.toJSONSchema`
// (the input side) and this walks the JSON Schema. Refinements JSON Schema cannot state (superRefine)
// are not generated for; the fuzzer asks the zod schema itself which bodies it accepts.
import fc from 'fast-check';
import { z } from 'zod';

export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
}

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
}

/** Values for fields that name a record (`client_id`, `credentials_token`…): real ones, so calls get past 404. */
export interface Hints {
  ids: readonly string[];
}

type Mode = 'valid' | 'boundary';

const ID_KEY = /(^id$|_id$|_ids$|token$|^username$)/;
const SAFE_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -ñáéÁ'.split('');

/** Bodies the schema describes (valid), or values at and just past each bound (boundary). */
export function arbitraryOf(root: JsonSchema, hints: Hints, mode: Mode): fc.Arbitrary<unknown> {
  const walk = (schema: JsonSchema, key: string): fc.Arbitrary<unknown> => {
    if (schema.$ref) return walk(resolveRef(root, schema.$ref), key);
    const union = schema.anyOf ?? schema.oneOf;
    if (union && union.length > 0) return fc.oneof(...union.map((option) => walk(option, key)));
    if (schema.allOf?.[0]) return walk(schema.allOf[0], key);
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (Array.isArray(schema.type)) {
      return fc.oneof(...schema.type.map((type) => walk({ ...schema, type }, key)));
    }
    switch (schema.type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties)) record[name] = walk(property, name);
        return fc.record(record, {
          requiredKeys: (schema.required ?? []).filter((name) => name in properties),
        });
      }
      case 'array':
        return arrayOf(schema, walk(schema.items ?? {}, key), mode);
      case 'string':
        return stringOf(schema, key, hints, mode);
      case 'integer':
      case 'number':
        return numberOf(schema, mode);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return walk(root, '');
}

function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  const name = ref.replace(/^#\/\$defs\//, '');
  const found = root.$defs?.[name];
  if (!found) throw new Error(`Unresolved $ref ${ref}`);
  return found;
}

function arrayOf(schema: JsonSchema, item: fc.Arbitrary<unknown>, mode: Mode): fc.Arbitrary<unknown[]> {
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? 1_000;
  const small = fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) });
  if (mode === 'valid') return small;
  // At the limit and one past it (kept to a sane body size: a limit of thousands is sent as is).
  const exactly = (length: number) => fc.array(item, { minLength: length, maxLength: length });
  return fc.oneof(
    exactly(Math.min(max, 2_000)),
    exactly(Math.min(max + 1, 2_001)),
    exactly(Math.max(0, min - 1)),
    small,
  );
}

function stringOf(schema: JsonSchema, key: string, hints: Hints, mode: Mode): fc.Arbitrary<string> {
  const format = schema.format;
  if (format === 'date' || format === 'date-time') {
    const dates = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
      .map((date) => (format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString()));
    if (mode === 'valid') return dates;
    return fc.oneof(
      dates,
      fc.constantFrom('0000-01-01', '9999-12-31', '2024-02-29', '2023-02-29', '2024-13-01', '1970-01-01'),
    );
  }
  if (format === 'email') return fc.emailAddress();
  if (format === 'uri' || format === 'url') return fc.webUrl();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 200;
  const text = fc.oneof(
    fc.string({
      unit: fc.constantFrom(...SAFE_CHARACTERS),
      minLength: min,
      maxLength: Math.max(min, Math.min(max, 40)),
    }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(max, 20)) }),
  );
  const patterned = schema.pattern ? safeStringMatching(schema.pattern) : null;
  const base = patterned ?? text;
  const withIds =
    ID_KEY.test(key) && hints.ids.length > 0 ? fc.oneof(fc.constantFrom(...hints.ids), base) : base;
  if (mode === 'valid') return withIds;
  const ofLength = (length: number) => fc.constant('a'.repeat(Math.max(0, Math.min(length, 1_000_000))));
  return fc.oneof(ofLength(max), ofLength(max + 1), ofLength(min), ofLength(min - 1), withIds);
}

function safeStringMatching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

function numberOf(schema: JsonSchema, mode: Mode): fc.Arbitrary<number> {
  const isInteger = schema.type === 'integer';
  const min = schema.minimum ?? schema.exclusiveMinimum ?? (isInteger ? -1_000_000 : -1e9);
  const max = schema.maximum ?? schema.exclusiveMaximum ?? (isInteger ? 1_000_000 : 1e9);
  const inRange = isInteger
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (mode === 'valid') return inRange;
  return fc.oneof(
    fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 0.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -0),
    inRange,
  );
}

/** Strings that break naive code: NUL, lone surrogates, RTL marks, combining storms, injections, huge. */
const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  'Z̸̢̛͉̗̘͓̫̥̳̟̦̙̪̭̘̯̙͔̖̓̿̈́́̈̈́̀͑̓̒̌̽̽͒̄̔͘͝ą̵͍̗̦̻̱̯̣̬̯̗̺̠̥̓͑̍̌̀̏̐̈́͋͝͠',
  '🙂'.repeat(2_000),
  "'; drop table clients; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e',
  '=cmd|"/c calc"!A1',
  ' ',
  '',
  '１２３',
  'İstanbul ß ǅ',
  'x'.repeat(300_000),
  '\\u0000',
  '{"$where":"1"}',
];

/** Values of the wrong kind for any field: other JSON types, nasty and huge strings, deep nesting. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant(nest(30)),
  fc.constant(nest(40)),
  fc.string({ unit: 'binary', maxLength: 50 }),
);

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A body that is valid but for one thing: a field of the wrong kind, a missing required field, an extra one. */
export function malformedOf(root: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  const valid = arbitraryOf(root, hints, 'valid');
  const properties = Object.keys(root.properties ?? {});
  const required = (root.required ?? []).filter((name) => properties.includes(name));
  const options: fc.Arbitrary<unknown>[] = [
    // Not an object at all.
    wrongValue,
    // An unknown field, a prototype key.
    valid.chain((body) =>
      fc.constantFrom(
        { ...(asObject(body) ?? {}), unexpected: 'field' },
        JSON.parse(
          `{"__proto__": {"isAdmin": true}, ${JSON.stringify(asObject(body) ?? {}).slice(1)}`.replace(
            ', }',
            '}',
          ),
        ),
        { ...(asObject(body) ?? {}), constructor: { prototype: { polluted: true } } },
      ),
    ),
  ];
  if (properties.length > 0) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...properties), wrongValue).map(([body, name, value]) => ({
        ...(asObject(body) ?? {}),
        [name]: value,
      })),
    );
  }
  if (required.length > 0) {
    options.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([body, name]) => {
        const copy = { ...(asObject(body) ?? {}) };
        delete copy[name];
        return copy;
      }),
    );
  }
  return fc.oneof(...options);
}

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** Request texts that are not JSON, or JSON the parser should refuse before any handler sees it. */
export const RAW_BODIES = [
  '{',
  '{"a":',
  'null',
  '"just a string"',
  '[]',
  '{"a":1,"a":2}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '\u0000',
  '{"name": "\\ud800"}',
  'x'.repeat(2_000_000),
  '{"search": "García"}garbage',
];
