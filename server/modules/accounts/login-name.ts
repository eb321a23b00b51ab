import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { normalizePhone } from '../../../schemas/phone';
import { DEFAULT_COUNTRY_ID, nationalNumber } from '../../lib/phone';

export { DEFAULT_COUNTRY_ID };

/** A login name resolved to an email or an international phone number. */
export type LoginAddress =
  | { kind: 'email'; email: string; address: string }
  | { kind: 'phone'; countryId: number; phoneCode: string; mobileNumber: string; address: string };

/**
 * Email (lower-cased) or phone: digits only (spec: numeric login names are phone numbers), the
 * national leading 0 dropped, prefixed by the country's phone code. `address` is where codes go
 * ('a@b.c' or '+84900000001') and is also the rate-limit and code key.
 */
export async function resolveLoginName(sql: Sql, name: string, countryId?: number): Promise<LoginAddress> {
  // Request schemas normalise already; operator commands and other callers get the same rule.
  const trimmed = normalizePhone(name);
  if (trimmed.includes('@')) {
    const email = trimmed.toLowerCase();
    return { kind: 'email', email, address: email };
  }
  if (!/^\d{7,15}$/.test(trimmed)) throw new ApiError(400, 'invalid_request', ['valid_email_mob']);
  const id = countryId ?? DEFAULT_COUNTRY_ID;
  const { rows } = await sql.query<{ phone_code: string }>(
    'SELECT phone_code FROM countries WHERE country_id = $1',
    [id],
  );
  if (!rows[0]) throw new ApiError(400, 'invalid_request', ['valid_country']);
  const mobileNumber = nationalNumber(trimmed);
  return {
    kind: 'phone',
    countryId: id,
    phoneCode: rows[0].phone_code,
    mobileNumber,
    address: `${rows[0].phone_code}${mobileNumber}`,
  };
}
