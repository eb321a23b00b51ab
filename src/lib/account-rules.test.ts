import { describe, expect, it } from 'vitest';
import {
  codeRule,
  collectErrors,
  confirmPasswordRule,
  emailOrPhoneRule,
  emailRule,
  isPhoneName,
  mobileRule,
  newConfirmRule,
  newPasswordRule,
  pinConfirmRule,
  pinRule,
  strongPasswordRule,
  typedName,
} from './account-rules';

describe('account form rules (spec section 5)', () => {
  it('treats a numeric login name under 11 characters as a phone number', () => {
    expect(isPhoneName('0901234567')).toBe(true);
    expect(isPhoneName('09012345678')).toBe(false);
    expect(isPhoneName('an@example.vn')).toBe(false);
  });

  it('judges a phone typed with spaces, dots, dashes or +84 as the number it is', () => {
    for (const typed of ['0912 345 678', '0912.345.678', '0912-345-678', '+84 912 345 678', '84912345678']) {
      expect(isPhoneName(typed), typed).toBe(true);
      expect(emailOrPhoneRule(typed), typed).toBeNull();
      expect(mobileRule(typed), typed).toBeNull();
      expect(typedName(typed), typed).toBe('0912345678');
    }
    expect(typedName(' an@example.vn ')).toBe('an@example.vn');
    expect(emailOrPhoneRule('0912 abc 678')).toBe('valid_email_mob');
  });

  it('accepts 9-10 digits or an email as login or registration name', () => {
    expect(emailOrPhoneRule('901234567')).toBeNull();
    expect(emailOrPhoneRule('0901234567')).toBeNull();
    expect(emailOrPhoneRule('an@example.vn')).toBeNull();
    expect(emailOrPhoneRule('12345678')).toBe('valid_email_mob');
    expect(emailOrPhoneRule('an@')).toBe('valid_email_mob');
    expect(emailOrPhoneRule('  ', 'valid_email_phone')).toBe('valid_email_phone');
  });

  it('checks emails and 7-15 digit mobile numbers', () => {
    expect(emailRule('a@b.vn')).toBeNull();
    expect(emailRule('a.b')).toBe('valid_email');
    expect(mobileRule('')).toBe('mobile_no_required');
    expect(mobileRule('123456')).toBe('must_be_bw_7_to_15');
    expect(mobileRule('1234567')).toBeNull();
    expect(mobileRule('1234567890123456')).toBe('must_be_bw_7_to_15');
  });

  it('requires a six-digit code, or a recovery code where allowed', () => {
    expect(codeRule('', 'plz_enter_OTP')).toBe('plz_enter_OTP');
    expect(codeRule('12345', 'plz_enter_OTP')).toBe('enter_valid_OTP');
    expect(codeRule('12a456', 'plz_enter_OTP')).toBe('enter_valid_OTP');
    expect(codeRule('123456', 'plz_enter_OTP')).toBeNull();
    expect(codeRule('abcde-12345', 'type_otp_we_send')).toBe('enter_valid_OTP');
    expect(codeRule('abcde-12345', 'type_otp_we_send', true)).toBeNull();
  });

  it('applies the registration password and confirmation rules', () => {
    expect(strongPasswordRule('')).toBe('valid_pass');
    expect(strongPasswordRule('abcdef')).toBe('valid_pass');
    expect(strongPasswordRule('Ab@ 12')).toBe('pass_does_not_contain_space');
    expect(strongPasswordRule('Abc@12')).toBeNull();
    expect(confirmPasswordRule('Abc@12', '')).toBe('enter_confirm_pass');
    expect(confirmPasswordRule('Abc@12', 'abc')).toBe('valid_confirm_pass');
    expect(confirmPasswordRule('Abc@12', 'Abc@13')).toBe('pass_confirm_pass_same');
    expect(confirmPasswordRule('Abc@12', 'Abc@12')).toBeNull();
  });

  it('applies the forgot-password rules', () => {
    expect(newPasswordRule('')).toBe('new_pass_required');
    expect(newPasswordRule('Ab@1')).toBe('pass_6_char_long');
    expect(newPasswordRule('abcdefg')).toBe('valid_pass');
    expect(newPasswordRule('Abcd@1')).toBeNull();
    expect(newConfirmRule('Abcd@1', '')).toBe('confirm_pass_required');
    expect(newConfirmRule('Abcd@1', 'Abcd@2')).toBe('pass_confirmPass_same');
  });

  it('requires a 4-digit PIN and a matching confirmation', () => {
    expect(pinRule('123')).toBe('valid_pin');
    expect(pinRule('12a4')).toBe('valid_pin');
    expect(pinRule('1234')).toBeNull();
    expect(pinConfirmRule('1234', '1235')).toBe('pin_confirm_pin_same');
    expect(pinConfirmRule('1234', '1234')).toBeNull();
  });

  it('keeps only the failing rules', () => {
    expect(collectErrors({ a: null, b: 'x' })).toEqual({ b: 'x' });
  });
});
