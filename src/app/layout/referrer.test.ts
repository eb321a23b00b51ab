import { describe, expect, it } from 'vitest';
import { referrerOf } from './use-login-dialog';

describe('referrerOf (?invitedby=)', () => {
  it("reads the spec's user id and a referral code; ignores anything else", () => {
    expect(referrerOf('42')).toBe(42);
    expect(referrerOf(' k7m3qxa ')).toBe('K7M3QXA');
    for (const bad of [null, '', '0', '-3', 'abc', 'a b c d e f', '<script>', '1234567890123'])
      expect(referrerOf(bad), String(bad)).toBeNull();
  });
});
