/*
 * The account rules of spec section 5 that the server and the web app's forms share: patterns,
 * password policy and their message keys. Plain values, no TypeBox: the forms import them without
 * bundling the schema library (11 KB gz) into the sign-in dialog, the booking and contact pages.
 * schemas/accounts.ts re-exports them and builds its request schemas on them.
 */

/** Login/registration name: 9-10 digits (phone) or an email. */
export const LOGIN_NAME_PATTERN = '^(?:\\d{9,10}|[^\\s@]+@[^\\s@]+\\.[^\\s@]+)$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** A mobile number: 7 to 15 digits. */
export const PHONE_PATTERN = '^\\d{7,15}$';
/** A one-time code: exactly 6 digits. */
export const OTP_PATTERN = '^\\d{6}$';
/** A recovery code of the authenticator second factor: xxxxx-xxxxx (lower-case letters, digits). */
export const RECOVERY_CODE_PATTERN = '^[a-z0-9]{5}-[a-z0-9]{5}$';
export const PIN_PATTERN = '^\\d{4}$';
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const PASSWORD_MAX = 128;
export const DEFAULT_PASSWORD_MIN = 6;
export const NIST_PASSWORD_MIN = 8;

/** Message keys of each rule, for forms and tests. */
export const MessageKey = {
  loginName: 'valid_email_mob',
  password: 'valid_password',
  passwordRule: 'valid_pass',
  passwordSpace: 'pass_does_not_contain_space',
  passwordNistLength: 'pass_8_char_long',
  passwordTooLong: 'pass_too_long',
  commonPassword: 'common_password',
  confirmRequired: 'enter_confirm_pass',
  confirmSame: 'pass_confirm_pass_same',
  otp: 'enter_valid_OTP',
  phone: 'must_be_bw_7_to_15',
  phoneRequired: 'mobile_no_required',
  email: 'valid_email',
  pin: 'valid_pin',
  pinSame: 'pin_confirm_pin_same',
  fullName: 'valid_full_name',
  country: 'valid_country',
} as const;

export type PasswordPolicy = 'default' | 'nist';

/**
 * Message keys the password breaks under a tenant's policy (empty = fine), except the
 * common-password check, which only the server can do (it holds the list).
 * default: 6+ chars, a lower-case, an upper-case and a special character, no spaces.
 * nist: 8..128 chars, any characters, no composition rule.
 */
export function passwordProblems(password: string, policy: PasswordPolicy = 'default'): string[] {
  if (password.length > PASSWORD_MAX) return [MessageKey.passwordTooLong];
  if (policy === 'nist')
    return [...password].length < NIST_PASSWORD_MIN ? [MessageKey.passwordNistLength] : [];
  const problems: string[] = [];
  if (/\s/.test(password)) problems.push(MessageKey.passwordSpace);
  const strong =
    password.length >= DEFAULT_PASSWORD_MIN &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password);
  if (!strong) problems.push(MessageKey.passwordRule);
  return problems;
}
