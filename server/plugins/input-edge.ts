import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error';

/**
 * The edge every request crosses before a handler or the database sees it (spec section 8: bad
 * input gets a clear, translated error and changes nothing):
 * - integers of request schemas that state no range get the range of a PostgreSQL `integer`
 *   column, in validation and in the OpenAPI document alike; a field stored in a `bigint` column
 *   states its own (Number.MAX_SAFE_INTEGER);
 * - text with a NUL (PostgreSQL stores none) or a UTF-16 surrogate without its pair (no person
 *   types one, and it cannot be encoded as UTF-8) is refused, in any field, key or query value.
 */
export function registerInputEdge(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    for (const part of ['body', 'querystring', 'params', 'headers']) {
      if (schema?.[part]) boundIntegers(schema[part]);
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = (request.routeOptions.schema ?? {}) as Record<string, unknown>;
    const parts = { body: request.body, querystring: request.query, params: request.params };
    const keys = Object.entries(parts).flatMap(([part, value]) =>
      unstorableText(value, part).map(({ key, path }) => messageKeyOf(schema[part], path) ?? key),
    );
    if (keys.length > 0) throw new ApiError(400, 'invalid_text', [...new Set(keys)]);
  });
}

export const INTEGER_COLUMN = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** Gives every integer of `schema` without a bound the bound of an `integer` column, in place. */
export function boundIntegers(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) return schema.forEach(boundIntegers);
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('integer')) {
    if (node.maximum === undefined && node.exclusiveMaximum === undefined)
      node.maximum = INTEGER_COLUMN.maximum;
    if (node.minimum === undefined && node.exclusiveMinimum === undefined)
      node.minimum = INTEGER_COLUMN.minimum;
  }
  for (const key of ['properties', 'patternProperties']) {
    const children = node[key];
    if (children && typeof children === 'object') Object.values(children).forEach(boundIntegers);
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'prefixItems']) {
    boundIntegers(node[key]);
  }
}

/** A NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where unstorable text is: the field's path and its key in the validation errors' form
 * (`invalid_<part>_<field>`).
 */
export function unstorableText(
  value: unknown,
  part: string,
  path: string[] = [],
): { key: string; path: string[] }[] {
  const here = () => ({ key: `invalid_${part}${path.length ? `_${path.join('.')}` : ''}`, path });
  if (typeof value === 'string') return UNSTORABLE.test(value) ? [here()] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([name, child]) =>
    UNSTORABLE.test(name) ? [here()] : unstorableText(child, part, [...path, name]),
  );
}

/** The field's own message key (`x-message`), as validation reports it, when its schema has one. */
function messageKeyOf(schema: unknown, path: string[]): string | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const segment of path) {
    const properties = node?.properties as Record<string, Record<string, unknown>> | undefined;
    node = properties?.[segment] ?? (node?.items as Record<string, unknown> | undefined);
    if (!node) return undefined;
  }
  const key = node?.['x-message'];
  return typeof key === 'string' ? key : undefined;
}
