/**
 * Phone numbers as people type them (spec section 5, "phone 7 to 15 digits; login phone 9 to 10
 * digits"): '0912 345 678', '0912.345.678', '(+84) 912-345-678', '84912345678'. One normaliser
 * for both sides: the server's validators run it before a field's pattern (the `x-phone` keyword
 * on a schema field), the web app's forms before their rules and on submit. Plain functions, no
 * schema library: the web app imports this file.
 */

/** Marks a string field of a request or form schema as a phone number (or a login name). */
export const PHONE_KEYWORD = 'x-phone';

/** Vietnam's country code: a number typed with it becomes the national form with its 0. */
const VIETNAM_CODE = '84';
/** A Vietnamese national number without its trunk 0 (mobiles: 9 digits). */
const VIETNAM_NATIONAL_DIGITS = 9;
/** What people put between digits; only these, so an email or a username is left alone. */
const SEPARATORS = /[\s().-]/g;

/**
 * The national form of a typed phone number: separators dropped, Vietnam's `+84` / `0084` /
 * `84` prefix replaced by the trunk 0 ('+84 912 345 678' -> '0912345678'); another country's
 * number keeps its digits (without '+'). Text that is not a phone number (an email, a name) is
 * only trimmed, so the same function serves "email or phone" fields.
 */
export function normalizePhone(text: string): string {
  const trimmed = text.trim();
  const compact = trimmed.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return trimmed;
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.replace(/^\+|^00/, '');
  if (digits.startsWith(VIETNAM_CODE)) {
    const national = digits.slice(VIETNAM_CODE.length);
    if (international) return national.startsWith('0') ? national : `0${national}`;
    // Without '+', '84' + 9 digits is Vietnam's code (a national number starts with 0).
    if (national.length === VIETNAM_NATIONAL_DIGITS) return `0${national}`;
  }
  return digits;
}

/** The object with every `x-phone` property of `schema` normalised (others untouched). */
export function normalizePhoneFields<T>(schema: unknown, data: T): T {
  const properties = (schema as { properties?: Record<string, Record<string, unknown>> } | undefined)
    ?.properties;
  if (!properties || !data || typeof data !== 'object' || Array.isArray(data)) return data;
  const copy = { ...(data as Record<string, unknown>) };
  for (const [name, field] of Object.entries(properties))
    if (field?.[PHONE_KEYWORD] === true && typeof copy[name] === 'string')
      copy[name] = normalizePhone(copy[name]);
  return copy as T;
}
