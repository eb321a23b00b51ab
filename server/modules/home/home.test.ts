import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, ids, listingReads, type Row } from '../catalogue/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp();
});
afterAll(() => t?.close());

const { get, data } = listingReads(() => t);

describe('home material', () => {
  it('serves banners, promotionals and testimonials in the request language', async () => {
    const banners: Row[] = await data('Banners', 'songhong', 'en');
    expect(banners.length).toBeGreaterThanOrEqual(3);
    expect(banners.some((b) => String(b.title).includes('Song Hong General Hospital'))).toBe(true);
    expect((await data('Promotionals')).length).toBeGreaterThanOrEqual(4);
    const testimonials: Row[] = await data('Testimonials');
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    expect(testimonials[0]).toMatchObject({ authorName: expect.any(String), rating: expect.any(Number) });
  });

  it('serves the four content pages with the tenant’s brand in either language', async () => {
    const about = await data('Contents/GetContent?ContentId=1&LanguageId=2', 'songhong');
    expect(about).toMatchObject({ contentId: 1, languageId: 2, title: 'Về chúng tôi' });
    expect(about.bodyHtml).toContain('Bệnh viện Đa khoa Sông Hồng');
    // No LanguageId: the request language (Sao Mai defaults to English).
    const terms = await data('Contents/GetContent?ContentId=2', 'saomai', '');
    expect(terms).toMatchObject({ contentId: 2, languageId: 1, title: 'Terms of service' });
    for (const id of [3, 4])
      expect((await data(`Contents/GetContent?ContentId=${id}&languageId=1`)).bodyHtml).toContain('<h2>');
    for (const bad of ['ContentId=5', 'ContentId=0', '', 'ContentId=1&LanguageId=7']) {
      expect((await get(`Contents/GetContent?${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('tenant isolation', () => {
  const lists: [
    url: string,
    key: string,
    pick?: (data: Row & { hospitals?: Row[]; doctors?: Row[] }) => Row[],
  ][] = [
    ['Banners', 'bannerId'],
    ['Promotionals', 'promotionalId'],
    ['Testimonials', 'testimonialId'],
  ];

  it.each(lists)('never shows one tenant’s rows to another: %s', async (url, key, pick) => {
    const of = async (tenant: string) => {
      const d = await data(url, tenant);
      return new Set(ids(pick ? pick(d) : (d as Row[]), key));
    };
    const [a, b] = await Promise.all([of('songkhoe'), of('songhong')]);
    expect(a.size).toBeGreaterThan(0);
    expect(b.size).toBeGreaterThan(0);
    expect([...a].filter((id) => b.has(id))).toEqual([]);
  });
});
