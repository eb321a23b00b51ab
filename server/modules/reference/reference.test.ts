import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp(5);
});
afterAll(() => t?.close());

const get = async (url: string, tenant = 'songkhoe', lang = 'vi') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/${url}`,
    headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
  });
const data = async (url: string, tenant = 'songkhoe', lang = 'vi') => {
  const reply = await get(url, tenant, lang);
  expect(reply.statusCode, url).toBe(200);
  const body = reply.json();
  expect(body).toMatchObject({ isSuccess: true, codeMessageRespond: null, errors: null });
  return body.data;
};

describe('reference lists', () => {
  it('lists languages with English 1 and Vietnamese 2, named in the request language', async () => {
    const vi = await data('Languages');
    expect(vi.slice(0, 2)).toEqual([
      { languageId: 1, shortName: 'en', name: 'Tiếng Anh', isActive: true },
      { languageId: 2, shortName: 'vi', name: 'Tiếng Việt', isActive: true },
    ]);
    expect(vi.length).toBeGreaterThanOrEqual(6);
    const en = await data('Languages?languageId=1');
    expect(en[1].name).toBe('Vietnamese');
  });

  it('lists countries with the registration default USA at id 3, +1', async () => {
    const countries = await data('Countries', 'songkhoe', 'en');
    expect(countries.find((c: { countryId: number }) => c.countryId === 3)).toEqual({
      countryId: 3,
      code: 'US',
      name: 'United States',
      phoneCode: '+1',
    });
    expect(countries[0]).toMatchObject({ countryId: 1, code: 'VN', phoneCode: '+84' });
    expect(countries.length).toBeGreaterThanOrEqual(12);
  });

  it('lists the states of a country and the cities of a state', async () => {
    const states = await data('States/GetAllStates?CountryId=1');
    expect(states).toHaveLength(34);
    expect(states[1]).toEqual({ stateId: 2, countryId: 1, name: 'TP. Hồ Chí Minh' });
    expect(await data('States/GetAllStates?CountryId=3')).toEqual([]);
    const all = await data('States/GetAllStates');
    expect(all).toHaveLength(34);

    const hcm = await data('Cities/GetAllCities?StateId=2');
    // Current wards (2025 reform: province -> ward/commune), not the abolished districts.
    expect(hcm.map((c: { name: string }) => c.name)).toContain('Phường Bến Thành');
    expect(hcm.map((c: { name: string }) => c.name)).not.toContain('Quận 1');
    expect(hcm.every((c: { stateId: number }) => c.stateId === 2)).toBe(true);
    const hcmEn = await data('Cities/GetAllCities?StateId=2&languageId=1');
    expect(hcmEn.map((c: { name: string }) => c.name)).toContain('Ben Thanh Ward');
    expect((await data('Cities/GetAllCities')).length).toBeGreaterThanOrEqual(40);
  });

  it('offers only current administrative units: every city is a ward or commune of its province', async () => {
    const { rows } = await t.db.owner((sql) =>
      sql.query<{ city_id: number; name_vi: string; ward: string | null; same_province: boolean }>(
        `SELECT c.city_id, c.name_vi, w.name AS ward, w.province_code = s.province_code AS same_province
           FROM cities c JOIN states s USING (state_id)
           LEFT JOIN admin_units w ON w.code = c.ward_code AND w.level = 'ward'
          ORDER BY c.city_id`,
      ),
    );
    expect(rows.length).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect.soft(row.ward, `city ${row.city_id} ${row.name_vi}`).toBe(row.name_vi);
      expect.soft(row.same_province, `city ${row.city_id} ${row.name_vi}`).toBe(true);
    }
    const en = (await data('Cities/GetAllCities?languageId=1')) as { name: string }[];
    expect(en.filter((c) => !/\b(Ward|Commune)\b/.test(c.name))).toEqual([]);
  });

  it('names relations in the languageId asked for', async () => {
    expect((await data('Relations?languageId=2'))[0]).toEqual({ relationId: 1, name: 'Bố' });
    expect((await data('Relations?languageId=1', 'songkhoe', 'vi'))[0]).toEqual({
      relationId: 1,
      name: 'Father',
    });
    // Without languageId the request language decides; saomai speaks English by default.
    expect((await data('Relations', 'saomai', ''))[1]).toEqual({ relationId: 2, name: 'Mother' });
  });

  it('offers only the service types whose feature the tenant has on', async () => {
    const songkhoe = await data('ServiceTypes', 'songkhoe', 'en');
    expect(songkhoe).toEqual([
      { serviceTypeId: 0, name: 'Hospital visit' },
      { serviceTypeId: 1, name: 'Video consultation' },
      { serviceTypeId: 2, name: 'Home visit' },
      { serviceTypeId: 3, name: 'Direct call' },
    ]);
    // Sao Mai has video and home visits switched off.
    expect(await data('ServiceTypes', 'saomai', 'vi')).toEqual([
      { serviceTypeId: 0, name: 'Khám tại bệnh viện' },
    ]);
  });

  it.each([
    'States/GetAllStates?CountryId=abc',
    'States/GetAllStates?CountryId=0',
    'Cities/GetAllCities?StateId=-1',
    'Relations?languageId=3',
    'Languages?languageId=x',
  ])('answers 400 in the envelope for bad parameters: %s', async (url) => {
    const reply = await get(url);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'invalid_request',
      data: null,
    });
  });
});
