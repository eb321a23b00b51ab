import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerInTenant } from '../../db/database';
import { checkContentFeatures } from '../../startup';
import { ConfigError } from '../../tenancy/validate';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';

/** "Every page works and every link leads where it says": home offers, links and feature-true content. */
let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp();
});
afterAll(() => t?.close());

const data = async (url: string, tenant: string, lang = 'vi') => {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
  });
  expect(reply.statusCode, `${tenant} ${url}`).toBe(200);
  return reply.json().data;
};
const post = (tenant: string, url: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: tenantHeaders(tenant), payload: body });

type Promotional = {
  title: string;
  description: string;
  link: string;
  offer: null | { promoCodeId: number; title: string; discountPercent: number; maxDiscount: number };
};

describe('home offers', () => {
  it('link each promo card to its own offer page, with the text and rule of that promo code', async () => {
    for (const tenant of ['songhong', 'saomai']) {
      const cards: Promotional[] = await data('Promotionals', tenant);
      const offers = cards.filter((card) => card.offer);
      expect(offers.length, tenant).toBeGreaterThanOrEqual(1);
      for (const card of offers) {
        expect(card.link).toBe(`/offer-detail/${card.offer!.promoCodeId}`);
        const detail = await data(`PromoCodes/GetPromoDetails/${card.offer!.promoCodeId}`, tenant);
        expect(detail).toMatchObject({ title: card.title, description: card.description });
        expect(detail).toMatchObject(card.offer!);
        expect(card.offer!.maxDiscount).toBeGreaterThan(0);
      }
    }
  });

  it('apply the rule the offer shows: cap, visit kinds and minimum fee', async () => {
    const prices = await t.db.tenant('songhong', (sql) =>
      sql.query<{ doctor_id: number; service_type_id: number; price: number }>(
        `SELECT p.doctor_id, p.service_type_id, p.price FROM doctor_prices p
           JOIN doctors d USING (doctor_id) WHERE d.approval_status = 1 ORDER BY p.price DESC`,
      ),
    );
    const visit = prices.rows.find((r) => r.service_type_id === 0 && r.price >= 600_000)!;
    const capped = await post('songhong', 'PromoCodes/ApplyPromoCode', {
      doctorId: visit.doctor_id,
      serviceTypeId: 0,
      promoCode: 'CHAOMUNG20',
    });
    expect(capped.json().data).toMatchObject({
      discount: 100_000,
      promoRule: { discountPercent: 20, maxDiscount: 100_000, minAmount: 0, serviceTypeIds: null },
    });
    const video = await post('songhong', 'PromoCodes/ApplyPromoCode', {
      doctorId: visit.doctor_id,
      serviceTypeId: 0,
      promoCode: 'VIDEO15',
    });
    expect(video.statusCode).toBe(400);
    expect(video.json().codeMessageRespond).toBe('promo_code_wrong_service');
    const cheap = prices.rows.findLast((r) => r.service_type_id === 0 && r.price < 300_000);
    if (cheap) {
      const below = await post('songhong', 'PromoCodes/ApplyPromoCode', {
        doctorId: cheap.doctor_id,
        serviceTypeId: 0,
        promoCode: 'SUCKHOE10',
      });
      expect(below.statusCode).toBe(400);
      expect(below.json().codeMessageRespond).toBe('promo_code_min_amount');
    }
  });
});

describe('home links lead where their labels say', () => {
  it('send the heart screening card to cardiologists and the check-up card to its health program', async () => {
    const cards: Promotional[] = await data('Promotionals', 'songhong', 'en');
    const specialities: { specialityId: number; name: string }[] = await data(
      'Specialities',
      'songhong',
      'en',
    );
    const cardiology = specialities.find((s) => s.name === 'Cardiology')!;
    expect(cards.find((c) => c.title === 'Heart screening')?.link).toBe(
      `/doctor-list?specialityId=${cardiology.specialityId}`,
    );
    const check = cards.find((c) => c.title === 'General health check')!;
    const programId = Number(new URL(check.link, 'http://x').searchParams.get('healthProgramId'));
    const { rows } = await t.db.tenant('songhong', (sql) =>
      sql.query('SELECT name_en FROM health_programs WHERE health_program_id = $1', [programId]),
    );
    expect(rows).toEqual([{ name_en: 'General health check' }]);
    const banners: { title: string; link: string }[] = await data('Banners', 'songhong', 'en');
    expect(banners.find((b) => b.title === 'Video consultations with doctors')?.link).toBe(
      '/doctor-list?serviceTypes=1',
    );
  });
});

describe("a tenant's content matches its features", () => {
  it('gives Sao Mai (no video, membership, home visit, wallet) nothing about them', async () => {
    const testimonials: { content: string }[] = await data('Testimonials', 'saomai', 'en');
    expect(testimonials.length).toBeGreaterThan(0);
    for (const item of testimonials) expect(item.content).not.toMatch(/video|membership|home visit/i);
    const banners: { link: string }[] = await data('Banners', 'saomai', 'en');
    const promotionals: { link: string; description: string }[] = await data('Promotionals', 'saomai', 'en');
    for (const item of [...banners, ...promotionals]) {
      expect(item.link).not.toMatch(/serviceTypes=1|\/membership|\/refer-and-earn|\/service-packages/);
    }
    for (const item of promotionals) expect(item.description).not.toMatch(/wallet/i);
  });

  it('hides content tagged with an off feature and refuses to start with it, naming tenant and item', async () => {
    const { rows } = await ownerInTenant(t.db, 'saomai', (sql) =>
      sql.query<{ testimonial_id: number }>(
        `INSERT INTO testimonials (author_name, content_vi, content_en, feature)
         VALUES ('Test', 'Gọi video rất tiện', 'Video calls are handy', 'video') RETURNING testimonial_id`,
      ),
    );
    const id = rows[0]!.testimonial_id;
    try {
      const listed: { testimonialId: number }[] = await data('Testimonials', 'saomai');
      expect(listed.map((item) => item.testimonialId)).not.toContain(id);
      const check = checkContentFeatures(t.db, t.registry);
      await expect(check).rejects.toThrowError(ConfigError);
      await expect(checkContentFeatures(t.db, t.registry)).rejects.toThrowError(
        `tenant saomai: testimonial ${id} "Video calls are handy" is about feature video, which is off`,
      );
    } finally {
      await ownerInTenant(t.db, 'saomai', (sql) =>
        sql.query('DELETE FROM testimonials WHERE testimonial_id = $1', [id]),
      );
    }
    await expect(checkContentFeatures(t.db, t.registry)).resolves.toBeUndefined();
  });

  it('refuses to start with a banner or promotion that links to a page the app does not have', async () => {
    const { rows } = await ownerInTenant(t.db, 'songhong', (sql) =>
      sql.query<{ promotional_id: number }>(
        `INSERT INTO promotionals (title_vi, title_en, description_vi, description_en, link)
         VALUES ('Xét nghiệm', 'Lab tests', '', '', '/lab-tests') RETURNING promotional_id`,
      ),
    );
    const id = rows[0]!.promotional_id;
    try {
      await expect(checkContentFeatures(t.db, t.registry)).rejects.toThrowError(
        `tenant songhong: promotion ${id} "Lab tests" leads to "/lab-tests", which is no page of the app`,
      );
    } finally {
      await ownerInTenant(t.db, 'songhong', (sql) =>
        sql.query('DELETE FROM promotionals WHERE promotional_id = $1', [id]),
      );
    }
  });
});
