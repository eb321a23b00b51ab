import type { LanguageCode } from '../../../schemas/tenant.schema';
import { STORAGE_KEYS, storage } from '../storage';

/** Spec language ids: English 1, Vietnamese 2. */
export const LANGUAGE_IDS: Record<LanguageCode, number> = { en: 1, vi: 2 };

const isLanguage = (value: string | null): value is LanguageCode => value === 'vi' || value === 'en';

/** The language stored by an earlier visit, if it is one we know. */
export function storedLanguage(): LanguageCode | null {
  const value = storage.get(STORAGE_KEYS.lang);
  return isLanguage(value) ? value : null;
}

/**
 * The language to show: the stored choice when this tenant offers it, else the tenant's default
 * (a first visit, or a choice made on another portal of the same browser that this one lacks).
 */
export function resolveLanguage(
  stored: LanguageCode | null,
  tenant: { offered: readonly LanguageCode[]; default: LanguageCode },
): LanguageCode {
  return stored && tenant.offered.includes(stored) ? stored : tenant.default;
}

/**
 * Reloads the page in the stored language: without the URL's `?lang=`, which would otherwise
 * win on the server (it names the language of the hreflang alternates).
 */
function reloadInStoredLanguage(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('lang')) return window.location.reload();
  url.searchParams.delete('lang');
  window.location.replace(url);
}

/**
 * Stores the choice (`lang` and `languageId`) and reloads, as the spec's language change does.
 * The `lang` cookie tells the server too (rememberLanguage).
 */
export function chooseLanguage(language: LanguageCode, reload = reloadInStoredLanguage): void {
  storage.set(STORAGE_KEYS.lang, language);
  storage.set(STORAGE_KEYS.languageId, String(LANGUAGE_IDS[language]));
  rememberLanguage(language);
  reload();
}

/** The `lang` cookie: how the server knows the stored choice and renders public pages in it. */
export function rememberLanguage(language: LanguageCode): void {
  document.cookie = `lang=${language}; path=/; max-age=31536000; samesite=lax`;
}
