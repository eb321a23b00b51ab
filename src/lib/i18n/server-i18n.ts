import { createInstance, type i18n as I18n } from 'i18next';
import type { BootBundle } from '../../../schemas/boot';
import type { LanguageCode } from '../../../schemas/tenant.schema';

const instances = new Map<string, Promise<I18n>>();

/**
 * An i18next instance for server renders of one tenant in one language, with the tenant's
 * message overrides, made once and kept (tenant configuration does not change while the server
 * runs). Why not the browser's global instance: one server process renders many tenants and
 * languages at the same time, and the overrides of one tenant must never show on another.
 */
export function serverI18n(
  bundle: Pick<BootBundle, 'companyCode' | 'strings'>,
  language: LanguageCode,
): Promise<I18n> {
  const key = `${bundle.companyCode}\u0000${language}`;
  let instance = instances.get(key);
  if (!instance) {
    const i18n = createInstance();
    instance = Promise.all([import('./vi.json'), import('./en.json')])
      .then(([vi, en]) =>
        i18n.init({
          lng: language,
          fallbackLng: 'vi',
          resources: { vi: { translation: vi.default }, en: { translation: en.default } },
          fallbackNS: 'translation',
          interpolation: { escapeValue: false }, // React escapes
          react: { useSuspense: false },
        }),
      )
      .then(() => {
        for (const [lang, entries] of Object.entries(bundle.strings))
          for (const [path, value] of Object.entries(entries ?? {}))
            i18n.addResource(lang, 'translation', path, value);
        return i18n;
      });
    instances.set(key, instance);
  }
  return instance;
}
