import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, onTenant } from '../accounts/test-support';
import { seedDemoPatients } from '../../seed/patients';
import { loadBookablePatient } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A tenant override of the patient form (tenant.json forms.patient), set before first use.
  const saomai = t.registry.byCode.get('saomai')!;
  (saomai.config.forms as Record<string, unknown>).patient = { schema: { required: ['idNumber'] } };
});
afterAll(() => t.close());

const DEVICE = '3f1c1f6e-7a0b-4c55-9a57-2b1f0d7c9e11';
let counter = 0;

/** A new account on a tenant and a client signed in as it. */
async function account(tenant = 'songkhoe', extra: Record<string, unknown> = {}) {
  counter += 1;
  const email = `p${counter}@example.com`;
  const { full_name: fullName, ...rest } = extra;
  const userId = await createUser(t.db, tenant, {
    email,
    mobile: `91234${String(counter).padStart(4, '0')}`,
    extra: rest,
  });
  if (fullName)
    await onTenant(t.db, tenant, 'UPDATE users SET full_name = $2 WHERE user_id = $1', [userId, fullName]);
  const token = await t.app.issueAccessToken({ userId, tenant, deviceId: DEVICE });
  const api = caller(t.app, tenant);
  const send = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1/${path}`,
      headers: {
        companycode: tenant,
        host: '127.0.0.1:8080',
        'x-accept-language': 'en',
        authorization: `Bearer ${token}`,
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, json: res.json() };
  };
  return {
    userId,
    email,
    token,
    api,
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    del: (path: string) => send('DELETE', path),
  };
}

const member = (extra: Record<string, unknown> = {}) => ({
  fullName: 'Trần Thị Mai',
  gender: 'F',
  dateOfBirth: '1960-03-08',
  relationId: 2,
  ...extra,
});

async function addAddress(a: Awaited<ReturnType<typeof account>>) {
  const res = await a.post('Users/AddUserAddress', {
    addressLine: '1 Kim Mã',
    provinceCode: '01',
    wardCode: '00004',
  });
  expect(res.status).toBe(200);
  return res.json.data.addressId as number;
}

describe('patients: myself and family members', () => {
  it('creates "myself" from the profile once and lists it first', async () => {
    const a = await account('songkhoe', { gender: 'M', date_of_birth: '1990-05-06', full_name: 'Lê Văn Tự' });
    await a.post('Patients/AddPatient', member());
    const [first, second] = await Promise.all([a.get('Patients/GetPatients'), a.get('Patients/GetPatients')]);
    expect(first.status).toBe(200);
    expect(second.json.data).toHaveLength(2);
    const self = first.json.data[0];
    expect(self).toMatchObject({
      isSelf: true,
      fullName: 'Lê Văn Tự',
      gender: 'M',
      dateOfBirth: '1990-05-06',
      email: a.email,
      relationId: null,
      missing: [],
    });
    expect(self.mobileNumber).toMatch(/^0912340/);
    expect(self.age.years).toBeGreaterThanOrEqual(35);
    expect(first.json.data[1]).toMatchObject({
      isSelf: false,
      fullName: 'Trần Thị Mai',
      relationName: 'Mother',
    });
    const selves = await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM patients WHERE user_id = $1 AND is_self', [
      a.userId,
    ]);
    expect(selves).toHaveLength(1);
  });

  it('lists the personal fields booking still needs, and filling them in on myself updates the profile', async () => {
    const a = await account();
    const list = await a.get('Patients/GetPatients');
    const self = list.json.data[0];
    expect(self.missing).toEqual(['select_gender', 'select_date_of_birth']);
    await t.db.tenant('songkhoe', async (sql) => {
      expect(await loadBookablePatient(sql, a.userId, self.patientId)).toEqual({
        patientId: self.patientId,
        fullName: 'Test User',
        missing: ['select_gender', 'select_date_of_birth'],
      });
    });
    const res = await a.post('Patients/UpdatePatient', {
      patientId: self.patientId,
      fullName: 'Test User',
      gender: 'F',
      dateOfBirth: '1991-01-31',
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ missing: [], relationId: null, isSelf: true });
    const profile = await a.get(`Users/GetUser/${a.userId}`);
    expect(profile.json.data).toMatchObject({ gender: 'F', dateOfBirth: '1991-01-31' });
    await t.db.tenant('songkhoe', async (sql) => {
      expect((await loadBookablePatient(sql, a.userId, self.patientId))?.missing).toEqual([]);
    });
  });

  it('adds, reads and updates a family member with every field and the age in years, months, days', async () => {
    const a = await account();
    const addressId = await addAddress(a);
    const add = await a.post(
      'Patients/AddPatient',
      member({
        idNumber: '001190012345',
        mobileNumber: '0912345678',
        email: 'Mai@Example.com',
        zaloNumber: '0912345678',
        addressId,
      }),
    );
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    expect(add.json.data).toMatchObject({
      fullName: 'Trần Thị Mai',
      idNumber: '001190012345',
      email: 'mai@example.com',
      addressId,
      addressText: '1 Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
      missing: [],
    });
    expect(add.json.data.age).toEqual({
      years: expect.any(Number),
      months: expect.any(Number),
      days: expect.any(Number),
    });
    const id = add.json.data.patientId;
    const one = await a.get(`Patients/GetPatient/${id}`);
    expect(one.json.data.patientId).toBe(id);
    const upd = await a.post('Patients/UpdatePatient', {
      patientId: id,
      ...member({ fullName: 'Trần Thị Mai Hoa', idNumber: 'b1234567', relationId: 7 }),
    });
    expect(upd.status).toBe(200);
    expect(upd.json.data).toMatchObject({
      fullName: 'Trần Thị Mai Hoa',
      idNumber: 'B1234567',
      relationId: 7,
      addressId: null,
    });
  });

  it('refuses each invalid field with its message key, never a 5xx', async () => {
    const a = await account();
    const other = await account();
    const foreignAddress = await addAddress(other);
    const cases: [Record<string, unknown>, string][] = [
      [member({ fullName: ' ' }), 'valid_full_name'],
      [member({ fullName: 'A' }), 'valid_full_name'],
      [member({ fullName: 42 }), 'valid_full_name'],
      [member({ gender: 'X' }), 'select_gender'],
      [{ fullName: 'Trần An', dateOfBirth: '2000-01-01', relationId: 1 }, 'select_gender'],
      [member({ dateOfBirth: '1990-02-30' }), 'select_date_of_birth'],
      [member({ dateOfBirth: 'yesterday' }), 'select_date_of_birth'],
      [member({ dateOfBirth: undefined }), 'select_date_of_birth'],
      [member({ dateOfBirth: '2999-01-01' }), 'dob_in_future'],
      [member({ dateOfBirth: '0900-01-01' }), 'age_below_1000'],
      [member({ idNumber: '12345' }), 'valid_id_passport'],
      [member({ idNumber: '1234567890' }), 'valid_id_passport'],
      [member({ idNumber: 'AB123456' }), 'valid_id_passport'],
      [member({ mobileNumber: '12ab' }), 'must_be_bw_7_to_15'],
      [member({ email: 'not-an-email' }), 'valid_email'],
      [member({ zaloNumber: '123' }), 'valid_zalo_number'],
      [member({ relationId: undefined }), 'select_relation'],
      [member({ relationId: 999 }), 'select_relation'],
      [member({ relationId: 'two' }), 'select_relation'],
      [member({ addressId: foreignAddress }), 'select_address'],
      [member({ addressId: 2_147_483_647 }), 'select_address'],
      [member({ isAdmin: true }), 'invalid_request'],
    ];
    for (const [body, key] of cases) {
      const res = await a.post('Patients/AddPatient', body);
      expect(res.status, `${JSON.stringify(body)} -> ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json.errors, JSON.stringify(body)).toContain(key);
    }
    for (const body of [[], 'x', null]) {
      const res = await a.post('Patients/AddPatient', body);
      expect(res.status).toBeLessThan(500);
    }
    const none = await onTenant(
      t.db,
      'songkhoe',
      'SELECT 1 FROM patients WHERE user_id = $1 AND NOT is_self',
      [a.userId],
    );
    expect(none).toHaveLength(0);
  });

  it('applies the tenant override of the form (saomai requires the ID number)', async () => {
    const a = await account('saomai');
    const res = await a.post('Patients/AddPatient', member());
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(['valid_id_passport']);
    expect((await a.post('Patients/AddPatient', member({ idNumber: 'C7654321' }))).status).toBe(200);
  });

  it('keeps an ID number unique per tenant (409 id_number_exists), also under concurrent requests', async () => {
    const a = await account();
    const b = await account();
    expect((await a.post('Patients/AddPatient', member({ idNumber: '079190000001' }))).status).toBe(200);
    const dup = await b.post('Patients/AddPatient', member({ idNumber: '079190000001' }));
    expect(dup.status).toBe(409);
    expect(dup.json.codeMessageRespond).toBe('id_number_exists');
    // Another tenant may hold the same number.
    const c = await account('songhong');
    expect((await c.post('Patients/AddPatient', member({ idNumber: '079190000001' }))).status).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).post('Patients/AddPatient', member({ idNumber: 'p9876543' })),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.json.codeMessageRespond === 'id_number_exists'),
    ).toBe(true);
    // Updating another patient to a taken number is refused too.
    const mine = (await a.post('Patients/AddPatient', member())).json.data.patientId;
    const upd = await a.post('Patients/UpdatePatient', {
      patientId: mine,
      ...member({ idNumber: '079190000001' }),
    });
    expect(upd.status).toBe(409);
  });

  it('answers 404 for another user’s or another tenant’s patient, on every endpoint', async () => {
    const owner = await account();
    const stranger = await account();
    const abroad = await account('songhong');
    const id = (await owner.post('Patients/AddPatient', member())).json.data.patientId;
    for (const who of [stranger, abroad]) {
      expect((await who.get(`Patients/GetPatient/${id}`)).status).toBe(404);
      expect((await who.post('Patients/UpdatePatient', { patientId: id, ...member() })).status).toBe(404);
      expect((await who.del(`Patients/DeletePatient?id=${id}`)).status).toBe(404);
      const list = await who.get('Patients/GetPatients');
      expect(list.json.data.map((p: { patientId: number }) => p.patientId)).not.toContain(id);
      await t.db.tenant(who === abroad ? 'songhong' : 'songkhoe', async (sql) => {
        expect(await loadBookablePatient(sql, who.userId, id)).toBeNull();
      });
    }
    expect((await owner.get(`Patients/GetPatient/${id}`)).json.data.fullName).toBe('Trần Thị Mai');
    // A token of one tenant is refused on another.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Patients/GetPatients',
      headers: { companycode: 'songhong', authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(401);
    expect((await caller(t.app, 'songkhoe').get('Patients/GetPatients')).status).toBe(401);
  });

  it('deletes a family member softly, but never myself nor one with an appointment still ahead', async () => {
    const a = await account();
    const self = (await a.get('Patients/GetPatients')).json.data[0];
    const refused = await a.del(`Patients/DeletePatient?id=${self.patientId}`);
    expect(refused.status).toBe(409);
    expect(refused.json.codeMessageRespond).toBe('cannot_delete_self');

    const id = (await a.post('Patients/AddPatient', member({ idNumber: '036190000777' }))).json.data
      .patientId;
    const appointmentId = await bookDirectly(a.userId, id, 2);
    const busy = await a.del(`Patients/DeletePatient?id=${id}`);
    expect(busy.status).toBe(409);
    expect(busy.json.codeMessageRespond).toBe('patient_has_upcoming_appointment');
    expect(busy.json.errors).toEqual(['patient_has_upcoming_appointment']);

    // Once the appointment is cancelled, the patient can go; it stays for history.
    await onTenant(t.db, 'songkhoe', 'UPDATE appointments SET status = 5 WHERE appointment_id = $1', [
      appointmentId,
    ]);
    const done = await a.del(`Patients/DeletePatient?id=${id}`);
    expect(done.status).toBe(200);
    expect(done.json.data).toEqual({ patientId: id });
    expect((await a.get(`Patients/GetPatient/${id}`)).status).toBe(404);
    expect((await a.del(`Patients/DeletePatient?id=${id}`)).status).toBe(404);
    const kept = await onTenant<{ deleted: boolean }>(
      t.db,
      'songkhoe',
      'SELECT deleted_at IS NOT NULL AS deleted FROM patients WHERE patient_id = $1',
      [id],
    );
    expect(kept).toEqual([{ deleted: true }]);
    // Its ID number is free again.
    expect((await a.post('Patients/AddPatient', member({ idNumber: '036190000777' }))).status).toBe(200);
  });

  it('allows deleting a patient whose appointments are all in the past', async () => {
    const a = await account();
    const id = (await a.post('Patients/AddPatient', member())).json.data.patientId;
    await bookDirectly(a.userId, id, -2);
    expect((await a.del(`Patients/DeletePatient?id=${id}`)).status).toBe(200);
  });
});

