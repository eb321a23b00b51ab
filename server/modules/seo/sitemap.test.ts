import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ownerInTenant } from '../../db/database';
import { dataChanged } from '../../lib/response-cache';
import type { TenantRegistry } from '../../tenancy/registry';
import { tenantFromHost } from '../../tenancy/resolve';
import { pageHead } from './page-head';
import { pageLanguage } from './page-urls';
import { seoRoutes } from './routes';
import { registryWith, seoIds, type SeoIds } from './test-support';

const HOST = 'songhong.localhost:8080';
const ORIGIN = `http://${HOST}`;
let t: TestApp;
let ids: SeoIds;
let otherDoctor: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 20 });
  ids = await seoIds(t.db, 'songhong');
  otherDoctor = (await seoIds(t.db, 'songkhoe')).doctor;
});
afterAll(() => t?.close());

const get = (app: FastifyInstance, url: string, host = HOST) => app.inject({ url, headers: { host } });
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!.replace(/&amp;/g, '&'));
const hrefs = (xml: string) =>
  [...xml.matchAll(/<xhtml:link rel="alternate" hreflang="[^"]+" href="([^"]*)"\/>/g)].map(([, href]) =>
    href!.replace(/&amp;/g, '&'),
  );

/** The sitemap routes alone on the test database, with another registry or limit. */
async function seoApp(options: { registry?: TenantRegistry; sitemapLimit?: number }) {
  const app = Fastify();
  await app.register(seoRoutes, { db: t.db, registry: options.registry ?? t.registry, ...options });
  return app;
}

const approvedIds = (table: 'doctors' | 'hospitals', tenant = 'songhong') =>
  t.db.tenant(tenant, async (sql) => {
    const key = table === 'doctors' ? 'doctor_id' : 'hospital_id';
    const { rows } = await sql.query<{ id: number }>(
      `SELECT ${key} AS id FROM ${table} WHERE approval_status = 1`,
    );
    return rows.map((r) => r.id);
  });

describe('/sitemap.xml', () => {
  it('lists every approved doctor and hospital, every speciality and blog post, on the tenant’s host', async () => {
    const reply = await get(t.app, '/sitemap.xml');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(reply.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    const urls = locs(reply.body);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url.startsWith(`${ORIGIN}/`), url).toBe(true);
    for (const id of await approvedIds('doctors')) expect(urls).toContain(`${ORIGIN}/doctor-details/${id}`);
    for (const id of await approvedIds('hospitals'))
      expect(urls).toContain(`${ORIGIN}/doctor-list?hospitals=${id}`);
    expect(urls).toContain(`${ORIGIN}/doctor-list?specialityId=${ids.speciality}`);
    expect(urls).toContain(`${ORIGIN}/blog/blog-detail/${ids.blog}/`);
    for (const page of [
      '/',
      '/doctor-list',
      '/speciality-list',
      '/symptoms-list',
      '/hospital-list',
      '/blog/',
      '/info/faqs',
      '/membership',
    ]) {
      expect(urls, page).toContain(`${ORIGIN}${page}`);
    }
    expect(urls).not.toContain(`${ORIGIN}/doctor-details/${ids.waitingDoctor}`);
    // Tenant isolation: another tenant's doctor is not listed here.
    expect(urls).not.toContain(`${ORIGIN}/doctor-details/${otherDoctor}`);
    expect(reply.body).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/doctor-details/${ids.doctor}?lang=en"/>`,
    );
  });

  it('every URL in it and every alternate answers 200 with its canonical (a crawler finds no dead link)', async () => {
    const xml = (await get(t.app, '/sitemap.xml')).body;
    const urls = [...locs(xml), ...hrefs(xml)];
    expect(urls.length).toBeGreaterThan(50);
    const tenant = tenantFromHost(t.registry, HOST)!;
    for (const href of new Set(urls)) {
      const url = new URL(href);
      const lang = pageLanguage(tenant, url.searchParams.get('lang'));
      const page = await pageHead({
        db: t.db,
        tenant,
        lang,
        origin: url.origin,
        path: url.pathname,
        search: url.search.slice(1),
      });
      expect(page.status, href).toBe(200);
      expect(page.head, href).toContain(`<link rel="canonical" href="${href.replace(/&/g, '&amp;')}">`);
    }
  });

  it('follows a custom domain, and the default tenant on localhost', async () => {
    const custom = await get(t.app, '/sitemap.xml', 'benhviensonghong.example');
    expect(locs(custom.body)).toContain(`http://benhviensonghong.example/doctor-details/${ids.doctor}`);
    const local = await get(t.app, '/sitemap.xml', 'localhost:8080');
    expect(locs(local.body)).toContain(`http://localhost:8080/doctor-details/${otherDoctor}`);
    expect((await get(t.app, '/sitemap.xml', 'nobody.localhost')).statusCode).toBe(404);
  });

  it('a feature that is off has no entries; a staging portal has no sitemap and disallows everything', async () => {
    const noBlog = await seoApp({
      registry: registryWith(t.registry, 'songhong', (c) => (c.features.blog = false)),
    });
    const urls = locs((await get(noBlog, '/sitemap.xml')).body);
    expect(urls).toContain(`${ORIGIN}/doctor-details/${ids.doctor}`);
    expect(urls.filter((url) => url.includes('/blog'))).toEqual([]);
    const saomai = locs((await get(t.app, '/sitemap.xml', 'saomai.localhost')).body);
    expect(saomai.filter((url) => url.includes('/membership'))).toEqual([]);

    const staging = await seoApp({
      registry: registryWith(t.registry, 'songhong', (c) => (c.seo.indexing = false)),
    });
    expect((await get(staging, '/sitemap.xml')).statusCode).toBe(404);
    expect((await get(staging, '/sitemaps/1.xml')).statusCode).toBe(404);
    expect((await get(staging, '/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
    await Promise.all([noBlog.close(), staging.close()]);
  });

  it('past the limit it becomes an index of parts that together list every URL once', async () => {
    const whole = locs((await get(t.app, '/sitemap.xml')).body);
    const limit = 10;
    const app = await seoApp({ sitemapLimit: limit });
    const index = await get(app, '/sitemap.xml');
    expect(index.body).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const parts = locs(index.body);
    expect(parts).toHaveLength(Math.ceil(whole.length / limit));
    expect(parts[0]).toBe(`${ORIGIN}/sitemaps/1.xml`);
    const listed: string[] = [];
    for (const part of parts) {
      const reply = await get(app, new URL(part).pathname);
      expect(reply.statusCode).toBe(200);
      const urls = locs(reply.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(whole);
    expect((await get(app, `/sitemaps/${parts.length + 1}.xml`)).statusCode).toBe(404);
    expect((await get(app, '/sitemaps/0.xml')).statusCode).toBe(404);
    expect((await get(t.app, '/sitemaps/1.xml')).statusCode).toBe(404);
    await app.close();
  });

  it('shows a newly approved doctor once the data change is announced', async () => {
    const before = locs((await get(t.app, '/sitemap.xml')).body);
    await ownerInTenant(t.db, 'songhong', (sql) =>
      sql.query(`UPDATE doctors SET approval_status = 1 WHERE doctor_id = $1`, [ids.waitingDoctor]),
    );
    dataChanged('songhong');
    const after = locs((await get(t.app, '/sitemap.xml')).body);
    expect(before).not.toContain(`${ORIGIN}/doctor-details/${ids.waitingDoctor}`);
    expect(after).toContain(`${ORIGIN}/doctor-details/${ids.waitingDoctor}`);
  });
});

describe('/robots.txt', () => {
  it('per tenant and host: private pages disallowed, the sitemap named', async () => {
    const reply = await get(t.app, '/robots.txt', 'benhviensonghong.example');
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.body).toContain('Disallow: /me/\n');
    expect(reply.body).toContain('Sitemap: http://benhviensonghong.example/sitemap.xml\n');
    expect((await get(t.app, '/robots.txt', 'nobody.localhost')).statusCode).toBe(404);
  });
});
