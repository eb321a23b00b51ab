import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Tenant } from '../../tenancy/registry';

/**
 * URLs of a page per language. Convention shared with the server renderer: the tenant's default
 * language is served at the plain URL, another offered language at the same URL with `?lang=xx`.
 */

/** The language a page is shown in: the asked one when the tenant offers it, else its default. */
export function pageLanguage(tenant: Tenant, lang: string | null | undefined): LanguageCode {
  const { offered, default: fallback } = tenant.config.languages;
  return (offered as string[]).includes(lang ?? '') ? (lang as LanguageCode) : fallback;
}

/** `origin` + `path` + `query` (its `lang` replaced by the one of `lang`), absolute. */
export function pageUrl(
  origin: string,
  tenant: Tenant,
  path: string,
  lang: LanguageCode,
  query: URLSearchParams = new URLSearchParams(),
): string {
  const params = new URLSearchParams(query);
  params.delete('lang');
  if (lang !== tenant.config.languages.default) params.set('lang', lang);
  const search = params.toString();
  return `${origin.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

export interface Alternate {
  hreflang: LanguageCode | 'x-default';
  href: string;
}

/** One alternate per offered language, and x-default: the plain URL (the default language). */
export function alternates(
  origin: string,
  tenant: Tenant,
  path: string,
  query?: URLSearchParams,
): Alternate[] {
  const { offered, default: fallback } = tenant.config.languages;
  return [
    ...offered.map((lang) => ({ hreflang: lang, href: pageUrl(origin, tenant, path, lang, query) })),
    { hreflang: 'x-default' as const, href: pageUrl(origin, tenant, path, fallback, query) },
  ];
}

/** A stored image path ("/api/v1/avatars/7.svg") as an absolute URL on this origin. */
export function absoluteUrl(origin: string, value: string): string {
  if (!value) return '';
  if (/^https?:\/\//.test(value)) return value;
  return `${origin.replace(/\/+$/, '')}${value.startsWith('/') ? '' : '/'}${value}`;
}
