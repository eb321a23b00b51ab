import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Tenant } from '../../tenancy/registry';

const offered = (tenant: Tenant, value: string | null | undefined): value is LanguageCode =>
  (tenant.config.languages.offered as string[]).includes(value ?? '');

/** The `lang` cookie the web app sets when the visitor picks a language (src/lib/i18n/language.ts). */
function cookieLanguage(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === 'lang') return value ?? null;
  }
  return null;
}

/**
 * The language a page is rendered in: `?lang=` when the tenant offers it (the hreflang
 * alternates' URLs), else the visitor's stored choice (the `lang` cookie), else the tenant's
 * default.
 */
export function pageLanguageOf(
  tenant: Tenant,
  query: URLSearchParams,
  cookieHeader: string | undefined,
): LanguageCode {
  const asked = query.get('lang');
  if (offered(tenant, asked)) return asked;
  const stored = cookieLanguage(cookieHeader);
  if (offered(tenant, stored)) return stored;
  return tenant.config.languages.default;
}
