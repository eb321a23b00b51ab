import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import { createResponseCache } from '../../lib/response-cache';
import type { Tenant, TenantRegistry } from '../../tenancy/registry';
import { tenantFromHost } from '../../tenancy/resolve';
import { robotsTxt } from './robots';
import {
  renderSitemapIndex,
  renderUrlsetTemplate,
  SITEMAP_LIMIT,
  sitemapParts,
  sitemapUrls,
  type SitemapUrl,
  withOrigin,
} from './sitemap';
import { sitemapData } from './sitemap-repository';

export interface SeoRoutesOptions {
  db: Database;
  registry: TenantRegistry;
  /** URLs per sitemap file before /sitemap.xml becomes an index (the protocol's 50 000; tests: less). */
  sitemapLimit?: number;
  /** How long a tenant's list of URLs is kept (data changes drop it at once: dataChanged). */
  cacheTtlMs?: number;
}

const CACHE_CONTROL = 'public, max-age=300';

/** Scheme and host the request came to: the canonical host of every URL we answer with. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * /robots.txt, /sitemap.xml and its parts /sitemaps/{n}.xml, per tenant from the Host (custom
 * domains included), outside /api/v1 and independent of the built web app. A tenant with
 * `seo.indexing: false` has no sitemap (404) and a robots.txt that disallows everything.
 */
export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { db, registry } = options;
  const limit = options.sitemapLimit ?? SITEMAP_LIMIT;
  // Walking every doctor costs a few queries: a crawler asking for every part reuses one walk.
  const cache = createResponseCache({ ttlMs: options.cacheTtlMs ?? 60_000, max: 100 });
  app.addHook('onClose', async () => cache.close());

  // Per tenant for the cache's lifetime: the URLs, and each file rendered once (with the origin
  // left as a mark, filled in per request: custom domains and subdomains share one render).
  const urlsOf = (tenant: Tenant) =>
    cache.get(tenant.config.code, 'sitemap', async () => {
      const data = await db.tenantRead(tenant.config.code, (sql) =>
        sitemapData(sql, { blog: tenant.config.features.blog }),
      );
      return { urls: sitemapUrls(tenant, data), templates: new Map<number, string>() };
    });
  /** File `part` (1-based) of the tenant's URLs on `origin`. */
  const urlset = async (tenant: Tenant, part: number, origin: string) => {
    const { urls, templates } = await urlsOf(tenant);
    let template = templates.get(part);
    if (template === undefined) {
      template = renderUrlsetTemplate(urls.slice((part - 1) * limit, part * limit), tenant);
      templates.set(part, template);
    }
    return withOrigin(template, origin);
  };

  const indexedTenant = (request: FastifyRequest): Tenant | null => {
    const tenant = tenantFromHost(registry, request.headers.host);
    return tenant?.config.seo.indexing ? tenant : null;
  };
  const sendXml = (reply: FastifyReply, xml: string) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(xml);

  app.get('/robots.txt', { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    const tenant = tenantFromHost(registry, request.headers.host);
    if (!tenant) return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(tenant, requestOrigin(request)));
  });

  app.get('/sitemap.xml', { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    const tenant = indexedTenant(request);
    if (!tenant) return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
    const { urls } = await urlsOf(tenant);
    const origin = requestOrigin(request);
    return sendXml(
      reply,
      urls.length <= limit
        ? await urlset(tenant, 1, origin)
        : renderSitemapIndex(sitemapParts(urls.length, limit), origin),
    );
  });

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { config: { tenant: false }, schema: { hide: true } },
    async (request, reply) => {
      const tenant = indexedTenant(request);
      const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
      const urls: readonly SitemapUrl[] = tenant && part ? (await urlsOf(tenant)).urls : [];
      const n = Number(part);
      // Parts exist only when the sitemap is split (an index at /sitemap.xml names them).
      if (!tenant || !part || urls.length <= limit || n > sitemapParts(urls.length, limit)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found\n');
      }
      return sendXml(reply, await urlset(tenant, n, requestOrigin(request)));
    },
  );
}