describe('demo seed', () => {
  it('gives the demo patient a complete self profile, a family member and an address in the new units', async () => {
    const userId = await createUser(t.db, 'songhong', {
      email: 'demo@songhong.example',
      mobile: '900000002',
    });
    const seed = () =>
      t.db.owner(async (sql) => {
        await sql.query(`SELECT set_config('app.tenant_id', 'songhong', true)`);
        return seedDemoPatients(sql, 'songhong', new Date());
      });
    expect(await seed()).toBe(2);
    expect(await seed()).toBe(0);
    const token = await t.app.issueAccessToken({ userId, tenant: 'songhong', deviceId: DEVICE });
    const res = await caller(t.app, 'songhong').get('Patients/GetPatients', { token });
    expect(res.json.data).toHaveLength(2);
    expect(res.json.data[0]).toMatchObject({
      isSelf: true,
      gender: 'M',
      dateOfBirth: '1985-04-12',
      missing: [],
    });
    expect(res.json.data[1]).toMatchObject({
      isSelf: false,
      fullName: 'Trần Thị Hoa',
      relationId: 2,
      addressText: '45 Đường Điện Biên Phủ, Phường Hồng Bàng, Thành phố Hải Phòng',
    });
  });
});

let doctorId: number | null = null;
/** Inserts an active appointment directly (the booking module is not needed for this rule). */
async function bookDirectly(userId: number, patientId: number, daysFromNow: number): Promise<number> {
  return t.db.tenant('songkhoe', async (sql) => {
    if (doctorId === null) {
      const doctor = await sql.query<{ doctor_id: number }>(
        `INSERT INTO doctors (full_name, gender) VALUES ('BS. Test', 'M') RETURNING doctor_id`,
      );
      doctorId = doctor.rows[0]!.doctor_id;
    }
    const starts = new Date(Date.now() + daysFromNow * 86_400_000);
    const ends = new Date(starts.getTime() + 30 * 60_000);
    const slot = await sql.query<{ slot_id: number }>(
      `INSERT INTO doctor_slots (doctor_id, starts_at, ends_at, time_slot, booked_count)
       VALUES ($1, $2, $3, 0, 1) RETURNING slot_id`,
      [doctorId, starts, ends],
    );
    const { rows } = await sql.query<{ appointment_id: string }>(
      `INSERT INTO appointments (appointment_number, user_id, patient_id, doctor_id, slot_id, service_type_id,
                                 starts_at, ends_at, local_date, status, payment_status, payment_method,
                                 price, final_price)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8, 4, 0, 0, 0, 0) RETURNING appointment_id`,
      [
        `T-${patientId}-${daysFromNow}`,
        userId,
        patientId,
        doctorId,
        slot.rows[0]!.slot_id,
        starts,
        ends,
        starts.toISOString().slice(0, 10),
      ],
    );
    return Number(rows[0]!.appointment_id);
  });
}
