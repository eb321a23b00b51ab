import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ownerInTenant } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import { insertBlog } from '../blog/index';
import { headOf, seoIds, tenantWith, type SeoIds } from './test-support';

/* pageHead of pages that must not be indexed or do not exist, and of tenant settings
   (page-head.test.ts covers the public pages' heads). */

const ORIGIN = 'http://songhong.localhost:8080';
let t: TestApp;
let songhong: Tenant;
let ids: SeoIds;
let otherDoctor: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 20 });
  songhong = t.registry.byCode.get('songhong')!;
  ids = await seoIds(t.db, 'songhong');
  otherDoctor = (await seoIds(t.db, 'songkhoe')).doctor;
});
afterAll(() => t?.close());

const head = (
  url: string,
  { tenant = songhong, origin = ORIGIN }: { tenant?: Tenant; origin?: string } = {},
) => headOf(t.db, tenant, url, { origin });

describe('pages that do not exist or are private', () => {
  it('404 for a missing, unapproved or malformed entity and an unknown path', async () => {
    for (const route of [
      `/doctor-details/${ids.waitingDoctor}`,
      '/doctor-details/99999999',
      '/doctor-details/abc',
      '/doctor-details/0',
      '/blog/blog-detail/99999999/',
      '/blog/blog-detail-mobile/99999999',
      '/offer-detail/99999999',
      '/no-such-page',
      '/info/unknown',
    ]) {
      const page = await head(route);
      expect(page.status, route).toBe(404);
      expect(page.meta.get('robots'), route).toEqual(['noindex']);
      expect(page.canonical, route).toBeNull();
      expect(page.jsonLd, route).toEqual([]);
    }
  });

  it('a doctor of another tenant is 404 here (tenant isolation)', async () => {
    expect((await head(`/doctor-details/${otherDoctor}`)).status).toBe(404);
    const songkhoe = t.registry.byCode.get('songkhoe')!;
    const own = await head(`/doctor-details/${otherDoctor}`, {
      tenant: songkhoe,
      origin: 'http://songkhoe.localhost:8080',
    });
    expect(own.status).toBe(200);
  });

  it('a feature that is off has no page: 404 for every route it gates', async () => {
    const saomai = t.registry.byCode.get('saomai')!;
    expect((await head('/membership', { tenant: saomai })).status).toBe(404);
    const noBlog = tenantWith(songhong, (config) => (config.features.blog = false));
    for (const route of [
      '/blog/',
      `/blog/blog-detail/${ids.blog}/`,
      `/blog/blog-detail-mobile/${ids.blog}`,
    ]) {
      expect((await head(route, { tenant: noBlog })).status, route).toBe(404);
    }
    const noOffers = tenantWith(songhong, (config) => (config.features.promoCodes = false));
    expect((await head(`/offer-detail/${ids.offer}`, { tenant: noOffers })).status).toBe(404);
    expect((await head('/', { tenant: noBlog })).status).toBe(200);
  });

  it('account and booking pages: the tenant’s name as title, noindex, no canonical', async () => {
    for (const route of [
      '/me/privacy',
      '/me/appointments-list/',
      '/book-appointment?doctorId=1',
      '/receipt/5',
    ]) {
      const page = await head(route);
      expect(page.status, route).toBe(200);
      expect(page.title, route).toBe('Bệnh viện Đa khoa Sông Hồng');
      expect(page.meta.get('robots'), route).toEqual(['noindex']);
      expect(page.canonical, route).toBeNull();
      expect(page.meta.get('og:title'), route).toBeUndefined();
    }
  });
});

describe('tenant settings', () => {
  it('seo.indexing false: every page says noindex, nofollow', async () => {
    const staging = tenantWith(songhong, (config) => (config.seo.indexing = false));
    for (const route of ['/', `/doctor-details/${ids.doctor}`, '/blog/', '/me/privacy', '/nope']) {
      expect((await head(route, { tenant: staging })).meta.get('robots'), route).toEqual([
        'noindex, nofollow',
      ]);
    }
  });

  it('a custom domain: canonical, alternates, og:url and JSON-LD on that host', async () => {
    const origin = 'https://benhviensonghong.example';
    const page = await head(`/doctor-details/${ids.doctor}`, { origin });
    expect(page.canonical).toBe(`${origin}/doctor-details/${ids.doctor}`);
    expect(page.alternates.every((a) => a.href.startsWith(`${origin}/`))).toBe(true);
    expect(page.meta.get('og:url')).toEqual([page.canonical]);
    expect(JSON.stringify(page.jsonLd)).not.toContain('localhost');
  });

  it('escapes every text: a hostile blog title neither closes the data block nor the title', async () => {
    const title = '</script><script>alert(1)</script> "quoted" & <b>';
    const blogId = await ownerInTenant(t.db, 'songhong', async (sql) =>
      insertBlog(sql, {
        blogCategoryId: (
          await sql.query<{ id: number }>(
            `SELECT blog_category_id AS id FROM blog_categories WHERE tenant_id = current_tenant() LIMIT 1`,
          )
        ).rows[0]!.id,
        languageId: 2,
        title,
        summary: 'x"><script>',
        contentHtml: '<p>x</p>',
        author: 'A',
      }),
    );
    const page = await head(`/blog/blog-detail/${blogId}/`);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('"><script>');
    expect(page.html.match(/<script/g)).toHaveLength(2);
    expect(page.title).toBe(`${title} | Bệnh viện Đa khoa Sông Hồng`);
    expect(page.jsonLd[0]).toMatchObject({ headline: title });
  });
});
