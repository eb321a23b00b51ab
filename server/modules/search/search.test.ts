import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorCard } from '../../../schemas/catalogue';
import type { GlobalSearchResult } from '../../../schemas/discovery';
import { tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';
import { dataChanged } from '../../lib/response-cache';
import { refreshNextFreeSlots } from '../schedule/index';

let t: TestApp;
beforeAll(async () => {
  t = await createCatalogueTestApp(40);
  // Two known names: the seed's random names may not include a "Nguyễn Văn".
  await owner(
    'songkhoe',
    `INSERT INTO doctors (full_name, gender, approval_status) VALUES ('Nguyễn Thị Vân', 'F', 1), ('Nguyễn Văn Ân', 'M', 1)`,
  );
});
afterAll(() => t?.close());

const search = async (text: string, tenant = 'songkhoe', languageId = 2): Promise<GlobalSearchResult[]> => {
  const reply = await t.app.inject({
    url: `/api/v1/GlobalSearches?searchText=${encodeURIComponent(text)}&languageId=${languageId}`,
    headers: tenantHeaders(tenant),
  });
  expect(reply.statusCode).toBe(200);
  return reply.json().data;
};
const filterReply = (body: Record<string, unknown>, tenant = 'songkhoe') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/Doctors/FilterDoctors',
    headers: tenantHeaders(tenant),
    payload: body,
  });
const filter = async (body: Record<string, unknown>, tenant = 'songkhoe') => {
  const reply = await filterReply(body, tenant);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data as { doctors: DoctorCard[]; pagination: { totalRecords: number } };
};
/** SQL as the app role in a tenant (RLS applies; the owner of PGlite is a superuser and would not). */
const owner = <T>(tenant: string, text: string, params: unknown[] = []) =>
  t.db.tenant(tenant, async (sql) => (await sql.query<T>(text, params)).rows);

