import fc from 'fast-check';

type Schema = Record<string, unknown>;

/**
 * fast-check arbitraries of the values a JSON Schema accepts, over the keywords our route schemas
 * and forms use (type, enum, const, anyOf/oneOf/allOf, properties/required, items, min/max,
 * minLength/maxLength, pattern, format). No kept library covers JSON Schema for fast-check 4
 * (json-schema-fast-check is pinned to fast-check 1 and faker 4), so this small one does.
 * Integers lean to small values (1..5) so ids often name the seeded rows, and the rest of the
 * range is still drawn. `resolve` follows a `$ref` of the document.
 */
export function valueOf(
  schema: Schema | undefined,
  resolve: (ref: string) => Schema = () => ({}),
): fc.Arbitrary<unknown> {
  if (!schema || typeof schema !== 'object') return fc.constant(null);
  if (typeof schema.$ref === 'string') return valueOf(resolve(schema.$ref), resolve);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valueOf(s, resolve)));
  if (Array.isArray(schema.allOf) && !schema.type && !schema.properties) {
    // allOf of if/then conditions only: the base object schema carries the shape.
    const shaped = (schema.allOf as Schema[]).find((s) => s.type || s.properties);
    if (shaped) return valueOf(shaped, resolve);
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return objectOf(schema, resolve);
    case 'array': {
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? min + 3, min + 3);
      return fc.array(valueOf(schema.items as Schema, resolve), { minLength: min, maxLength: max });
    }
    case 'integer':
      return integerOf(schema);
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? 1e6;
      return fc.oneof(
        integerOf({ minimum: Math.ceil(min), maximum: Math.floor(max) }),
        fc.double({ min, max, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function integerOf(schema: Schema): fc.Arbitrary<number> {
  const min = Math.max((schema.minimum as number | undefined) ?? -2_147_483_648, Number.MIN_SAFE_INTEGER);
  const max = Math.min((schema.maximum as number | undefined) ?? 2_147_483_647, Number.MAX_SAFE_INTEGER);
  const low = Math.max(min, Math.min(1, max));
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(max, low + 4) }) },
    { weight: 1, arbitrary: fc.maxSafeInteger().map((n) => min + (Math.abs(n) % (max - min + 1))) },
  );
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  date: fc
    .date({ min: new Date('1940-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  email: fc.emailAddress().map((e) => (e.length <= 100 ? e : `a${e.length}@example.com`)),
  uuid: fc.uuid(),
  uri: fc.webUrl(),
  time: fc
    .integer({ min: 0, max: 23 * 60 + 59 })
    .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`),
};

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Math.max(minLength, 40);
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (typeof schema.pattern === 'string' && !format) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(schema.pattern, 'u');
    } catch {
      pattern = new RegExp(schema.pattern);
    }
    // A pattern and a length together: a match cut to the length (a misfit is still a request
    // whose answer the contract checks). No filter: one that rarely passes would never end.
    return fc.stringMatching(pattern).map((s) => s.slice(0, maxLength));
  }
  if (format) return format.map((s) => (fits(s) ? s : s.slice(0, maxLength)));
  return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 30), unit: 'grapheme' });
}

function objectOf(schema: Schema, resolve: (ref: string) => Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = valueOf(property, resolve);
  return fc.record(record, { requiredKeys: [...required].filter((k) => k in properties) });
}

/** Values an edge must refuse with a 4xx, never a 5xx: unstorable text, integers past 32 bits... */
export const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  'x\uD800y',
  '\uDC00',
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  1e22,
  -1,
  0,
  1.5,
  'x'.repeat(5_000),
  '',
  ' ',
  true,
  null,
  {},
  [],
  ['\u0000'],
  [2_147_483_648],
  'not-a-number',
  '2147483648',
  '9007199254740993',
  '1e22',
  '../../etc/passwd',
  "' OR 1=1 --",
];
export const hostileValue = fc.constantFrom(...HOSTILE);
