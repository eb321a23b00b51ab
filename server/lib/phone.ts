import type { Ajv } from 'ajv';
import { normalizePhone, PHONE_KEYWORD } from '../../schemas/phone';

/** Vietnam, the country of a phone number given without one (login names, the dev outbox). */
export const DEFAULT_COUNTRY_ID = 1;

/** A national number without its trunk prefix: '0901 234 567' -> '901234567' (digits only). */
export const nationalNumber = (digits: string) => digits.replace(/\D/g, '').replace(/^0+/, '');

/** Where ajv found the field: the object (or array) holding it and its key. */
interface FieldContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/**
 * The `x-phone` keyword for an ajv instance: a marked string field is rewritten to its national
 * form (schemas/phone.ts) before its pattern is checked, so '0912 345 678' passes '^\d{7,15}$'
 * and the handler (and the database) only ever sees '0912345678'.
 */
export function addPhoneKeyword(ajv: Ajv) {
  ajv.addKeyword({
    keyword: PHONE_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    errors: false,
    before: 'pattern',
    validate: (enabled: boolean, data: string, _schema?: unknown, context?: FieldContext) => {
      if (enabled && context?.parentData && context.parentDataProperty !== undefined)
        context.parentData[context.parentDataProperty] = normalizePhone(data);
      return true;
    },
  });
}
