import {
  EMAIL_PATTERN,
  LOGIN_NAME_PATTERN,
  MessageKey,
  OTP_PATTERN,
  passwordProblems,
  PHONE_PATTERN,
  PIN_PATTERN,
  RECOVERY_CODE_PATTERN,
  type PasswordPolicy,
} from '../../schemas/account-patterns';
import { normalizePhone } from '../../schemas/phone';

/**
 * The account form rules of spec section 5, each returning the message key of the first broken
 * rule (or null). Patterns and password policy come from schemas/account-patterns.ts, which the server
 * validates with too: the same input passes or fails on both sides.
 */

const LOGIN_NAME = new RegExp(LOGIN_NAME_PATTERN);
const EMAIL = new RegExp(EMAIL_PATTERN);
const PHONE = new RegExp(PHONE_PATTERN);
const OTP = new RegExp(OTP_PATTERN);
const RECOVERY_CODE = new RegExp(RECOVERY_CODE_PATTERN);
const PIN = new RegExp(PIN_PATTERN);

/**
 * What a login name or phone field sends: a phone number as typed ('0912 345 678', '+84 912 345
 * 678') in its national form, anything else trimmed. The server applies the same normaliser
 * (schemas/phone.ts), so the rules below judge exactly what the server will.
 */
export const typedName = (value: string) => normalizePhone(value);

/** A login name is a phone number when it is numeric and under 11 characters (spec section 4). */
export const isPhoneName = (name: string) => {
  const typed = typedName(name);
  return /^\d+$/.test(typed) && typed.length < 11;
};

/** Login or registration name: 9-10 digits or an email ('valid_email_mob'; `emptyKey` when blank). */
export function emailOrPhoneRule(value: string, emptyKey: string = MessageKey.loginName): string | null {
  const name = typedName(value);
  if (!name) return emptyKey;
  return LOGIN_NAME.test(name) ? null : MessageKey.loginName;
}

/** An email address ('valid_email'). */
export const emailRule = (value: string): string | null =>
  EMAIL.test(value.trim()) ? null : MessageKey.email;

/** A mobile number: required ('mobile_no_required'), 7 to 15 digits ('must_be_bw_7_to_15'). */
export function mobileRule(value: string): string | null {
  const mobile = typedName(value);
  if (!mobile) return MessageKey.phoneRequired;
  return PHONE.test(mobile) ? null : MessageKey.phone;
}

/** A one-time code: required (`emptyKey`), then six digits ('enter_valid_OTP'). */
export function codeRule(value: string, emptyKey: string, allowRecovery = false): string | null {
  const code = value.trim();
  if (!code) return emptyKey;
  return OTP.test(code) || (allowRecovery && RECOVERY_CODE.test(code)) ? null : MessageKey.otp;
}

/** A required password ('valid_password'), e.g. to sign in or to confirm a sensitive change. */
export const passwordRequiredRule = (value: string): string | null => (value ? null : MessageKey.password);

/** A new password of the registration rule: required, then the tenant policy's first problem. */
export function strongPasswordRule(
  value: string,
  policy: PasswordPolicy = 'default',
  emptyKey = 'valid_pass',
): string | null {
  if (!value) return emptyKey;
  return passwordProblems(value, policy)[0] ?? null;
}

/** The registration confirmation: required, the same strength rule, and equal to the password. */
export function confirmPasswordRule(password: string, confirm: string, policy: PasswordPolicy = 'default') {
  if (!confirm) return MessageKey.confirmRequired;
  if (passwordProblems(confirm, policy).length > 0) return 'valid_confirm_pass';
  return confirm === password ? null : MessageKey.confirmSame;
}

/**
 * A new password in forgot / change password: required ('new_pass_required'), 6+ characters
 * ('pass_6_char_long'), then the policy (1 capital, 1 special, no space in the default policy).
 */
export function newPasswordRule(value: string, policy: PasswordPolicy = 'default'): string | null {
  if (!value) return 'new_pass_required';
  if (value.length < 6) return 'pass_6_char_long';
  return passwordProblems(value, policy)[0] ?? null;
}

/** The new password's confirmation: required ('confirm_pass_required') and equal ('pass_confirmPass_same'). */
export function newConfirmRule(password: string, confirm: string): string | null {
  if (!confirm) return 'confirm_pass_required';
  return confirm === password ? null : 'pass_confirmPass_same';
}

/** A PIN: exactly 4 digits ('valid_pin'). */
export const pinRule = (value: string): string | null => (PIN.test(value) ? null : MessageKey.pin);

/** The PIN confirmation must equal the PIN ('pin_confirm_pin_same'). */
export const pinConfirmRule = (pin: string, confirm: string): string | null =>
  PIN.test(confirm) && confirm === pin ? null : MessageKey.pinSame;

/** A full name: not blank ('valid_full_name'). */
export const fullNameRule = (value: string): string | null => (value.trim() ? null : MessageKey.fullName);

/** Errors of a form: field name -> message key. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** Keeps only the failing rules; an empty object means the form is valid. */
export function collectErrors<F extends string>(checks: Partial<Record<F, string | null>>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [name, key] of Object.entries(checks) as [F, string | null][]) if (key) errors[name] = key;
  return errors;
}

/** True when `collectErrors` found nothing. */
export const isValid = (errors: object) => Object.keys(errors).length === 0;
