import { describe, expect, it } from 'vitest';
import { normalizePhone, normalizePhoneFields, PHONE_KEYWORD } from './phone';

describe('normalizePhone (a phone number as people type it)', () => {
  it.each([
    ['0912 345 678', '0912345678'],
    ['0912.345.678', '0912345678'],
    ['0912-345-678', '0912345678'],
    ['(091) 234 5678', '0912345678'],
    ['  0912345678  ', '0912345678'],
    ['+84 912 345 678', '0912345678'],
    ['+84912345678', '0912345678'],
    ['(+84) 912-345-678', '0912345678'],
    ['+84 (0) 912 345 678', '0912345678'],
    ['0084 912 345 678', '0912345678'],
    ['84912345678', '0912345678'],
    ['84 912 345 678', '0912345678'],
    ['912345678', '912345678'],
    ['024 3825 1234', '02438251234'],
  ])('%s -> %s', (typed, stored) => {
    expect(normalizePhone(typed)).toBe(stored);
  });

  it('keeps another country code, digits only', () => {
    expect(normalizePhone('+1 (415) 555-0100')).toBe('14155550100');
  });

  it('only trims what is not a phone number (email, name, letters among digits)', () => {
    expect(normalizePhone(' An.Nguyen@Example.com ')).toBe('An.Nguyen@Example.com');
    expect(normalizePhone('0912 abc 678')).toBe('0912 abc 678');
    expect(normalizePhone('+')).toBe('+');
    expect(normalizePhone('   ')).toBe('');
  });

  it('normalises only the fields a schema marks with x-phone', () => {
    const schema = {
      properties: { mobileNumber: { type: 'string', [PHONE_KEYWORD]: true }, idNumber: { type: 'string' } },
    };
    expect(normalizePhoneFields(schema, { mobileNumber: '0912 345 678', idNumber: '0912 345 678' })).toEqual({
      mobileNumber: '0912345678',
      idNumber: '0912 345 678',
    });
    expect(normalizePhoneFields(schema, undefined)).toBeUndefined();
  });
});