describe('GET /GlobalSearches', () => {
  it('folds accents: "tim mach" finds the speciality Tim mạch, in the request language', async () => {
    const vi = await search('tim mach');
    expect(vi).toContainEqual(expect.objectContaining({ name: 'Tim mạch', type: 'speciality', typeId: 2 }));
    const en = await search('tim mach', 'songkhoe', 1);
    expect(en).toContainEqual(expect.objectContaining({ name: 'Cardiology', typeId: 2 }));
  });

  it('tolerates a typo ("tim mahc") and ranks exact matches first', async () => {
    const results = await search('tim mahc');
    expect(results.filter((r) => r.typeId === 2)[0]?.name).toBe('Tim mạch');
  });

  it('"Nguyen Van" finds doctors named Nguyễn Văn..., best match first, at most 5 per type', async () => {
    const doctors = (await search('Nguyen Van')).filter((r) => r.type === 'doctor');
    expect(doctors.length).toBeGreaterThan(0);
    expect(doctors.length).toBeLessThanOrEqual(5);
    expect(doctors[0]!.name.startsWith('Nguyễn Văn')).toBe(true);
    expect(doctors.map((d) => d.name)).toContain('Nguyễn Văn Ân');
  });

  it('groups results doctor 0, symptom 1, speciality 2 and answers [] for blank text', async () => {
    const results = await search('dau');
    const order = results.map((r) => r.typeId);
    expect(order).toEqual([...order].sort());
    for (const r of results) expect(r.type).toBe(['doctor', 'symptom', 'speciality'][r.typeId]);
    expect(await search('   ')).toEqual([]);
  });

  it('never returns another tenant’s doctors, nor unapproved ones', async () => {
    const [other] = await owner<{ full_name: string; doctor_id: number }>(
      'songhong',
      'SELECT full_name, doctor_id FROM doctors WHERE approval_status = 1 ORDER BY doctor_id LIMIT 1',
    );
    const found = await search(other!.full_name, 'songkhoe');
    expect(found.some((r) => r.type === 'doctor' && r.id === other!.doctor_id)).toBe(false);
    const own = await search(other!.full_name, 'songhong');
    expect(own.some((r) => r.type === 'doctor' && r.id === other!.doctor_id)).toBe(true);
    const [waiting] = await owner<{ full_name: string; doctor_id: number }>(
      'songkhoe',
      'SELECT full_name, doctor_id FROM doctors WHERE approval_status <> 1 LIMIT 1',
    );
    if (waiting)
      expect(
        (await search(waiting.full_name)).some((r) => r.id === waiting.doctor_id && r.typeId === 0),
      ).toBe(false);
  });

  it('refuses an overlong text with a message key', async () => {
    const reply = await t.app.inject({
      url: `/api/v1/GlobalSearches?searchText=${'a'.repeat(101)}`,
      headers: tenantHeaders('songkhoe'),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors).toEqual(['invalid_search_text']);
  });
});

describe('FilterDoctors: search text, programs, sorts', () => {
  it('searchText matches names without accents and sorts by relevance', async () => {
    const page = await filter({ searchText: 'nguyen van', orderType: 'relevance', pageSize: 100 });
    expect(page.doctors.length).toBeGreaterThan(0);
    expect(page.doctors[0]!.fullName.startsWith('Nguyễn Văn')).toBe(true);
    expect(page.pagination.totalRecords).toBe(page.doctors.length);
  });

  it('combines filters (speciality + gender + searchText)', async () => {
    const all = await filter({ pageSize: 100 });
    const doctor = all.doctors.find((d) => d.specialities.length > 0)!;
    const family = doctor.fullName.split(' ')[0]!;
    const page = await filter({
      searchText: family,
      gender: [doctor.gender],
      specialities: [doctor.specialities[0]!.specialityId],
      pageSize: 100,
    });
    expect(page.doctors.map((d) => d.doctorId)).toContain(doctor.doctorId);
    for (const d of page.doctors) {
      expect(d.gender).toBe(doctor.gender);
      expect(d.specialities.map((s) => s.specialityId)).toContain(doctor.specialities[0]!.specialityId);
    }
  });

  it('healthProgramId keeps the doctors of the program and its sub-programs', async () => {
    const [program] = await owner<{ health_program_id: number; n: number }>(
      'songkhoe',
      `SELECT p.health_program_id, count(DISTINCT d.doctor_id)::int AS n FROM health_programs p
         JOIN health_programs c ON c.health_program_id = p.health_program_id OR c.parent_id = p.health_program_id
         JOIN doctor_health_programs x ON x.health_program_id = c.health_program_id
         JOIN doctors d ON d.doctor_id = x.doctor_id AND d.approval_status = 1
        GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const page = await filter({ healthProgramId: program!.health_program_id, pageSize: 100 });
    expect(page.pagination.totalRecords).toBe(program!.n);
  });

  it('sorts by experience, price and rating in the requested direction', async () => {
    const exp = (await filter({ orderType: 'experience', pageSize: 100 })).doctors.map(
      (d) => d.experienceYears,
    );
    expect(exp).toEqual([...exp].sort((a, b) => b - a));
    const asc = (await filter({ orderType: 'experience', orderBy: 'ASC', pageSize: 100 })).doctors.map(
      (d) => d.experienceYears,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const cheapest = (await filter({ orderType: 'price', orderBy: 'ASC', serviceTypes: [0], pageSize: 100 }))
      .doctors;
    const prices = cheapest.map((d) => d.prices.find((p) => p.serviceTypeId === 0)!.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('sorts by earliest free slot and stays right when that slot gets booked', async () => {
    const sorted = async () => (await filter({ orderType: 'earliestSlot', pageSize: 100 })).doctors;
    const before = await sorted();
    const times = before.map((d) => (d.nextAvailableSlot ? Date.parse(d.nextAvailableSlot) : Infinity));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const first = before[0]!;
    // Book the first doctor's next slot (as booking would): the doctor's next slot moves later.
    await owner(
      'songkhoe',
      'UPDATE doctor_slots SET booked_count = capacity WHERE doctor_id = $1 AND starts_at = $2',
      [first.doctorId, first.nextAvailableSlot],
    );
    // Until the change is announced, the public cache still answers the list as it was.
    expect((await sorted()).find((d) => d.doctorId === first.doctorId)!.nextAvailableSlot).toBe(
      first.nextAvailableSlot,
    );
    // A booking announces its change, as this does: the tenant's cached answers are dropped.
    dataChanged('songkhoe');
    const after = await sorted();
    const moved = after.find((d) => d.doctorId === first.doctorId)!;
    expect(
      moved.nextAvailableSlot === null ||
        Date.parse(moved.nextAvailableSlot) > Date.parse(first.nextAvailableSlot!),
    ).toBe(true);
    const afterTimes = after.map((d) => (d.nextAvailableSlot ? Date.parse(d.nextAvailableSlot) : Infinity));
    expect(afterTimes).toEqual([...afterTimes].sort((a, b) => a - b));
    // A value whose slot has passed is recomputed by readers and rewritten by the refresh.
    await owner(
      'songkhoe',
      `UPDATE doctors SET next_free_slot = now() - interval '1 hour' WHERE doctor_id = $1`,
      [first.doctorId],
    );
    dataChanged('songkhoe');
    const stale = (await sorted()).find((d) => d.doctorId === first.doctorId)!;
    expect(stale.nextAvailableSlot).toBe(moved.nextAvailableSlot);
    // The refresh rewrites it (or the app's own periodic refresh did, a moment earlier).
    await refreshNextFreeSlots(t.db, ['songkhoe']);
    const [kept] = await owner<{ past: boolean }>(
      'songkhoe',
      'SELECT next_free_slot IS NOT NULL AND next_free_slot < now() AS past FROM doctors WHERE doctor_id = $1',
      [first.doctorId],
    );
    expect(kept!.past).toBe(false);
  });

  it("a name search's cards follow a change of their doctor's availability; other cards stay kept", async () => {
    const [a, b] = (await filter({ orderType: 'earliestSlot', pageSize: 100 })).doctors.filter(
      (d) => d.nextAvailableSlot !== null,
    );
    // Each doctor's card as a name search shows it (index-paged: from the card cache).
    const card = async (doctor: DoctorCard) =>
      (await filter({ searchText: doctor.fullName, pageSize: 100 })).doctors.find(
        (d) => d.doctorId === doctor.doctorId,
      )!.nextAvailableSlot;
    expect(await card(a!)).toBe(a!.nextAvailableSlot);
    expect(await card(b!)).toBe(b!.nextAvailableSlot);
    const take = (doctor: DoctorCard) =>
      owner(
        'songkhoe',
        'UPDATE doctor_slots SET booked_count = capacity WHERE doctor_id = $1 AND starts_at = $2',
        [doctor.doctorId, doctor.nextAvailableSlot],
      );
    const later = (slot: string | null, than: DoctorCard) =>
      slot === null || Date.parse(slot) > Date.parse(than.nextAvailableSlot!);
    // Both next slots are taken; the booking of a's announces a's doctor only.
    await take(a!);
    await take(b!);
    await dataChanged('songkhoe', 'availability', [a!.doctorId]);
    expect(later(await card(a!), a!)).toBe(true);
    // b's card was kept (its change was not announced): proof that the cache dropped a's only.
    expect(await card(b!)).toBe(b!.nextAvailableSlot);
    await dataChanged('songkhoe', 'availability');
    expect(later(await card(b!), b!)).toBe(true);
  });
});

describe('paging edges', () => {
  it('refuses page 0 and page sizes 0 and 10 000 with message keys', async () => {
    for (const [body, key] of [
      [{ pageNumber: 0 }, 'invalid_page_number'],
      [{ pageSize: 0 }, 'invalid_page_size'],
      [{ pageSize: 10_000 }, 'invalid_page_size'],
      [{ orderType: 'nearest' }, 'invalid_order_type'],
    ] as const) {
      const reply = await filterReply(body);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors).toEqual([key]);
    }
    for (const query of ['PageNumber=0', 'PageSize=0', 'PageSize=10000']) {
      const reply = await t.app.inject({
        url: `/api/v1/Hospitals/GetAllHospitals?${query}`,
        headers: tenantHeaders('songkhoe'),
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors[0]).toMatch(/^invalid_page_(number|size)$/);
    }
  });

  it('answers an empty page with the real total beyond the last page', async () => {
    const total = (await filter({ searchText: 'nguyen' })).pagination.totalRecords;
    const beyond = await filter({ searchText: 'nguyen', orderType: 'earliestSlot', pageNumber: 500 });
    expect(beyond.doctors).toEqual([]);
    expect(beyond.pagination.totalRecords).toBe(total);
  });
});
