import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BootBundle } from '../../../schemas/boot';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { createResponseCache } from '../../lib/response-cache';
import { zoneOffsetMinutes } from '../../../schemas/time';
import type { Tenant, TenantRegistry } from '../../tenancy/registry';
import { tenantFromHost } from '../../tenancy/resolve';
import { pageHead } from '../seo/index';
import { renderIndexHtml } from './index-html';
import { pageLanguageOf } from './page-language';
import { pageCode, type Manifest } from './page-code';
import { injectFetch, serverRenderer } from './ssr';
import { themeCss } from './theme-css';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app on the API's port: hashed assets precompressed and cached for a year,
 * per-tenant /theme.css and /favicon.svg, and index.html (per tenant) for every other page path
 * so client-side routes survive a reload.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    registry: TenantRegistry;
    db: Database;
    distDir: string;
    environment: BootBundle['environment'];
    /** How long a public page's head and render are reused (DISCOVERY_CACHE_TTL_MS; 0: never). */
    pageCacheTtlMs?: number;
  },
) {
  const { registry } = opts;
  const distDir = path.resolve(opts.distDir);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // The web app's files and pages are not API operations: hidden from the OpenAPI document.
  app.get('/theme.css', { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    const tenant = tenantFromHost(registry, request.headers.host) ?? registry.defaultTenant;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(themeCss(tenant.theme));
  });

  app.get('/favicon.svg', { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    const tenant = tenantFromHost(registry, request.headers.host) ?? registry.defaultTenant;
    const file = path.join(tenant.folder, tenant.config.companyInfo.icon);
    if (!existsSync(file)) return reply.status(404).send();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(readFileSync(file));
  });

  const indexFile = path.join(distDir, 'index.html');
  if (existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html is served per tenant below; the build manifest and the server render's
      // bundle (dist/server) are for the server only.
      allowedPath: (pathName) =>
        pathName !== '/index.html' && !pathName.startsWith('/.vite/') && !pathName.startsWith('/server/'),
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache',
        );
      },
    });
  }
  // The boot bundle embedded in each page: exactly what the Boot route answers (its schema
  // serializes it), asked once per tenant. Tenant configuration does not change while running.
  const bootBundles = new Map<string, Promise<string>>();
  const bootJson = (code: string): Promise<string> => {
    let json = bootBundles.get(code);
    if (!json) {
      json = app
        .inject({ method: 'GET', url: '/api/v1/Tenants/Boot', headers: { companycode: code } })
        .then((reply) =>
          reply.statusCode === 200 ? JSON.stringify(reply.json<{ data: unknown }>().data) : '',
        );
      bootBundles.set(code, json);
    }
    return json;
  };

  // index.html and the build manifest name the hashed bundles: re-read them when a rebuild
  // replaces them (one stat per page).
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; html: string; manifest: Manifest } | null = null;
  const build = () => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) {
      const manifest = existsSync(manifestFile)
        ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
        : {};
      cached = { mtimeMs, html: readFileSync(indexFile, 'utf8'), manifest };
    }
    return cached;
  };

  const renderer = serverRenderer(distDir);
  // Load the render bundle at start-up, not on the first visitor's request.
  app.addHook('onReady', async () => void (await renderer().catch(() => null)));
  // A page's head and render are the same for every anonymous visitor of a portal in a language:
  // kept like the public API answers they are made of (same TTL, dropped by dataChanged()).
  const pages = createResponseCache({ ttlMs: opts.pageCacheTtlMs ?? 0, max: 1000 });
  app.addHook('onClose', async () => pages.close());

  /**
   * The public page's HTML and data rendered by the web app's server bundle, or null (protected
   * or unknown page, no server bundle, or a failed render: the browser then renders as before).
   */
  const renderPage = async (
    tenant: Tenant,
    bundleJson: string,
    url: string,
    language: LanguageCode,
    page: FastifyRequest,
  ) => {
    if (!bundleJson) return null;
    try {
      const render = await renderer();
      if (!render) return null;
      return await render.renderPage({
        url,
        bundle: JSON.parse(bundleJson) as BootBundle,
        language,
        request: {
          serverFetch: injectFetch(app, page.ip, page.id),
          // The spec's headers as the browser sends them, for an anonymous visitor in the
          // hospital's zone (the server renders its times there).
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'x-accept-language': language,
            'x-timezone-offset': String(zoneOffsetMinutes(tenant.config.booking.timeZone)),
            unique: randomUUID(),
            CompanyCode: tenant.config.code,
          },
        },
      });
    } catch (error) {
      page.log.warn({ err: error, url }, 'server render failed; sending the loading shell');
      return null;
    }
  };

  app.get('/*', { config: { tenant: false }, schema: { hide: true } }, async (request, reply) => {
    const [url = '/', search = ''] = request.url.split('?');
    if (url.startsWith('/api/') || path.extname(url)) return reply.callNotFound();
    const built = build();
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const tenant = tenantFromHost(registry, request.headers.host);
    const page = reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (!tenant) return page.status(404).send(renderIndexHtml(built.html, null));
    const language = pageLanguageOf(tenant, new URLSearchParams(search), request.headers.cookie);
    const boot = await bootJson(tenant.config.code);
    const origin = `${request.protocol}://${request.host}`;
    const { head, rendered } = await pages.get(
      tenant.config.code,
      `${language} ${origin}${request.url}`,
      async () => {
        const [head, rendered] = await Promise.all([
          pageHead({ db: opts.db, tenant, lang: language, origin, path: url, search }),
          renderPage(tenant, boot, request.url, language, request),
        ]);
        return { head, rendered };
      },
    );
    return page.status(head.status).send(
      renderIndexHtml(built.html, tenant, {
        bootJson: boot,
        code: pageCode(built.manifest, url, tenant, opts.environment),
        language,
        head: head.head,
        rendered,
      }),
    );
  });
}
