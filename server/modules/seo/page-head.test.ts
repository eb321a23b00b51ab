import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ownerInTenant } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';
import { insertBlog } from '../blog/index';
import { checkJsonLd } from './json-ld-shapes';
import { headOf, seoIds, tenantWith, type SeoIds } from './test-support';

const ORIGIN = 'http://songhong.localhost:8080';
let t: TestApp;
let songhong: Tenant;
let ids: SeoIds;

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 20 });
  songhong = t.registry.byCode.get('songhong')!;
  ids = await seoIds(t.db, 'songhong');
});
afterAll(() => t?.close());

const head = (
  url: string,
  {
    tenant = songhong,
    lang,
    origin = ORIGIN,
  }: { tenant?: Tenant; lang?: LanguageCode; origin?: string } = {},
) => headOf(t.db, tenant, url, { lang, origin });

/** Every JSON-LD block has the shape of its type; the types in order. */
const jsonLdTypes = (blocks: Record<string, unknown>[]) => blocks.map(checkJsonLd);
const breadcrumbOf = (blocks: Record<string, unknown>[]) =>
  (blocks.find((b) => b['@type'] === 'BreadcrumbList')?.itemListElement ?? []) as {
    name: string;
    item: string;
  }[];

describe('pageHead of the public pages', () => {
  it('home: the tenant as title and MedicalOrganization, canonical, hreflang vi/en/x-default, theme colour', async () => {
    const page = await head('/');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Bệnh viện Đa khoa Sông Hồng');
    expect(page.meta.get('description')).toEqual([songhong.config.description.vi]);
    expect(page.canonical).toBe(`${ORIGIN}/`);
    expect(page.alternates).toEqual([
      { hreflang: 'vi', href: `${ORIGIN}/` },
      { hreflang: 'en', href: `${ORIGIN}/?lang=en` },
      { hreflang: 'x-default', href: `${ORIGIN}/` },
    ]);
    expect(page.meta.get('theme-color')).toEqual([songhong.theme.color.primary]);
    expect(page.meta.get('robots')?.[0]).toMatch(/^index, follow/);
    expect(page.meta.get('og:url')).toEqual([`${ORIGIN}/`]);
    expect(page.meta.get('og:locale')).toEqual(['vi_VN']);
    expect(jsonLdTypes(page.jsonLd)).toEqual(['MedicalOrganization']);
    expect(page.jsonLd[0]).toMatchObject({ name: songhong.config.name.vi, url: `${ORIGIN}/` });
  });

  it('doctor: name, title, speciality and photo in the card; a Physician and the breadcrumb', async () => {
    const doctor = await t.db.tenant('songhong', async (sql) => {
      const { rows } = await sql.query<{
        full_name: string;
        title_vi: string;
        photo: string;
        speciality: string;
      }>(
        `SELECT d.full_name, d.title_vi, d.photo,
                (SELECT s.name_vi FROM doctor_specialities ds JOIN specialities s USING (speciality_id)
                  WHERE ds.doctor_id = d.doctor_id ORDER BY s.sort_order, s.speciality_id LIMIT 1) AS speciality
           FROM doctors d WHERE doctor_id = $1`,
        [ids.doctor],
      );
      return rows[0]!;
    });
    const name = `${doctor.title_vi} ${doctor.full_name}`;
    const page = await head(`/doctor-details/${ids.doctor}`);
    const url = `${ORIGIN}/doctor-details/${ids.doctor}`;
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${name} | Bệnh viện Đa khoa Sông Hồng`);
    expect(page.canonical).toBe(url);
    expect(page.meta.get('og:type')).toEqual(['profile']);
    expect(page.meta.get('og:title')?.[0]).toContain(name);
    expect(page.meta.get('og:title')?.[0]).toContain(doctor.speciality);
    expect(page.meta.get('og:image')).toEqual([`${ORIGIN}${doctor.photo}`]);
    expect(page.meta.get('twitter:card')).toEqual(['summary']);
    expect(page.meta.get('twitter:image')).toEqual([`${ORIGIN}${doctor.photo}`]);
    expect(page.meta.get('description')?.[0]).toContain(doctor.speciality);
    expect(jsonLdTypes(page.jsonLd)).toEqual(['Physician', 'BreadcrumbList']);
    expect(page.jsonLd[0]).toMatchObject({ name, url, image: `${ORIGIN}${doctor.photo}` });
    expect((page.jsonLd[0]!.medicalSpecialty as string[])[0]).toBe(doctor.speciality);
    expect(breadcrumbOf(page.jsonLd)).toEqual([
      expect.objectContaining({ name: 'Trang chủ', item: `${ORIGIN}/` }),
      expect.objectContaining({ name: 'Danh sách bác sĩ', item: `${ORIGIN}/doctor-list` }),
      expect.objectContaining({ name: 'Thông tin bác sĩ', item: url }),
    ]);
  });

  it('the other language: its texts, canonical with ?lang, breadcrumb links in that language', async () => {
    const page = await head(`/doctor-details/${ids.doctor}?lang=en`, { lang: 'en' });
    expect(page.canonical).toBe(`${ORIGIN}/doctor-details/${ids.doctor}?lang=en`);
    expect(page.title).toMatch(/^Dr\. .* \| Song Hong General Hospital$/);
    expect(page.meta.get('og:locale')).toEqual(['en_US']);
    expect(page.meta.get('og:locale:alternate')).toEqual(['vi_VN']);
    expect(breadcrumbOf(page.jsonLd).map((c) => [c.name, c.item])).toEqual([
      ['Home', `${ORIGIN}/?lang=en`],
      ['Doctor Listing', `${ORIGIN}/doctor-list?lang=en`],
      ['Doctor Detail', `${ORIGIN}/doctor-details/${ids.doctor}?lang=en`],
    ]);
    // The same alternates whichever language is shown.
    expect(page.alternates).toEqual([
      { hreflang: 'vi', href: `${ORIGIN}/doctor-details/${ids.doctor}` },
      { hreflang: 'en', href: `${ORIGIN}/doctor-details/${ids.doctor}?lang=en` },
      { hreflang: 'x-default', href: `${ORIGIN}/doctor-details/${ids.doctor}` },
    ]);
  });

  it('a tenant whose default is English: Vietnamese carries ?lang=vi, x-default is the plain URL', async () => {
    const saomai = t.registry.byCode.get('saomai')!;
    const origin = 'http://saomai.localhost:8080';
    const vi = await head('/speciality-list', { tenant: saomai, lang: 'vi', origin });
    expect(vi.canonical).toBe(`${origin}/speciality-list?lang=vi`);
    expect(vi.title).toBe('Chuyên khoa | Phòng khám Sao Mai');
    expect(vi.alternates).toEqual([
      { hreflang: 'en', href: `${origin}/speciality-list` },
      { hreflang: 'vi', href: `${origin}/speciality-list?lang=vi` },
      { hreflang: 'x-default', href: `${origin}/speciality-list` },
    ]);
    const fallback = await head('/speciality-list', {
      tenant: tenantWith(saomai, (c) => (c.languages.offered = ['en'])),
      lang: 'vi',
      origin,
    });
    expect(fallback.canonical).toBe(`${origin}/speciality-list`);
    expect(fallback.alternates).toEqual([]);
  });

  it('blog post: an Article with its title and image, og:type article; the mobile embed points at the web page', async () => {
    const blog = await t.db.tenant('songhong', async (sql) => {
      const { rows } = await sql.query<{ title: string; author: string }>(
        `SELECT title, author FROM blogs WHERE blog_id = $1`,
        [ids.blog],
      );
      return rows[0]!;
    });
    const url = `${ORIGIN}/blog/blog-detail/${ids.blog}/`;
    const page = await head(`/blog/blog-detail/${ids.blog}/`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${blog.title} | Bệnh viện Đa khoa Sông Hồng`);
    expect(page.canonical).toBe(url);
    expect(page.meta.get('og:type')).toEqual(['article']);
    expect(page.meta.get('og:title')).toEqual([page.title]);
    expect(page.meta.get('article:published_time')?.[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(jsonLdTypes(page.jsonLd)).toEqual(['Article', 'BreadcrumbList']);
    expect(page.jsonLd[0]).toMatchObject({
      headline: blog.title,
      mainEntityOfPage: url,
      author: { name: blog.author },
    });
    expect(breadcrumbOf(page.jsonLd).map((c) => c.item)).toEqual([`${ORIGIN}/`, `${ORIGIN}/blog/`, url]);

    const mobile = await head(`/blog/blog-detail-mobile/${ids.blog}/some-title`);
    expect(mobile.status).toBe(200);
    expect(mobile.canonical).toBe(url);
    expect(jsonLdTypes(mobile.jsonLd)).toEqual(['Article']);
  });

  it('a blog image becomes the card image and the Article image', async () => {
    const blogId = await ownerInTenant(t.db, 'songhong', async (sql) => {
      const id = await insertBlog(sql, {
        blogCategoryId: (
          await sql.query<{ id: number }>(
            `SELECT blog_category_id AS id FROM blog_categories WHERE tenant_id = current_tenant() LIMIT 1`,
          )
        ).rows[0]!.id,
        languageId: 2,
        title: 'Ảnh bìa',
        summary: 'Có ảnh.',
        contentHtml: '<p>x</p>',
        author: 'BS. A',
      });
      await sql.query(`UPDATE blogs SET image = '/uploads/blog/cover.png' WHERE blog_id = $1`, [id]);
      return id;
    });
    const page = await head(`/blog/blog-detail/${blogId}/`);
    expect(page.meta.get('og:image')).toEqual([`${ORIGIN}/uploads/blog/cover.png`]);
    expect(page.meta.get('twitter:card')).toEqual(['summary_large_image']);
    expect(page.jsonLd[0]).toMatchObject({ image: [`${ORIGIN}/uploads/blog/cover.png`] });
  });

  it('hospitals: the list as an ItemList of Hospital/MedicalClinic, a hospital’s doctor list as a Hospital', async () => {
    const list = await head('/hospital-list');
    expect(jsonLdTypes(list.jsonLd)).toEqual(['ItemList', 'BreadcrumbList']);
    const items = (list.jsonLd[0]!.itemListElement as { item: { url: string } }[]).map((i) => i.item.url);
    expect(items.length).toBeGreaterThan(0);
    for (const url of items) expect(url).toMatch(new RegExp(`^${ORIGIN}/doctor-list\\?hospitals=\\d+$`));

    const name = await t.db.tenant('songhong', async (sql) => {
      const { rows } = await sql.query<{ name: string }>(
        `SELECT name FROM hospitals WHERE hospital_id = $1`,
        [ids.hospital],
      );
      return rows[0]!.name;
    });
    const one = await head(`/doctor-list?utm_source=zalo&hospitals=${ids.hospital}`);
    expect(one.status).toBe(200);
    expect(one.title).toBe(`${name} – Danh sách bác sĩ | Bệnh viện Đa khoa Sông Hồng`);
    expect(one.canonical).toBe(`${ORIGIN}/doctor-list?hospitals=${ids.hospital}`);
    expect(jsonLdTypes(one.jsonLd)).toEqual([
      expect.stringMatching(/^(Hospital|MedicalClinic)$/),
      'BreadcrumbList',
    ]);
    expect(one.jsonLd[0]).toMatchObject({ name });
  });

  it('doctor list: canonical keeps the filters (sorted), a speciality names the title, a typed search is noindex', async () => {
    const speciality = await t.db.tenant('songhong', async (sql) => {
      const { rows } = await sql.query<{ name_vi: string }>(
        `SELECT name_vi FROM specialities WHERE speciality_id = $1`,
        [ids.speciality],
      );
      return rows[0]!.name_vi;
    });
    const page = await head(`/doctor-list?specialityId=${ids.speciality}&gender=F&lang=vi&fbclid=1`);
    expect(page.canonical).toBe(`${ORIGIN}/doctor-list?gender=F&specialityId=${ids.speciality}`);
    expect(page.title).toBe(`${speciality} – Danh sách bác sĩ | Bệnh viện Đa khoa Sông Hồng`);
    expect(page.meta.get('robots')?.[0]).toMatch(/^index/);
    const searched = await head('/doctor-list?searchText=tim');
    expect(searched.meta.get('robots')).toEqual(['noindex, follow']);
    const program = await head('/doctor-list?servicetype=4&healthProgramId=1');
    expect(program.title).toBe('Bác sĩ của chương trình sức khỏe | Bệnh viện Đa khoa Sông Hồng');
    expect(breadcrumbOf(program.jsonLd).map((c) => c.name)).toEqual([
      'Trang chủ',
      'Bệnh viện',
      'Bác sĩ của chương trình sức khỏe',
    ]);
  });

  it('lists: the canonical keeps their page and category, a typed filter is noindex', async () => {
    const blog = await head('/blog/?title=&page=2&category=3&utm_campaign=x');
    expect(blog.canonical).toBe(`${ORIGIN}/blog/?category=3&page=2`);
    expect(blog.meta.get('robots')?.[0]).toMatch(/^index/);
    expect((await head('/blog/?title=tim')).meta.get('robots')).toEqual(['noindex, follow']);
    const specialities = await head('/speciality-list?page=2&q=tim');
    expect(specialities.canonical).toBe(`${ORIGIN}/speciality-list?page=2`);
    expect(specialities.meta.get('robots')).toEqual(['noindex, follow']);
    expect((await head('/symptoms-list?page=2')).canonical).toBe(`${ORIGIN}/symptoms-list?page=2`);
    expect((await head('/hospital-list?page=2')).canonical).toBe(`${ORIGIN}/hospital-list?page=2`);
    expect((await head('/join-as-doctor?ref=1')).canonical).toBe(`${ORIGIN}/join-as-doctor`);
  });

  it('every public route kind answers 200 with a title, a canonical on the host, hreflang and valid JSON-LD', async () => {
    const routes = [
      '/',
      '/doctor-list',
      `/doctor-details/${ids.doctor}`,
      '/speciality-list',
      '/symptoms-list',
      '/hospital-list',
      '/blog/',
      `/blog/blog-detail/${ids.blog}/`,
      `/blog/blog-detail-mobile/${ids.blog}`,
      '/info/faqs',
      '/info/terms-and-service',
      '/info/privacy-policy',
      '/info/about-us',
      '/membership',
      `/offer-detail/${ids.offer}`,
      '/refer-and-earn',
      '/contact-us',
      '/join-as-doctor',
      '/join-as-hospital',
    ];
    for (const route of routes) {
      const page = await head(route);
      expect(page.status, route).toBe(200);
      expect(page.title, route).toMatch(/Bệnh viện Đa khoa Sông Hồng$/);
      expect(page.canonical, route).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(
        page.alternates.map((a) => a.hreflang),
        route,
      ).toEqual(['vi', 'en', 'x-default']);
      if (route !== '/') {
        expect(page.meta.get('description')?.[0], route).toMatch(/^Bệnh viện Đa khoa Sông Hồng: ./);
      }
      expect(page.meta.get('og:title'), route).toHaveLength(1);
      expect(page.meta.get('og:image')?.[0], route).toMatch(/^http:\/\/songhong\.localhost:8080\//);
      jsonLdTypes(page.jsonLd);
      if (route !== '/' && !route.includes('mobile'))
        expect(breadcrumbOf(page.jsonLd).length, route).toBeGreaterThan(1);
    }
  });
});
