import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { normalizePhoneFields } from '../../../schemas/phone';

/** Translates a message key (a schema's `x-message`, e.g. 'valid_email') into the page language. */
export type MessageOf = (key: string, fallback: string) => string;

const ROOT_ID = 'urn:rjsf-root';
// Keywords that only wrap the failures of their children: the children carry the real message.
const WRAPPERS = new Set([
  'properties',
  'items',
  'allOf',
  '$ref',
  'additionalProperties',
  'dependentSchemas',
]);

/** `#/a/0/b` -> ['a', '0', 'b'] (JSON Pointer unescaping included). */
function pointerParts(location: string): string[] {
  return location
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The sub-schema at a data path (through properties and items), to read its x-message. */
function schemaAt(schema: RJSFSchema, parts: string[]): RJSFSchema | undefined {
  let current: RJSFSchema | undefined = schema;
  for (const part of parts) {
    if (!current) return undefined;
    const next: unknown = /^\d+$/.test(part) && current.items ? current.items : current.properties?.[part];
    current = next && typeof next === 'object' ? (next as RJSFSchema) : undefined;
  }
  return current;
}

/** Rewrites local `#/...` references so a sub-schema can resolve them against the root schema. */
function withRootRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withRootRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? [key, `${ROOT_ID}${value}`]
        : [key, withRootRefs(value)],
    ),
  );
}

/**
 * An rjsf validator on @cfworker/json-schema, which interprets schemas instead of compiling them
 * to functions: it runs under a CSP without 'unsafe-eval', where ajv (new Function) cannot.
 * Error messages come from each field's `x-message` key through `messageOf`.
 */
export class CfworkerValidator<T = unknown> implements ValidatorType<T> {
  private readonly cache = new WeakMap<object, Validator>();

  constructor(private readonly messageOf: MessageOf = (_key, fallback) => fallback) {}

  private validatorFor(schema: RJSFSchema, rootSchema?: RJSFSchema): Validator {
    const cached = rootSchema ? undefined : this.cache.get(schema);
    if (cached) return cached;
    const validator = new Validator((rootSchema ? withRootRefs(schema) : schema) as Schema, '7', false);
    if (rootSchema) validator.addSchema(rootSchema as Schema, ROOT_ID);
    else this.cache.set(schema, validator);
    return validator;
  }

  /** The raw failures, leaf keywords only. */
  rawValidation<Result = OutputUnit>(
    schema: RJSFSchema,
    formData?: T,
  ): { errors?: Result[]; validationError?: Error } {
    try {
      // Phone fields are judged as the server stores them ('0912 345 678' -> '0912345678').
      const { errors } = this.validatorFor(schema).validate(normalizePhoneFields(schema, formData));
      return { errors: errors.filter((unit) => !WRAPPERS.has(unit.keyword)) as Result[] };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  }

  /** Converts the raw failures to rjsf errors with translated messages. */
  toRjsfErrors(schema: RJSFSchema, units: OutputUnit[]): RJSFValidationError[] {
    const seen = new Set<string>();
    const errors: RJSFValidationError[] = [];
    for (const unit of units) {
      const parts = pointerParts(unit.instanceLocation);
      // "required" fails on the parent object; the message names the missing property.
      const missing = unit.keyword === 'required' ? /"([^"]+)"/.exec(unit.error)?.[1] : undefined;
      if (missing) parts.push(missing);
      const property = parts.length ? `.${parts.join('.')}` : '';
      if (seen.has(property)) continue; // one message per field is enough
      seen.add(property);
      const field = schemaAt(schema, parts);
      const key = typeof field?.['x-message'] === 'string' ? field['x-message'] : undefined;
      const message = key ? this.messageOf(key, unit.error) : unit.error;
      errors.push({
        name: unit.keyword,
        property,
        message,
        params: missing ? { missingProperty: missing } : {},
        stack: `${field?.title ?? property} ${message}`.trim(),
        schemaPath: unit.keywordLocation,
        title: field?.title ?? '',
      });
    }
    return errors;
  }

  validateFormData(
    formData: T | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<T>,
    transformErrors?: ErrorTransformer<T>,
    uiSchema?: UiSchema<T>,
  ): ValidationData<T> {
    const raw = this.rawValidation<OutputUnit>(schema, formData);
    let errors = this.toRjsfErrors(schema, raw.errors ?? []);
    if (raw.validationError) errors.push({ stack: raw.validationError.message });
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<T>(errors);
    if (!customValidate) return { errors, errorSchema };
    // Custom validation sees every field, filled with defaults (as the ajv validator does).
    const filled = getDefaultFormState<T>(this, schema, formData, schema, true) as T;
    const handler = customValidate(filled, createErrorHandler<T>(filled), uiSchema, errorSchema);
    return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
  }

  isValid(schema: RJSFSchema, formData: T | undefined, rootSchema: RJSFSchema): boolean {
    try {
      return this.validatorFor(schema, rootSchema).validate(normalizePhoneFields(schema, formData)).valid;
    } catch {
      return false;
    }
  }
}
