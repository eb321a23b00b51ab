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

/** Stores the choice (`lang` and `languageId`) and reloads, as the spec's language change does. */
export function chooseLanguage(language: LanguageCode, reload = () => window.location.reload()): void {
  storage.set(STORAGE_KEYS.lang, language);
  storage.set(STORAGE_KEYS.languageId, String(LANGUAGE_IDS[language]));
  reload();
}
