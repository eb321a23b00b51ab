import { Ajv, type ErrorObject } from 'ajv';
import type { TSchema } from 'typebox';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });

/** Thrown when a tenant or theme file is invalid; the message names the file and the field. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates `data` against `schema`, filling in defaults, and throws a ConfigError that names the
 * file and every failing field.
 */
export function validateConfig<T>(schema: TSchema, data: unknown, file: string): T {
  const validate = ajv.compile(schema);
  if (validate(data)) return data as T;
  throw new ConfigError(`${file}: ${formatErrors(validate.errors ?? [])}`);
}

function formatErrors(errors: ErrorObject[]): string {
  // anyOf/const produce one error per branch; keep the most useful line per field.
  const seen = new Map<string, string>();
  for (const error of errors) {
    const field = error.instancePath || '/';
    let text = error.message ?? 'is invalid';
    if (error.keyword === 'additionalProperties') {
      text = `has unknown field "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    } else if (error.keyword === 'const') {
      text = `must be one of the allowed values`;
    }
    if (!seen.has(field) || error.keyword === 'anyOf') seen.set(field, `field ${field} ${text}`);
  }
  return [...seen.values()].join('; ');
}
