import type { Ajv } from 'ajv';
import { CLEAN_TEXT_KEYWORD, cleanText } from '../../schemas/free-text';

/** Where ajv found the field: the object (or array) holding it and its key. */
interface FieldContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/**
 * The `x-clean-text` keyword for an ajv instance: a marked string field is rewritten to its
 * stored form (schemas/free-text.ts: NFC, trimmed) before its maxLength and pattern are checked,
 * so the limits apply to what is stored and the handler never sees the surrounding spaces.
 */
export function addCleanTextKeyword(ajv: Ajv) {
  ajv.addKeyword({
    keyword: CLEAN_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    before: 'maxLength',
    validate: (enabled: boolean, data: string, _schema?: unknown, context?: FieldContext) => {
      if (enabled && context?.parentData && context.parentDataProperty !== undefined)
        context.parentData[context.parentDataProperty] = cleanText(data);
      return true;
    },
  });
}
