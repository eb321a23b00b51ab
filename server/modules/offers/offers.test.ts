import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, publicReads, sideCallDoctor } from '../catalogue/test-support';

let t: TestApp;
let doctorId: number;
beforeAll(async () => {
  t = await createCatalogueTestApp(20);
  doctorId = await sideCallDoctor(t);
});
afterAll(() => t?.close());

const { get, data } = publicReads(() => t);

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
