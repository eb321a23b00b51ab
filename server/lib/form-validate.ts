import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { addPhoneKeyword } from './phone';
import { mergeFormSchema, type FormId, type FormOverride, type JsonObject } from '../../schemas/forms/merge';

/**
 * Server-side validation of a schema-rendered form (schemas/forms/*.schema.json merged with the
 * tenant's tenant.json `forms[formId]` override: the very schema the web app renders with rjsf).
 * Every error is reported (the form shows them all) as the failing field's `x-message` key, else
 * `invalid_<field>`. Compiled once per tenant and form: tenant.json is read at start.
 */
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
addFormats(ajv);
addPhoneKeyword(ajv);
const compiled = new Map<string, ValidateFunction>();

function messageKeys(errors: ErrorObject[], schema: JsonObject): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const keys = new Set<string>();
  for (const error of errors) {
    // An `if` that failed its `then`/`else` only wraps that branch's errors, reported on their own.
    if (error.keyword === 'if') continue;
    const field =
      error.keyword === 'required'
        ? String((error.params as { missingProperty?: string }).missingProperty)
        : error.keyword === 'additionalProperties'
          ? ''
          : (error.instancePath.split('/')[1] ?? '');
    const key = properties[field]?.['x-message'];
    keys.add(typeof key === 'string' ? key : field ? `invalid_${field}` : 'invalid_request');
  }
  return [...keys];
}

/** Validates `body` against the tenant's form; `errors` is null when it passes. */
export function validateForm(
  tenant: string,
  formId: FormId,
  override: FormOverride | undefined,
  body: unknown,
): { schema: JsonObject; errors: string[] | null } {
  const { schema } = mergeFormSchema(formId, override);
  const cacheKey = `${tenant}/${formId}`;
  let validate = compiled.get(cacheKey);
  if (!validate) {
    // A form's $id would collide between tenants in one ajv instance: compile without it.
    const { $id: _id, ...withoutId } = schema;
    validate = ajv.compile(withoutId);
    compiled.set(cacheKey, validate);
  }
  if (validate(body)) return { schema, errors: null };
  return { schema, errors: messageKeys(validate.errors ?? [], schema) };
}
