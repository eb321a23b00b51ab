import { readFileSync } from 'node:fs';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Tenant } from '../../tenancy/registry';

type Messages = Record<string, unknown>;

/**
 * The web app's own message catalogues (src/lib/i18n/{vi,en}.json), read once: the server's titles
 * and breadcrumb names are the very words the page shows once it has booted, so a search result
 * and the open page agree.
 */
const catalogues: Record<LanguageCode, Messages> = {
  vi: JSON.parse(readFileSync(new URL('../../../src/lib/i18n/vi.json', import.meta.url), 'utf8')) as Messages,
  en: JSON.parse(readFileSync(new URL('../../../src/lib/i18n/en.json', import.meta.url), 'utf8')) as Messages,
};

function lookup(messages: Messages, key: string): string | undefined {
  let value: unknown = messages;
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Messages)[part] : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

/**
 * `t` for one tenant and language, as the web app resolves keys: the tenant's override
 * (tenant.json `strings`), then the catalogue, then Vietnamese; `{{name}}` placeholders filled in.
 * Unescaped text: the head renderer escapes.
 */
export function translator(tenant: Tenant, lang: LanguageCode) {
  const overrides = tenant.config.strings;
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text =
      overrides[lang][key] ??
      lookup(catalogues[lang], key) ??
      overrides.vi[key] ??
      lookup(catalogues.vi, key) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
  };
}

export type Translate = ReturnType<typeof translator>;
