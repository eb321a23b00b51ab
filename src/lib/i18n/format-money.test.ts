import { describe, expect, it } from 'vitest';
import { formatVnd } from './format-money';

const intl = (locale: string) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND', maximumFractionDigits: 0 });

describe('formatVnd', () => {
  it('writes amounts as Intl.NumberFormat does for VND, in Vietnamese and English', () => {
    const vi = intl('vi-VN');
    const en = intl('en-US');
    for (const amount of [0, 5, 999, 1000, 15_000, 300_000, 1_250_000, 987_654_321, 12_345.6, -50_000]) {
      expect(formatVnd(amount, 'vi')).toBe(vi.format(amount));
      expect(formatVnd(amount, 'en')).toBe(en.format(amount));
    }
  });

  it('uses the Vietnamese style for any language other than English', () => {
    expect(formatVnd(300_000, 'vi')).toBe('300.000\u00a0₫');
    expect(formatVnd(300_000, 'en')).toBe('₫300,000');
  });
});
