import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BootBundle } from '../../../schemas/boot';
import type { TenantRegistry } from '../../tenancy/registry';
import { tenantFromHost } from '../../tenancy/resolve';
import { renderIndexHtml } from './index-html';
import { pagePreloads, type Manifest } from './page-preloads';
import { themeCss } from './theme-css';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app on the API's port: hashed assets precompressed and cached for a year,
 * per-tenant /theme.css and /favicon.svg, and index.html (per tenant) for every other page path
 * so client-side routes survive a reload.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: { registry: TenantRegistry; distDir: string; environment: BootBundle['environment'] },
) {
  const { registry } = opts;
  const distDir = path.resolve(opts.distDir);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  app.get('/theme.css', { config: { tenant: false } }, async (request, reply) => {
    const tenant = tenantFromHost(registry, request.headers.host) ?? registry.defaultTenant;
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(themeCss(tenant.theme));
  });

  app.get('/favicon.svg', { config: { tenant: false } }, async (request, reply) => {
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
      // index.html is served per tenant below; the build manifest is for the server only.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
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

  app.get('/*', { config: { tenant: false } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || path.extname(url)) return reply.callNotFound();
    const built = build();
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    const tenant = tenantFromHost(registry, request.headers.host);
    return reply
      .status(tenant ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        tenant
          ? renderIndexHtml(built.html, tenant, {
              bootJson: await bootJson(tenant.config.code),
              preloads: pagePreloads(built.manifest, url, tenant, opts.environment),
            })
          : renderIndexHtml(built.html, null),
      );
  });
}
