import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorCard, DoctorDetail } from '../../../schemas/catalogue';
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
const detail = (id: number, tenant = 'songkhoe', lang = 'vi') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/Doctors/GetDoctor/${id}`,
    headers: tenantHeaders(tenant, { 'x-accept-language': lang }),
  });

describe('GET /Doctors/GetDoctor/{id}', () => {
  it('returns the card with the biography in the request language', async () => {
    const id = (await filter({})).doctors[0]!.doctorId;
    const vi = (await detail(id)).json();
    expect(vi).toMatchObject({ isSuccess: true, data: { doctorId: id } });
    const doctor: DoctorDetail = vi.data;
    expect(doctor.biography).toContain(doctor.fullName);
    expect(doctor.biography).toMatch(/kinh nghiệm|gắn bó/);
    const en: DoctorDetail = (await detail(id, 'songkhoe', 'en')).json().data;
    expect(en.biography).toMatch(/experience|worked/);
    expect((await detail(id, 'songkhoe', 'en')).json().data.nextAvailableSlot).toBe(doctor.nextAvailableSlot);
  });

  it('answers 404 doctor_not_found for an unknown or unapproved doctor', async () => {
    const { rows } = await t.db.owner((sql) =>
      sql.query<{ doctor_id: number }>(
        `SELECT doctor_id FROM doctors WHERE tenant_id = 'songkhoe' AND approval_status <> 1 ORDER BY doctor_id`,
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const id of [...rows.map((r) => r.doctor_id), 999_999]) {
      const reply = await detail(id);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({
        isSuccess: false,
        codeMessageRespond: 'doctor_not_found',
        message: 'Không tìm thấy bác sĩ.',
      });
    }
    const listed = (await all()).doctors.map((d) => d.doctorId);
    expect(rows.some((r) => listed.includes(r.doctor_id))).toBe(false);
  });

  it.each(['abc', '0', '-5', '1.5', '99999999999'])('answers 400 for the id %s', async (id) => {
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Doctors/GetDoctor/${id}`,
      headers: tenantHeaders('songkhoe'),
    });
    expect(reply.statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it('keeps doctor lists and details apart', async () => {
    const ids = async (tenant: string) => (await all({}, tenant)).doctors.map((d) => d.doctorId);
    const [a, b] = await Promise.all([ids('songkhoe'), ids('saomai')]);
    expect(b.filter((id) => a.includes(id))).toEqual([]);
    const foreign = b[0]!;
    const reply = await detail(foreign, 'songkhoe');
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({
      isSuccess: false,
      codeMessageRespond: 'doctor_not_found',
      data: null,
    });
    expect((await detail(foreign, 'saomai')).statusCode).toBe(200);
  });
});
