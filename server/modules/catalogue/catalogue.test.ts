import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, ids, listingReads, type Row } from '../catalogue/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp();
});
afterAll(() => t?.close());

const { get, data } = listingReads(() => t);

describe('packages', () => {
  it('sells membership and IoMT packages only where the feature is on', async () => {
    const packages: Row[] = await data('Auth/GetAllCallDiriectProgram', 'songkhoe', 'en');
    expect(packages.length).toBeGreaterThanOrEqual(3);
    expect(packages[0]).toMatchObject({
      name: 'Basic',
      numberOfCalls: 5,
      validityMonths: 3,
      callDurationMinutes: 15,
    });
    expect((await data('Iomt/GetAllIomtPackage')).length).toBeGreaterThanOrEqual(3);
    for (const url of ['Auth/GetAllCallDiriectProgram', 'Iomt/GetAllIomtPackage']) {
      const reply = await get(url, 'saomai');
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ isSuccess: false, codeMessageRespond: 'feature_disabled' });
    }
  });
});

describe('tenant isolation', () => {
  const lists: [
    url: string,
    key: string,
    pick?: (data: Row & { hospitals?: Row[]; doctors?: Row[] }) => Row[],
  ][] = [
    ['Auth/GetAllCallDiriectProgram', 'membershipPackageId'],
    ['Iomt/GetAllIomtPackage', 'iomtPackageId'],
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

describe('the price list', () => {
  type Line = {
    hospitalId: number;
    specialityName: string;
    serviceTypeId: number;
    minPrice: number;
    maxPrice: number;
    doctorCount: number;
  };

  it('gives each hospital, speciality and offered visit kind its fees from doctor_prices, in the request language', async () => {
    const lines: Line[] = await data('ServicePrices', 'songhong');
    expect(lines.length).toBeGreaterThan(10);
    expect(new Set(lines.map((l) => l.serviceTypeId))).toEqual(new Set([0, 1, 2]));
    const { rows } = await t.db.tenant('songhong', (sql) =>
      sql.query<{ min: number; max: number }>(
        `SELECT min(price)::int AS min, max(price)::int AS max FROM doctor_prices p
           JOIN doctors d USING (doctor_id) WHERE d.approval_status = 1`,
      ),
    );
    expect(Math.min(...lines.map((l) => l.minPrice))).toBe(rows[0]!.min);
    expect(Math.max(...lines.map((l) => l.maxPrice))).toBe(rows[0]!.max);
    for (const line of lines) expect(line.minPrice).toBeLessThanOrEqual(line.maxPrice);
    // The same specialities, named in the request's language (whichever the seed placed).
    const english: Line[] = await data('ServicePrices', 'songhong', 'en');
    const names = await t.db.tenant('songhong', (sql) =>
      sql.query<{ name_vi: string; name_en: string }>('SELECT name_vi, name_en FROM specialities'),
    );
    const toEnglish = new Map(names.rows.map((r) => [r.name_vi, r.name_en]));
    const sorted = (names: (string | undefined)[]) => [...names].sort();
    expect(sorted(english.map((l) => l.specialityName))).toEqual(
      sorted(lines.map((l) => toEnglish.get(l.specialityName))),
    );
    expect(english.map((l) => l.specialityName)).not.toEqual(lines.map((l) => l.specialityName));
  });

  it('lists only the tenant’s own hospitals and only the visit kinds it offers', async () => {
    const saomai: Line[] = await data('ServicePrices', 'saomai');
    expect(saomai.length).toBeGreaterThan(0);
    expect(new Set(saomai.map((l) => l.serviceTypeId))).toEqual(new Set([0]));
    const songhong: Line[] = await data('ServicePrices', 'songhong');
    const own = new Set(songhong.map((l) => l.hospitalId));
    expect(saomai.some((l) => own.has(l.hospitalId))).toBe(false);
  });
});
