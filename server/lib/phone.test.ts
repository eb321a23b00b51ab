import { describe, expect, it } from 'vitest';
import { ContactUsRequest } from '../../schemas/discovery';
import { validateForm } from './form-validate';
import { validatorCompiler } from './schema-compilers';

describe('the x-phone keyword (server validation normalises before the pattern)', () => {
  it('rewrites a request body field to its national form, then checks the pattern', () => {
    const validate = validatorCompiler({
      schema: ContactUsRequest,
      httpPart: 'body',
      method: 'POST',
      url: '/',
    });
    const body = {
      fullName: 'An',
      email: 'an@example.com',
      mobileNumber: '+84 912.345.678',
      message: 'Hi',
      captcha: 'x',
    };
    expect(validate(body)).toBe(true);
    expect(body.mobileNumber).toBe('0912345678');
    const bad = { ...body, mobileNumber: '0912 abc' };
    expect(validate(bad)).toBe(false);
  });

  it('rewrites a schema-rendered form field (patient, join) the same way', () => {
    const form = {
      fullName: 'Nguyễn Văn An',
      gender: 'M',
      dateOfBirth: '1990-01-01',
      relationId: 1,
      mobileNumber: '0912 345 678',
      zaloNumber: '(+84) 912-345-678',
    };
    const { errors } = validateForm('phone-test', 'patient', undefined, form);
    expect(errors ?? []).not.toContain('must_be_bw_7_to_15');
    expect(errors ?? []).not.toContain('valid_zalo_number');
    expect(form.mobileNumber).toBe('0912345678');
    expect(form.zaloNumber).toBe('0912345678');
  });
});
