import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';

let t: TestApp;
let doctorId: number;
beforeAll(async () => {
  t = await createCatalogueTestApp(20);
  // The doctor the side-call tests use (doctors/detail.test.ts): one with reviews and programs.
  doctorId = await t.db.tenant('songkhoe', async (sql) => {
    const { rows } = await sql.query<{ doctor_id: number }>(
      `SELECT d.doctor_id FROM doctors d WHERE approval_status = 1
          AND EXISTS (SELECT 1 FROM doctor_feedbacks f WHERE f.doctor_id = d.doctor_id)
          AND EXISTS (SELECT 1 FROM doctor_health_programs p WHERE p.doctor_id = d.doctor_id)
        ORDER BY doctor_id LIMIT 1`,
    );
    return rows[0]!.doctor_id;
  });
});
afterAll(() => t?.close());

const get = (url: string, tenant = 'songkhoe', headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1${url}`, headers: tenantHeaders(tenant, headers) });
const data = async (url: string, tenant = 'songkhoe') => {
  const reply = await get(url, tenant);
  expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
  return reply.json().data;
};

describe('offers', () => {
  it('shows a promo code of the tenant only', async () => {
    const codes = await data(`/Doctors/GetDoctorPromocodes?doctorId=${doctorId}`);
    expect(codes.length).toBeGreaterThan(0);
    const detail = await data(`/PromoCodes/GetPromoDetails/${codes[0].promoCodeId}`);
    expect(detail.code).toBe(codes[0].code);
    expect((await get(`/PromoCodes/GetPromoDetails/${codes[0].promoCodeId}`, 'songhong')).statusCode).toBe(
      404,
    );
  });
});
