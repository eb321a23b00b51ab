import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, ids, listingReads, type Row } from '../catalogue/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp();
});
afterAll(() => t?.close());

const { get, data } = listingReads(() => t);

describe('directory lists', () => {
  it('lists specialities with approved-doctor counts, named in the request language', async () => {
    const vi: Row[] = await data('Specialities');
    expect(vi.length).toBeGreaterThanOrEqual(20);
    expect(vi[0]).toMatchObject({ name: 'Bác sĩ đa khoa', icon: 'general' });
    // 30 seeded doctors, one waiting for approval: every approved one has 1-3 specialities.
    expect(vi.reduce((n, s) => n + (s.doctorCount as number), 0)).toBeGreaterThanOrEqual(29);
    const en: Row[] = await data('Specialities', 'songkhoe', 'en');
    expect(en[0]?.name).toBe('General Practitioner');
    expect((await data('Specialities?languageId=2', 'songkhoe', 'en'))[0].name).toBe('Bác sĩ đa khoa');
  });

  it('lists symptoms, each pointing at one of the tenant’s specialities', async () => {
    const symptoms: Row[] = await data('Symptoms/GetAllSymptoms');
    const specialities = new Set(ids(await data('Specialities'), 'specialityId'));
    expect(symptoms.length).toBeGreaterThanOrEqual(60);
    expect(symptoms.every((s) => specialities.has(s.specialityId as number))).toBe(true);
    expect(symptoms.map((s) => s.name)).toContain('Đau ngực');
  });

  it('pages hospitals and filters them by city and by name without accents', async () => {
    const first = await data('Hospitals/GetAllHospitals');
    expect(first.hospitals).toHaveLength(15);
    expect(first.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalRecords: expect.any(Number) });
    expect(first.pagination.totalRecords).toBeGreaterThanOrEqual(30);
    const second = await data('Hospitals/GetAllHospitals?PageNumber=2&PageSize=15');
    expect(
      ids(second.hospitals, 'hospitalId').some((id) => ids(first.hospitals, 'hospitalId').includes(id)),
    ).toBe(false);
    const ratings = (first.hospitals as Row[]).map((h) => h.rating as number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const named = await data('Hospitals/GetAllHospitals?Name=song%20hong&PageSize=100', 'songhong');
    expect(named.hospitals.length).toBeGreaterThan(10);
    expect((named.hospitals as Row[]).every((h) => (h.name as string).includes('Sông Hồng'))).toBe(true);

    const cityId = (first.hospitals as Row[])[0]?.cityId as number;
    const inCity = await data(`Hospitals/GetAllHospitals?CityId=${cityId}&PageSize=100`);
    expect(inCity.hospitals.length).toBeGreaterThan(0);
    expect((inCity.hospitals as Row[]).every((h) => h.cityId === cityId && h.cityName !== '')).toBe(true);

    const beyond = await data('Hospitals/GetAllHospitals?PageNumber=500');
    expect(beyond.hospitals).toEqual([]);
    expect(beyond.pagination.totalRecords).toBe(first.pagination.totalRecords);
  });

  it('gives hospital addresses in the request language, in current wards and provinces', async () => {
    const vi: Row[] = (await data('Hospitals/GetAllHospitals?PageSize=100', 'songhong')).hospitals;
    const en: Row[] = (await data('Hospitals/GetAllHospitals?PageSize=100', 'songhong', 'en')).hospitals;
    expect(vi.length).toBeGreaterThanOrEqual(30);
    const oldUnits = /\b(Quận|Huyện|Thị xã|TP\.|District|Town)\b/;
    for (const h of vi) {
      expect.soft(h.address as string).toMatch(/, (Phường|Xã) [^,]+, [^,]+$/);
      expect.soft(h.address as string).not.toMatch(oldUnits);
    }
    const accents = /[àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]/i;
    for (const h of en) {
      expect.soft(h.address as string).toMatch(/ Street, [^,]+ (Ward|Commune)( \d+)?, [^,]+$/);
      expect.soft(h.address as string).not.toMatch(accents);
      expect.soft(h.cityName as string).not.toMatch(accents);
    }
  });

  it.each([
    'PageSize=0',
    'PageSize=101',
    'PageSize=abc',
    'PageNumber=0',
    'PageNumber=-3',
    'PageNumber=1.5',
    'PageNumber=999999999',
    'CityId=abc',
  ])('answers 400 (never 5xx) for bad hospital paging: %s', async (query) => {
    const reply = await get(`Hospitals/GetAllHospitals?${query}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ isSuccess: false, codeMessageRespond: 'invalid_request' });
  });
});

describe('tenant isolation', () => {
  const lists: [
    url: string,
    key: string,
    pick?: (data: Row & { hospitals?: Row[]; doctors?: Row[] }) => Row[],
  ][] = [
    ['Specialities', 'specialityId'],
    ['Symptoms/GetAllSymptoms', 'symptomId'],
    ['Hospitals/GetAllHospitals?PageSize=100', 'hospitalId', (d) => d.hospitals ?? []],
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

  it('does not show a hospital of one tenant by name on another', async () => {
    const songhong = await data(
      'Hospitals/GetAllHospitals?Name=S%C3%B4ng%20H%E1%BB%93ng&PageSize=100',
      'songkhoe',
    );
    expect(songhong.hospitals).toEqual([]);
    expect(songhong.pagination.totalRecords).toBe(0);
  });
});
