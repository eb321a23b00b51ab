import { describe, expect, it } from 'vitest';
import { getRequestLanguage } from '../request-context';
import { applyTenantStrings, i18n, initI18n, loadLanguage } from './i18n';

describe('i18n start-up', () => {
  it('loads only the active language, marks <html lang> and the request language', async () => {
    await initI18n('en');
    expect(i18n.t('nav.doctors')).toBe('Doctors');
    expect(i18n.hasResourceBundle('vi', 'translation')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    expect(getRequestLanguage()).toBe('en');
  });

  it("applies a tenant's dotted-key overrides, falling back to its Vietnamese ones", async () => {
    await initI18n('en');
    applyTenantStrings({ en: { 'nav.doctors': 'Physicians' }, vi: { 'nav.tenantOnly': 'Bảng giá' } });
    expect(i18n.t('nav.doctors')).toBe('Physicians');
    expect(i18n.t('nav.hospitals')).toBe('Hospitals');
    expect(i18n.t('nav.tenantOnly')).toBe('Bảng giá');
  });

  it('switches to a language that was not loaded yet', async () => {
    await initI18n('vi');
    await loadLanguage('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('footer.version', { version: '1.0.280' })).toBe('Version 1.0.280');
    expect(document.documentElement.lang).toBe('en');
  });
});
