import joinDoctor from './join-doctor.schema.json';
import joinHospital from './join-hospital.schema.json';
import insuranceClaim from './insurance-claim.schema.json';
import patient from './patient.schema.json';

/** A JSON Schema (or rjsf uiSchema) as plain data. */
export type JsonObject = { [key: string]: unknown };

/** A tenant's override of one form (tenant.json `forms[formId]`, also sent in the boot bundle). */
export interface FormOverride {
  schema?: JsonObject;
  uiSchema?: JsonObject;
}

/** The schema-rendered forms, keyed by the form id tenant.json uses. */
export const FORM_SCHEMAS = {
  'join-doctor': joinDoctor as JsonObject,
  'join-hospital': joinHospital as JsonObject,
  patient: patient as JsonObject,
  'insurance-claim': insuranceClaim as JsonObject,
} as const;
export type FormId = keyof typeof FORM_SCHEMAS;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Deep merge of `override` into `base`: objects merge key by key, anything else (arrays included)
 * is replaced. Three exceptions keep the spec's rules in force whatever a tenant writes: `required`
 * is the union of both lists (a tenant may require more, never less), `allOf` is the base's
 * conditions followed by the tenant's (a tenant adds `if`/`then` questions, never removes one) and
 * `additionalProperties` stays as the base says (no unknown fields reach the server).
 */
export function deepMerge(base: JsonObject, override: JsonObject): JsonObject {
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = out[key];
    if (key === 'additionalProperties' && key in base) continue;
    if (key === 'required' && Array.isArray(current) && Array.isArray(value)) {
      out[key] = [...new Set([...(current as unknown[]), ...value])];
    } else if (key === 'allOf' && Array.isArray(current) && Array.isArray(value)) {
      out[key] = [...(current as unknown[]), ...value];
    } else if (isObject(current) && isObject(value)) {
      out[key] = deepMerge(current, value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * The form a tenant shows and the server validates: the base schema of `formId` with the tenant's
 * override merged in. The web app (rjsf) and the server (ajv) both call this, so they never differ.
 */
export function mergeFormSchema(
  formId: FormId,
  override: FormOverride | undefined,
): { schema: JsonObject; uiSchema: JsonObject } {
  const schema = override?.schema ? deepMerge(FORM_SCHEMAS[formId], override.schema) : FORM_SCHEMAS[formId];
  return { schema, uiSchema: override?.uiSchema ?? {} };
}
