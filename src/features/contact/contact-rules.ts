import { typedName } from '../../lib/account-rules';

/** The contact form's values (spec section 3 "Contact message" plus the captcha payload). */
export interface ContactValues {
  fullName: string;
  email: string;
  phoneCode: string;
  countryId: number | undefined;
  mobileNumber: string;
  message: string;
  captcha: string;
}

export type ContactErrors = Partial<Record<keyof ContactValues, string>>;

/**
 * Spec section 5, contact form: each field's message key when it is invalid. The server applies
 * the same rules (schemas/discovery.ts ContactUsRequest).
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  if (!values.fullName.trim()) errors.fullName = 'valid_full_name';
  if (!values.email.trim() || !/[@.]/.test(values.email) || values.email.length > 254)
    errors.email = 'valid_email';
  if (!/^[0-9]{7,15}$/.test(typedName(values.mobileNumber))) errors.mobileNumber = 'must_be_bw_7_to_15';
  if (!values.message.trim()) errors.message = 'valid_msg';
  if (!values.captcha) errors.captcha = 'select_this';
  return errors;
}
