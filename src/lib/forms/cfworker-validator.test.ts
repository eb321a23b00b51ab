import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { CfworkerValidator } from './cfworker-validator';

const schema = {
  type: 'object',
  required: ['fullName', 'email'],
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 1, 'x-message': 'valid_full_name' },
    email: { type: 'string', pattern: '[@.]', 'x-message': 'valid_email' },
    years: { type: 'integer', minimum: 0 },
    contact: { $ref: '#/definitions/contact' },
  },
  definitions: {
    contact: { type: 'object', properties: { phone: { type: 'string', pattern: '^\\d{7,15}$' } } },
  },
} as RJSFSchema;

describe('CfworkerValidator', () => {
  const messages: Record<string, string> = { valid_full_name: 'Enter your name', valid_email: 'Bad email' };
  const validator = new CfworkerValidator((key, fallback) => messages[key] ?? fallback);

  it('accepts valid data', () => {
    const result = validator.validateFormData({ fullName: 'An', email: 'a@b.vn' }, schema);
    expect(result.errors).toEqual([]);
  });

  it('judges an x-phone field as the server stores it (spaces, dots, +84 accepted)', () => {
    const phoneSchema = {
      type: 'object',
      properties: {
        mobileNumber: { type: 'string', 'x-phone': true, pattern: '^[0-9]{7,15}$', 'x-message': 'bad_phone' },
      },
    } as RJSFSchema;
    for (const typed of ['0912 345 678', '0912.345.678', '+84 912 345 678']) {
      expect(validator.validateFormData({ mobileNumber: typed }, phoneSchema).errors, typed).toEqual([]);
      expect(validator.isValid(phoneSchema, { mobileNumber: typed }, phoneSchema), typed).toBe(true);
    }
    expect(validator.validateFormData({ mobileNumber: '0912 abc' }, phoneSchema).errors).toHaveLength(1);
  });

  it('reports missing and invalid fields with their x-message, once per field', () => {
    const result = validator.validateFormData({ email: 'nope', years: -1 }, schema);
    const byProperty = Object.fromEntries(result.errors.map((error) => [error.property, error.message]));
    expect(byProperty['.fullName']).toBe('Enter your name');
    expect(byProperty['.email']).toBe('Bad email');
    expect(byProperty['.years']).toBeTruthy();
    expect(result.errorSchema).toMatchObject({ fullName: { __errors: ['Enter your name'] } });
  });

  it('follows $ref into definitions', () => {
    const result = validator.validateFormData(
      { fullName: 'An', email: 'a@b', contact: { phone: '12' } },
      schema,
    );
    expect(result.errors.map((error) => error.property)).toEqual(['.contact.phone']);
  });

  it('merges custom validation and transformErrors', () => {
    const transform = vi.fn((errors) => errors);
    const result = validator.validateFormData(
      { fullName: 'An', email: 'a@b' },
      schema,
      (_data, errors) => {
        (errors as unknown as Record<string, { addError: (message: string) => void }>).fullName?.addError(
          'taken',
        );
        return errors;
      },
      transform,
    );
    expect(transform).toHaveBeenCalled();
    expect(result.errorSchema).toMatchObject({ fullName: { __errors: ['taken'] } });
  });

  it('isValid resolves references against the root schema', () => {
    const sub = { $ref: '#/definitions/contact' } as RJSFSchema;
    expect(validator.isValid(sub, { phone: '0912345678' }, schema)).toBe(true);
    expect(validator.isValid(sub, { phone: 'x' }, schema)).toBe(false);
  });

  it('never uses eval or new Function', () => {
    const spy = vi.spyOn(globalThis, 'Function');
    validator.validateFormData({}, { type: 'object', properties: { a: { type: 'string' } } });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
