import type { JsonObject } from './merge';

/**
 * Conditional questions of a schema-rendered form: an `allOf` entry `{ if, then }` of the merged
 * schema whose `then` requires (or declares) fields the form does not require on its own, e.g.
 * `wasAccident: true` -> `accidentDate`, `accidentPlace`. Those fields apply only while their `if`
 * holds: the web form shows them only then, and both sides drop their answers otherwise, so an
 * answer to a question that does not apply is never validated nor stored.
 * `matches` runs the `if` sub-schema against the answers with the side's own validator (ajv on the
 * server, @cfworker/json-schema in the browser).
 */
export type SchemaMatcher = (schema: JsonObject, data: Record<string, unknown>) => boolean;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each condition of the schema with the fields that apply only when it holds. */
export function conditionalQuestions(schema: JsonObject): { condition: JsonObject; fields: string[] }[] {
  const always = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: { condition: JsonObject; fields: string[] }[] = [];
  for (const entry of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isObject(entry) || !isObject(entry.if) || !isObject(entry.then)) continue;
    const then = entry.then;
    const named = [
      ...(Array.isArray(then.required) ? (then.required as string[]) : []),
      ...(isObject(then.properties) ? Object.keys(then.properties) : []),
    ];
    const fields = [...new Set(named)].filter((f) => !always.has(f));
    if (fields.length > 0) out.push({ condition: entry.if, fields });
  }
  return out;
}

/**
 * The fields whose condition does not hold for these answers (a field named by several
 * conditions applies when any of them holds).
 */
export function inapplicableFields(
  schema: JsonObject,
  data: Record<string, unknown>,
  matches: SchemaMatcher,
): string[] {
  const applies = new Set<string>();
  const conditional = new Set<string>();
  for (const { condition, fields } of conditionalQuestions(schema)) {
    const holds = matches(condition, data);
    for (const field of fields) {
      conditional.add(field);
      if (holds) applies.add(field);
    }
  }
  return [...conditional].filter((f) => !applies.has(f));
}

/** The answers without those to questions that do not apply. */
export function withoutInapplicable(
  schema: JsonObject,
  data: Record<string, unknown>,
  matches: SchemaMatcher,
): Record<string, unknown> {
  const drop = new Set(inapplicableFields(schema, data, matches));
  return Object.fromEntries(Object.entries(data).filter(([key]) => !drop.has(key)));
}
