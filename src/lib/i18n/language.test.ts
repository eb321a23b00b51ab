// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, resolveLanguage, storedLanguage } from './language';

describe('language choice', () => {
  beforeEach(() => localStorage.clear());

  it('uses the tenant default on a first visit', () => {
    expect(resolveLanguage(storedLanguage(), { offered: ['vi', 'en'], default: 'en' })).toBe('en');
  });

  it('keeps a stored language the tenant offers', () => {
    localStorage.setItem('lang', 'en');
    expect(resolveLanguage(storedLanguage(), { offered: ['vi', 'en'], default: 'vi' })).toBe('en');
  });

  it('falls back to the default when the stored language is not offered', () => {
    localStorage.setItem('lang', 'en');
    expect(resolveLanguage(storedLanguage(), { offered: ['vi'], default: 'vi' })).toBe('vi');
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem('lang', 'fr');
    expect(storedLanguage()).toBeNull();
  });

  it('stores lang and languageId, then reloads', () => {
    const reload = vi.fn();
    chooseLanguage('en', reload);
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('languageId')).toBe('1');
    chooseLanguage('vi', reload);
    expect(localStorage.getItem('languageId')).toBe('2');
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
