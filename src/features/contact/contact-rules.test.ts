import { describe, expect, it } from 'vitest';
import { validateContact, type ContactValues } from './contact-rules';

const valid: ContactValues = {
  fullName: 'Lê Văn Khách',
  email: 'khach@example.vn',
  phoneCode: '+84',
  countryId: undefined,
  mobileNumber: '0901234567',
  message: 'Xin chào',
  captcha: 'payload',
};

describe('contact form rules (spec section 5)', () => {
  it('accepts a complete message', () => {
    expect(validateContact(valid)).toEqual({});
  });

  it('accepts a mobile number typed with spaces or +84', () => {
    expect(validateContact({ ...valid, mobileNumber: '0912 345 678' })).toEqual({});
    expect(validateContact({ ...valid, mobileNumber: '+84 912.345.678' })).toEqual({});
  });

  it('names each broken rule with its message key', () => {
    expect(
      validateContact({
        ...valid,
        fullName: '  ',
        email: 'nope',
        mobileNumber: '123456',
        message: ' ',
        captcha: '',
      }),
    ).toEqual({
      fullName: 'valid_full_name',
      email: 'valid_email',
      mobileNumber: 'must_be_bw_7_to_15',
      message: 'valid_msg',
      captcha: 'select_this',
    });
    expect(validateContact({ ...valid, mobileNumber: '1234567890123456' }).mobileNumber).toBe(
      'must_be_bw_7_to_15',
    );
    expect(validateContact({ ...valid, email: 'a.b' }).email).toBeUndefined();
  });
});
