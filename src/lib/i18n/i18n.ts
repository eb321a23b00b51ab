import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { setRequestLanguage } from '../request-context';

type Messages = Record<string, unknown>;

// One chunk per language: a visitor downloads only the language being shown.
const loaders: Record<LanguageCode, () => Promise<{ default: Messages }>> = {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
};

/**
 * Starts i18next with only `language`'s messages. Vietnamese is the fallback for keys a language
 * lacks; the bundled files have the same keys (checked by a test), so in practice the fallback
 * serves tenant-specific Vietnamese overrides, which arrive with the boot bundle.
 */
export async function initI18n(language: LanguageCode): Promise<void> {
  const messages = (await loaders[language]()).default;
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'vi',
    resources: { [language]: { translation: messages } },
    // Feature namespaces (namespace.ts) fall back to the main catalogue for shared keys.
    fallbackNS: 'translation',
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  markLanguage(language);
}

/** Switches to a language whose messages are not loaded yet (boot found another one). */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await loaders[language]()).default);
  }
  await i18n.changeLanguage(language);
  markLanguage(language);
}

function markLanguage(language: LanguageCode) {
  setRequestLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Applies a tenant's message overrides (boot bundle `strings`). Keys are dotted paths
 * ("nav.doctors"), so each is set on its own rather than merged as a nested object.
 */
export function applyTenantStrings(strings: Partial<Record<LanguageCode, Record<string, string>>>): void {
  for (const [language, entries] of Object.entries(strings)) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      i18n.addResource(language, 'translation', key, value);
    }
  }
}

export { i18n };
