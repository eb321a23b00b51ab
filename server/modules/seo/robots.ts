import type { Tenant } from '../../tenancy/registry';
import { tenantRoutes } from './tenant-routes';
import { PRIVATE_ROUTES } from './pages';

/**
 * The path prefixes of a tenant's private pages (account, booking, demo tools): a route's first
 * segment, with its slash when the route goes deeper ("/me/privacy" -> "/me/"). Public pages
 * never share a first segment with private ones (robots.test.ts checks it).
 */
export function privatePrefixes(tenant: Tenant): string[] {
  const prefixes = new Set<string>();
  for (const { entry } of tenantRoutes(tenant)) {
    if (!entry.protected && !PRIVATE_ROUTES.includes(entry.path)) continue;
    const [, first = '', ...rest] = entry.path.split('/');
    prefixes.add(rest.length > 0 ? `/${first}/` : `/${first}`);
  }
  return [...prefixes].sort();
}

/**
 * robots.txt of a tenant: everything allowed but the private pages, and the sitemap; a tenant with
 * `seo.indexing: false` (staging) disallows everything and names no sitemap.
 */
export function robotsTxt(tenant: Tenant, origin: string): string {
  if (!tenant.config.seo.indexing) return 'User-agent: *\nDisallow: /\n';
  const lines = ['User-agent: *', ...privatePrefixes(tenant).map((prefix) => `Disallow: ${prefix}`)];
  return `${lines.join('\n')}\n\nSitemap: ${origin.replace(/\/+$/, '')}/sitemap.xml\n`;
}
