import { paths } from '../../../schemas/paths';
import { escapeHtml } from '../../lib/escape-html';
import type { Tenant } from '../../tenancy/registry';
import { hospitalAddress, specialityAddress } from './catalogue-pages';
import { tenantRoutes } from './tenant-routes';
import { PUBLIC_PAGES } from './pages';
import type { SitemapData } from './sitemap-repository';

/** The sitemaps protocol's limit of URLs per file; past it /sitemap.xml becomes an index. */
export const SITEMAP_LIMIT = 50_000;

export interface SitemapUrl {
  path: string;
  query?: URLSearchParams;
  /** ISO date-time of the last change, when known. */
  lastmod?: string;
}

/** Embeds of the mobile apps: their canonical is another page, so they are not listed. */
const NOT_LISTED = new Set<string>([paths.contactUsMobile]);

/**
 * Every indexable page of a tenant: the public pages without parameters its features allow, each
 * approved doctor, each approved hospital and each speciality (their doctor lists) and each blog
 * post. A feature that is off has no page and so no entry.
 */
export function sitemapUrls(tenant: Tenant, data: SitemapData): SitemapUrl[] {
  const pages = tenantRoutes(tenant)
    .map(({ entry }) => entry.path)
    .filter((path) => !path.includes(':') && PUBLIC_PAGES[path] && !NOT_LISTED.has(path))
    .map((path): SitemapUrl => ({ path }));
  return [
    ...pages,
    ...data.doctorIds.map((id) => ({ path: paths.doctorDetail(id) })),
    ...data.hospitalIds.map(hospitalAddress),
    ...data.specialityIds.map(specialityAddress),
    ...data.blogs.map((blog) => ({ path: paths.blogDetail(blog.blogId), lastmod: blog.publishedAt })),
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Stands for the origin in a rendered template (never in a path: NUL is not valid in XML). */
const ORIGIN_MARK = '\u0000origin\u0000';

/**
 * One `<urlset>` with the origin left as a mark: each page's URL in the tenant's default language
 * with its hreflang alternates (the sitemap form of the links in each page's head). The URLs are
 * the ones pageUrl() makes, built here without URLSearchParams per link: 50 000 entries with
 * three alternates each are 200 000 URLs. Why a template: the origin is the request's host
 * (custom domains), and filling it in is a split/join instead of a render.
 */
export function renderUrlsetTemplate(urls: readonly SitemapUrl[], tenant: Tenant): string {
  const { offered, default: fallback } = tenant.config.languages;
  const variants = [
    ...offered.map((lang) => ({ hreflang: lang as string, lang })),
    { hreflang: 'x-default', lang: fallback },
  ];
  const href = (path: string, query: string, lang: string) => {
    const params = lang === fallback ? query : query ? `${query}&lang=${lang}` : `lang=${lang}`;
    return escapeHtml(`${path}${params ? `?${params}` : ''}`);
  };
  const lines: string[] = [];
  for (const { path, query, lastmod } of urls) {
    const params = query ? new URLSearchParams(query) : null;
    params?.delete('lang');
    const search = params?.toString() ?? '';
    let line = `<url><loc>${ORIGIN_MARK}${href(path, search, fallback)}</loc>`;
    if (lastmod) line += `<lastmod>${lastmod}</lastmod>`;
    if (offered.length > 1) {
      for (const { hreflang, lang } of variants) {
        line += `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${ORIGIN_MARK}${href(path, search, lang)}"/>`;
      }
    }
    lines.push(`${line}</url>`);
  }
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join('\n')}\n</urlset>\n`;
}

/** A template of renderUrlsetTemplate with the origin (scheme and host) filled in. */
export const withOrigin = (template: string, origin: string) =>
  template.split(ORIGIN_MARK).join(escapeHtml(origin.replace(/\/+$/, '')));

/** The URL of part `n` (1-based) of a split sitemap. */
export const sitemapPartPath = (n: number) => `/sitemaps/${n}.xml`;

/** How many files `count` URLs take at `limit` per file. */
export const sitemapParts = (count: number, limit: number) => Math.max(1, Math.ceil(count / limit));

/** A `<sitemapindex>` naming parts 1..parts. */
export function renderSitemapIndex(parts: number, origin: string): string {
  const base = origin.replace(/\/+$/, '');
  const body = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeHtml(`${base}${sitemapPartPath(i + 1)}`)}</loc></sitemap>`,
  ).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
