import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  it('formats as dd/MM/yyyy with leading zeros', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDate(new Date(1999, 11, 31))).toBe('31/12/1999');
  });

  it('accepts timestamps and strings', () => {
    const date = new Date(2025, 6, 9, 8, 3);
    expect(formatDate(date.getTime())).toBe('09/07/2025');
    expect(formatDateTime(date.toISOString())).toBe('09/07/2025 08:03');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
