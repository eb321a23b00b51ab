import { paths } from '../../../src/config/paths';
import { escapeHtml } from '../../lib/escape-html';
import type { Tenant } from '../../tenancy/registry';
import { hospitalAddress, specialityAddress } from './catalogue-pages';
import { tenantRoutes } from './tenant-routes';
import { alternates, pageUrl } from './page-urls';
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

/**
 * One `<urlset>`: each page's URL in the tenant's default language, with its hreflang
 * alternates (the sitemap form of the links in each page's head).
 */
export function renderUrlset(urls: readonly SitemapUrl[], tenant: Tenant, origin: string): string {
  const lang = tenant.config.languages.default;
  const multilingual = tenant.config.languages.offered.length > 1;
  const body = urls
    .map(({ path, query, lastmod }) => {
      const links = multilingual
        ? alternates(origin, tenant, path, query)
            .map(
              (alt) =>
                `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeHtml(alt.href)}"/>`,
            )
            .join('')
        : '';
      const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
      return `<url><loc>${escapeHtml(pageUrl(origin, tenant, path, lang, query))}</loc>${modified}${links}</url>`;
    })
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

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
