import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { i18n } from './i18n';

type Messages = Record<string, unknown>;
type Loader = () => Promise<{ default: Messages }>;

/**
 * A feature's own messages (`src/features/<f>/i18n/{vi,en}.json`), loaded with the feature's page
 * chunk instead of the main catalogue every visitor downloads. Keys a namespace lacks fall back
 * to the main catalogue (`fallbackNS`), so shared labels and server message keys stay there.
 */
export interface MessageNamespace {
  name: string;
  loaders: Record<LanguageCode, Loader>;
}

export const defineNamespace = (name: string, loaders: Record<LanguageCode, Loader>): MessageNamespace => ({
  name,
  loaders,
});

/** Loads a namespace's messages for a language once (no-op when already there). */
export async function loadNamespace(ns: MessageNamespace, language: string): Promise<void> {
  const code: LanguageCode = language === 'en' ? 'en' : 'vi';
  if (i18n.hasResourceBundle(code, ns.name)) return;
  i18n.addResourceBundle(code, ns.name, (await ns.loaders[code]()).default, true, false);
}

/**
 * `t` of a feature's namespace. `ready` is false until its messages for the current language are
 * loaded (render a placeholder until then, not raw keys); it follows language switches.
 */
export function useNamespace(ns: MessageNamespace) {
  const translation = useTranslation(ns.name);
  const language = translation.i18n.language;
  const has = () => i18n.hasResourceBundle(language === 'en' ? 'en' : 'vi', ns.name);
  const [, setLoadedFor] = useState<string | null>(null);
  useEffect(() => {
    if (has()) return;
    let live = true;
    void loadNamespace(ns, language).then(() => {
      if (live) setLoadedFor(language);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ns, language]);
  return { ...translation, ready: has() };
}
