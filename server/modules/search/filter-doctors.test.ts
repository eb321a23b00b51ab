import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorCard } from '../../../schemas/catalogue';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp(60);
});
afterAll(() => t?.close());

interface Page {
  doctors: DoctorCard[];
  pagination: { pageNumber: number; pageSize: number; totalRecords: number };
}

const filterReply = (body: unknown, tenant = 'songkhoe', lang = 'vi') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Doctors/FilterDoctors',
    headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
    payload: body as Record<string, unknown>,
  });
const filter = async (body: Record<string, unknown>, tenant = 'songkhoe', lang = 'vi'): Promise<Page> => {
  const reply = await filterReply(body, tenant, lang);
  expect(reply.statusCode, JSON.stringify(body)).toBe(200);
  return reply.json().data;
};
const all = (body: Record<string, unknown> = {}, tenant = 'songkhoe') =>
  filter({ pageSize: 100, ...body }, tenant);

describe('POST /Doctors/FilterDoctors', () => {
  it('returns approved doctors, best rated first, 15 a page, with their next free slot', async () => {
    const page = await filter({});
    expect(page.doctors).toHaveLength(15);
    expect(page.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalRecords: 58 });
    const ratings = page.doctors.map((d) => d.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const now = Date.now();
    for (const d of page.doctors) {
      expect(d.photo).toBe(`/api/v1/avatars/${d.doctorId}.svg`);
      expect(d.specialities.length).toBeGreaterThan(0);
      expect(d.languages.map((l) => l.languageId)).toContain(2);
      expect(d.prices.map((p) => p.serviceTypeId)).toContain(0);
      if (d.nextAvailableSlot !== null) expect(Date.parse(d.nextAvailableSlot)).toBeGreaterThan(now);
    }
    expect(page.doctors.filter((d) => d.nextAvailableSlot !== null).length).toBeGreaterThan(10);
  });

  it('orders ASC on request and pages without overlap', async () => {
    const asc = await filter({ orderBy: 'ASC', pageSize: 100 });
    const ratings = asc.doctors.map((d) => d.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));
    const p1 = await filter({ pageNumber: 1, pageSize: 20 });
    const p2 = await filter({ pageNumber: 2, pageSize: 20 });
    const p3 = await filter({ pageNumber: 3, pageSize: 20 });
    const seen = [...p1.doctors, ...p2.doctors, ...p3.doctors].map((d) => d.doctorId);
    expect(new Set(seen).size).toBe(58);
    const beyond = await filter({ pageNumber: 9 });
    expect(beyond).toEqual({ doctors: [], pagination: { pageNumber: 9, pageSize: 15, totalRecords: 58 } });
  });

  it('filters by gender, language, experience and service type', async () => {
    const women = await all({ gender: ['F'] });
    expect(women.doctors.length).toBeGreaterThan(0);
    expect(women.doctors.every((d) => d.gender === 'F')).toBe(true);
    expect((await all({ gender: ['F', 'M'] })).pagination.totalRecords).toBe(58);

    const english = await all({ languages: [1] });
    expect(english.doctors.length).toBeGreaterThan(0);
    expect(english.doctors.every((d) => d.languages.some((l) => l.languageId === 1))).toBe(true);

    const senior = await all({ experiences: [20, 10] });
    expect(senior.doctors.length).toBeGreaterThan(0);
    expect(senior.doctors.every((d) => d.experienceYears >= 10)).toBe(true);

    const home = await all({ serviceTypes: [2] });
    expect(home.doctors.length).toBeGreaterThan(0);
    expect(home.doctors.length).toBeLessThan(58);
    expect(home.doctors.every((d) => d.prices.some((p) => p.serviceTypeId === 2))).toBe(true);
    expect((await all({ gender: [], languages: [] })).pagination.totalRecords).toBe(58);
  });

  it('filters by speciality, symptom, hospital, city and doctor id', async () => {
    const { doctors } = await all();
    const target = doctors[0] as DoctorCard;
    const speciality = target.specialities[0]!.specialityId;
    const bySpeciality = await all({ specialities: [speciality] });
    expect(bySpeciality.doctors.map((d) => d.doctorId)).toContain(target.doctorId);
    expect(bySpeciality.doctors.every((d) => d.specialities.some((s) => s.specialityId === speciality))).toBe(
      true,
    );

    const symptoms = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Symptoms/GetAllSymptoms',
        headers: tenantHeaders('songkhoe'),
      })
    ).json().data as { symptomId: number; specialityId: number }[];
    const symptom = symptoms.find((s) => s.specialityId === speciality)!;
    const bySymptom = await all({ symptoms: [symptom.symptomId] });
    expect(bySymptom.doctors.map((d) => d.doctorId).sort()).toEqual(
      bySpeciality.doctors.map((d) => d.doctorId).sort(),
    );

    const hospital = target.hospitals[0]!.hospitalId;
    const byHospital = await all({ hospitals: [hospital] });
    expect(byHospital.doctors.every((d) => d.hospitals.some((h) => h.hospitalId === hospital))).toBe(true);

    const hospitals = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/Hospitals/GetAllHospitals?PageSize=100',
        headers: tenantHeaders('songkhoe'),
      })
    ).json().data.hospitals as { hospitalId: number; cityId: number }[];
    const cityId = hospitals.find((h) => h.hospitalId === hospital)!.cityId;
    const inCity = new Set(hospitals.filter((h) => h.cityId === cityId).map((h) => h.hospitalId));
    const byCity = await all({ cityId });
    expect(byCity.doctors.map((d) => d.doctorId)).toContain(target.doctorId);
    expect(byCity.doctors.every((d) => d.hospitals.some((h) => inCity.has(h.hospitalId)))).toBe(true);

    const one = await filter({ doctorId: target.doctorId });
    expect(one.doctors.map((d) => d.doctorId)).toEqual([target.doctorId]);
    const none = await filter({ doctorId: target.doctorId, gender: [target.gender === 'F' ? 'M' : 'F'] });
    expect(none).toEqual({ doctors: [], pagination: { pageNumber: 1, pageSize: 15, totalRecords: 0 } });
  });

  it('hides prices and finds nobody for service types the tenant does not offer', async () => {
    // Sao Mai has video (1) and home visits (2) switched off.
    const saomai = await all({}, 'saomai');
    expect(saomai.doctors.every((d) => d.prices.every((p) => p.serviceTypeId === 0))).toBe(true);
    expect((await all({ serviceTypes: [1, 2] }, 'saomai')).pagination.totalRecords).toBe(0);
    expect((await all({ serviceTypes: [0, 1] }, 'saomai')).pagination.totalRecords).toBe(58);
  });

  it('names specialities and languages in the requested language', async () => {
    const vi = await filter({ pageSize: 100 }, 'songkhoe', 'vi');
    const en = await filter({ pageSize: 100 }, 'songkhoe', 'en');
    const gpVi = vi.doctors.flatMap((d) => d.specialities).find((s) => s.name === 'Bác sĩ đa khoa');
    const gpEn = en.doctors.flatMap((d) => d.specialities).find((s) => s.name === 'General Practitioner');
    expect(gpVi?.specialityId).toBe(gpEn?.specialityId);
    expect(vi.doctors[0]!.languages.find((l) => l.languageId === 2)?.name).toBe('Tiếng Việt');
    expect(en.doctors[0]!.languages.find((l) => l.languageId === 2)?.name).toBe('Vietnamese');
    expect(en.doctors[0]!.title).toMatch(/Dr\./);
  });

  it.each([
    [{ pageSize: 0 }],
    [{ pageSize: 101 }],
    [{ pageSize: '15' }],
    [{ pageNumber: 0 }],
    [{ pageNumber: -1 }],
    [{ pageNumber: 1.5 }],
    [{ orderBy: 'UP' }],
    [{ gender: ['X'] }],
    [{ specialities: ['cardio'] }],
    [{ serviceTypes: [7] }],
    [{ cityId: 0 }],
    [{ experiences: Array.from({ length: 11 }, (_, i) => i) }],
  ])('answers 400 (never 5xx) for a bad filter %j', async (body) => {
    const reply = await filterReply(body);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'invalid_request',
      data: null,
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Doctors/FilterDoctors',
      headers: { ...tenantHeaders('songkhoe'), 'content-type': 'application/json' },
      payload: '{"pageSize": ',
    });
    expect(reply.statusCode).toBe(400);
  });
});
