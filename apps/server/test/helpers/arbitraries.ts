/**
 * fast-check arbitraries from JSON Schema (the OpenAPI document's, or zod's `toJSONSchema`):
 * values shaped like what a route expects, mixed with the junk an attacker or a broken client
 * sends, so a property test reaches both the validation and the code behind it.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** Ids and uuids of rows that exist, so generated requests reach past "not found". */
export type Known = { ids: number[]; uuids: string[] };

const nasty = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '%',
  '../../etc/passwd',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\u0000',
  '\uFEFF',
  '😀',
  'Zoë Núñez',
  'x'.repeat(6000),
  '9'.repeat(40),
  '2026-02-30',
  '2026-13-01T25:61:00Z',
);
export const junkString = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), nasty);
export const junkJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: junkString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 2 ** 53, 1.5, [], {}) },
);

const instant = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
export const dateLike = fc.oneof(
  instant,
  instant.map((s) => s.slice(0, 10)),
  instant.map((s) => s.slice(0, 16)),
  instant.map((s) => s.slice(0, 19)),
);

function stringFor(schema: JsonSchema, name: string, known: Known): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 60, 120);
  const plain = fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
  if (schema.format === 'uuid')
    return fc.oneof(fc.uuid(), ...(known.uuids.length ? [fc.constantFrom(...known.uuids)] : []));
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), plain);
  if (schema.format === 'date') return dateLike.map((s) => s.slice(0, 10));
  if (schema.format === 'date-time') return dateLike;
  const candidates: fc.Arbitrary<string>[] = [plain];
  if (schema.pattern) {
    try {
      candidates.push(fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= maxLength));
    } catch {
      // A pattern fast-check cannot generate from: plain strings still test the refusal.
    }
  }
  if (/start|end|from|to|until|date|at$/i.test(name)) candidates.push(dateLike);
  if (/id$/i.test(name)) candidates.push(fc.constantFrom(...known.ids).map(String));
  return fc.oneof(...candidates);
}

/** A value shaped by `schema` (`name` hints at dates and ids for untyped strings). */
export function shaped(schema: JsonSchema | undefined, known: Known, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return junkJson;
  let arbitrary: fc.Arbitrary<unknown>;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) arbitrary = fc.oneof(...alternatives.map((s) => shaped(s, known, name, depth + 1)));
  else if (schema.allOf?.length) arbitrary = shaped(schema.allOf[0], known, name, depth + 1);
  else if (schema.enum?.length) arbitrary = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) arbitrary = fc.constant(schema.const);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string':
        arbitrary = stringFor(schema, name, known);
        break;
      case 'integer':
      case 'number':
        arbitrary = fc.oneof(
          fc.constantFrom(...known.ids),
          fc.integer({
            min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
            max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31),
          }),
          fc.constantFrom(0, -1, 2 ** 31, 2 ** 53),
          ...(type === 'number' ? [fc.double({ noNaN: true, noDefaultInfinity: true })] : []),
        );
        break;
      case 'boolean':
        arbitrary = fc.boolean();
        break;
      case 'null':
        arbitrary = fc.constant(null);
        break;
      case 'array':
        arbitrary = fc.array(shaped(schema.items, known, name, depth + 1), {
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
        break;
      case 'object': {
        const properties = schema.properties ?? {};
        arbitrary = fc.record(
          Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, shaped(s, known, key, depth + 1)])),
          { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
        );
        break;
      }
      default:
        arbitrary = junkJson;
    }
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null }) : arbitrary;
}

/** Mostly shaped values, some of them with a field the schema does not know, the rest junk. */
export function bodyFor(schema: JsonSchema | undefined, known: Known): fc.Arbitrary<unknown> {
  const value = shaped(schema, known);
  return fc.oneof(
    { weight: 6, arbitrary: value },
    {
      weight: 1,
      arbitrary: fc
        .tuple(value, fc.string({ minLength: 1, maxLength: 12 }), junkJson)
        .map(([v, key, extra]) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, [`x${key}`]: extra } : v)),
    },
    { weight: 2, arbitrary: junkJson },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A query or path value as text: shaped and stringified, or junk. */
export const textFor = (schema: JsonSchema | undefined, known: Known, name: string) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: shaped(schema, known, name).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    },
    { weight: 1, arbitrary: junkString },
  );
