import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  mergeFormSchema,
  type FormId,
  type FormOverride,
  type JsonObject,
} from '../../../schemas/forms/merge';

/**
 * ajv for the schema-rendered forms: every error (the form shows them all), defaults filled,
 * x-message / x-upload annotations allowed. Compiled once per tenant and form (a tenant's
 * override never changes while the process runs: tenant.json is read at start).
 */
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, verbose: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** Message keys of ajv errors: the failing field's x-message, else invalid_<field>. */
function messageKeys(errors: ErrorObject[], schema: JsonObject): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const keys = new Set<string>();
  for (const error of errors) {
    const field =
      error.keyword === 'required'
        ? String((error.params as { missingProperty?: string }).missingProperty)
        : (error.instancePath.split('/')[1] ?? '');
    const key = properties[field]?.['x-message'];
    keys.add(typeof key === 'string' ? key : field ? `invalid_${field}` : 'invalid_request');
  }
  return [...keys];
}

/**
 * Validates a join form against the tenant's merged schema (mergeFormSchema, the same the web
 * app renders). Returns the schema (for its x-upload fields) and either the data or message keys.
 */
export function validateJoinForm(
  tenant: string,
  formId: FormId,
  override: FormOverride | undefined,
  body: unknown,
): { schema: JsonObject; errors: string[] | null } {
  const { schema } = mergeFormSchema(formId, override);
  const cacheKey = `${tenant}/${formId}`;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    // The forms' $id would collide between tenants in one ajv instance: compile without it.
    const { $id: _id, ...withoutId } = schema;
    validate = ajv.compile(withoutId);
    compiled.set(cacheKey, validate);
  }
  if (validate(body)) return { schema, errors: null };
  return { schema, errors: messageKeys(validate.errors ?? [], schema) };
}

/** The upload fields of a form schema: field name -> upload folder (x-upload), arrays included. */
export function uploadFields(schema: JsonObject): Map<string, { folder: string; many: boolean }> {
  const out = new Map<string, { folder: string; many: boolean }>();
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonObject>)) {
    const items = property.items as JsonObject | undefined;
    const folder = property['x-upload'] ?? items?.['x-upload'];
    if (typeof folder === 'string') out.set(name, { folder, many: property.type === 'array' });
  }
  return out;
}
