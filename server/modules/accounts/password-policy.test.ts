import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../../schemas/accounts';
import { assertPasswordAllowed, isCommonPassword } from './password-policy';

describe('password policy', () => {
  it('default: 6+ characters with lower, upper and special, no spaces', () => {
    expect(passwordProblems('Ab@123')).toEqual([]);
    expect(passwordProblems('ab@123')).toEqual(['valid_pass']);
    expect(passwordProblems('AB@123')).toEqual(['valid_pass']);
    expect(passwordProblems('Abc123')).toEqual(['valid_pass']);
    expect(passwordProblems('Ab@12')).toEqual(['valid_pass']);
    expect(passwordProblems('Ab@ 123')).toEqual(['pass_does_not_contain_space']);
  });

  it('nist: 8 to 128 characters, no composition rule', () => {
    expect(passwordProblems('correct horse battery', 'nist')).toEqual([]);
    expect(passwordProblems('short12', 'nist')).toEqual(['pass_8_char_long']);
    expect(passwordProblems('x'.repeat(64), 'nist')).toEqual([]);
    expect(passwordProblems('x'.repeat(129), 'nist')).toEqual(['pass_too_long']);
  });

  it('every policy refuses the 10 000 most common passwords', () => {
    expect(isCommonPassword('123456')).toBe(true);
    expect(isCommonPassword('P@SSW0RD')).toBe(true);
    expect(isCommonPassword('Strong@123x9')).toBe(false);
    expect(() => assertPasswordAllowed('P@ssw0rd', 'default')).toThrow('weak_password');
    expect(() => assertPasswordAllowed('password1', 'nist')).toThrow('weak_password');
    expect(() => assertPasswordAllowed('my long passphrase', 'nist')).not.toThrow();
  });
});
