import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, PASSWORD } from '../accounts/test-support';
import { setBookingNow } from '../appointments/index';
import {
  asOwner,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from '../appointments/care-fixtures';
import { careTransaction } from '../care/index';
import { grantByOperator, settleUnanswered } from './index';

/**
 * Direct calls on the real app and database (PGlite, and PostgreSQL when DATABASE_URL is set, where
 * the concurrent calls and accepts really race): ringing the package's online doctors, first accept
 * wins, the allowance held while ringing, given back when nobody answers, and tenants apart.
 */
let t: TestApp;
let cat: Catalogue;
let packageId: number;
let otherPackageId: number;
const doctors: string[] = [];
let outsider: string;
let hospitalStaff: string;
let foreignDoctor: string;

const api = (token: string, tenant = 'songkhoe') => ({
  post: (path: string, body: unknown) => caller(t.app, tenant).post(path, body, { token }),
  get: (path: string) => caller(t.app, tenant).get(path, { token }),
});

async function careAccount(tenant: string, email: string, set: string, id: number): Promise<string> {
  const userId = await createUser(t.db, tenant, { email });
  await asOwner(t.db, tenant, (sql) => sql.query(`UPDATE users SET ${set} WHERE user_id = $1`, [userId, id]));
  const login = await caller(t.app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  return login.json.data.token as string;
}
const doctorAccount = (tenant: string, email: string, doctorId: number) =>
  careAccount(tenant, email, `role = 'doctor', doctor_id = $2`, doctorId);

async function membershipPackage(tenant: string, calls: number, doctorIds: number[]): Promise<number> {
  return asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes,
         free_calls, free_appointments, price)
       VALUES ('Gói Gọi Nhanh', 'Quick Call', $1, 1, 10, 0, 0, 300000) RETURNING membership_package_id AS id`,
      [calls],
    );
    for (const d of doctorIds)
      await sql.query(
        'INSERT INTO membership_package_doctors (membership_package_id, doctor_id) VALUES ($1, $2)',
        [rows[0]!.id, d],
      );
    return rows[0]!.id;
  });
}

async function grant(user: TestUser, options: { calls?: number; programId?: number; tenant?: string } = {}) {
  const tenant = options.tenant ?? 'songkhoe';
  const result = await grantByOperator(t.db, t.registry.byCode.get(tenant)!.config, {
    login: user.email,
    kind: 'membership',
    programId: options.programId ?? packageId,
    calls: options.calls,
    now: new Date(),
  });
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

const callsLeft = async (userId: number, tenant = 'songkhoe') =>
  asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ calls_left: number }>(
      'SELECT calls_left FROM user_packages WHERE user_id = $1 ORDER BY user_package_id',
      [userId],
    );
    return rows.map((r) => r.calls_left);
  });

const online = (token: string, tenant = 'songkhoe') =>
  api(token, tenant).post('Care/Presence', { status: 'online' });

let n = 0;
async function newPatient(tenant = 'songkhoe'): Promise<TestUser & { name: string }> {
  const name = `Bệnh Nhân ${++n}`;
  return { ...(await createPatientUser(t.app, t.db, tenant, `dc-${n}@example.com`, name)), name };
}

beforeAll(async () => {
  t = await createTestApp();
  cat = await createCatalogue(t.db, 'songkhoe', 3);
  const foreign = await createCatalogue(t.db, 'songhong', 1);
  packageId = await membershipPackage('songkhoe', 3, [cat.doctorIds[0]!, cat.doctorIds[1]!]);
  otherPackageId = await membershipPackage('songkhoe', 5, [cat.doctorIds[2]!]);
  await membershipPackage('songhong', 3, [foreign.doctorIds[0]!]);
  doctors.push(await doctorAccount('songkhoe', 'dc-doctor1@example.com', cat.doctorIds[0]!));
  doctors.push(await doctorAccount('songkhoe', 'dc-doctor2@example.com', cat.doctorIds[1]!));
  outsider = await doctorAccount('songkhoe', 'dc-doctor3@example.com', cat.doctorIds[2]!);
  hospitalStaff = await careAccount(
    'songkhoe',
    'dc-staff@example.com',
    `role = 'hospital', hospital_id = $2`,
    cat.hospitalId,
  );
  foreignDoctor = await doctorAccount('songhong', 'dc-foreign@example.com', foreign.doctorIds[0]!);
  for (const token of [...doctors, outsider]) expect((await online(token)).status).toBe(200);
  expect((await online(foreignDoctor, 'songhong')).status).toBe(200);
});

afterEach(() => setBookingNow(null));
afterAll(async () => {
  await t?.close();
});

describe('direct call: who may call', () => {
  it('refuses with the spec messages, holding nothing: no package, expired, no calls left, no doctor online', async () => {
    const none = await newPatient();
    const noPackage = await api(none.token).post('Appointments/CallDiriect', {});
    expect(noPackage.status).toBe(409);
    expect(noPackage.json.codeMessageRespond).toBe('user_not_join');
    expect(noPackage.json.message).toBe('Vui lòng tham gia gói thành viên để gọi cho bác sĩ.');

    const used = await newPatient();
    await grant(used, { calls: 0 });
    const noCalls = await api(used.token).post('Appointments/CallDiriect', {});
    expect(noCalls.json.codeMessageRespond).toBe('validate_number_call');

    const old = await newPatient();
    await grant(old);
    setBookingNow(new Date(Date.now() + 40 * 86_400_000));
    const expired = await api(old.token).post('Appointments/CallDiriect', {});
    expect(expired.json.codeMessageRespond).toBe('package_expired');
    setBookingNow(null);

    const lonely = await newPatient();
    await grant(lonely, { programId: otherPackageId });
    await api(outsider).post('Care/Presence', { status: 'away' });
    const nobody = await api(lonely.token).post('Appointments/CallDiriect', {});
    expect(nobody.status).toBe(409);
    expect(nobody.json.codeMessageRespond).toBe('doctor_not_connected');
    expect(await callsLeft(lonely.userId)).toEqual([5]);
    await online(outsider);
  });

  it("answers the login reply's userCallDiriectProgramId with the package the calls use", async () => {
    const member = await newPatient();
    await grant(member);
    const login = await caller(t.app, 'songkhoe').post('Auth/Login', {
      userName: member.email,
      password: PASSWORD,
    });
    expect(login.json.data.userCallDiriectProgramId).toBe(packageId);
    const none = await newPatient();
    const plain = await caller(t.app, 'songkhoe').post('Auth/Login', {
      userName: none.email,
      password: PASSWORD,
    });
    expect(plain.json.data.userCallDiriectProgramId).toBeNull();
  });
});

describe('direct call: ringing and the first accept', () => {
  it("rings the package's online doctors only; one accepts, the other sees it taken; one call used", async () => {
    const member = await newPatient();
    await grant(member);
    const placed = await api(member.token).post('Appointments/CallDiriect', { programId: packageId });
    expect(placed.status).toBe(200);
    const call = placed.json.data;
    expect(call).toMatchObject({ status: 'ringing', doctorsRung: 2, appointmentId: null, callMinutes: 10 });
    expect(await callsLeft(member.userId)).toEqual([2]);

    for (const token of doctors) {
      const list = await api(token).get('Care/DirectCalls');
      expect(list.json.data).toContainEqual(
        expect.objectContaining({
          directCallId: call.directCallId,
          state: 'ringing',
          callerName: member.name,
        }),
      );
    }
    // A doctor of another package, hospital staff and another tenant's doctor are not rung.
    expect(
      (await api(outsider).get('Care/DirectCalls')).json.data.map(
        (c: { directCallId: number }) => c.directCallId,
      ),
    ).not.toContain(call.directCallId);
    expect((await api(outsider).post(`Care/DirectCalls/${call.directCallId}/Accept`, {})).status).toBe(404);
    expect((await api(hospitalStaff).post(`Care/DirectCalls/${call.directCallId}/Accept`, {})).status).toBe(
      403,
    );
    expect((await api(foreignDoctor, 'songhong').get('Care/DirectCalls')).json.data).toEqual([]);

    const [a, b] = await Promise.all(
      doctors.map((token) => api(token).post(`Care/DirectCalls/${call.directCallId}/Accept`, {})),
    );
    const won = [a!, b!].filter((r) => r.status === 200);
    const lost = [a!, b!].filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost[0]!.status).toBe(409);
    expect(lost[0]!.json.codeMessageRespond).toBe('direct_call_taken');
    const appointmentId = won[0]!.json.data.appointmentId as number;
    const winner = a!.status === 200 ? doctors[0]! : doctors[1]!;
    const loser = a!.status === 200 ? doctors[1]! : doctors[0]!;

    expect((await api(loser).get('Care/DirectCalls')).json.data).toContainEqual(
      expect.objectContaining({ directCallId: call.directCallId, state: 'taken', appointmentId: null }),
    );
    expect((await api(winner).get('Care/DirectCalls')).json.data).toContainEqual(
      expect.objectContaining({ directCallId: call.directCallId, state: 'mine', appointmentId }),
    );
    const seen = await api(member.token).get(`Appointments/CallDiriect/${call.directCallId}`);
    expect(seen.json.data).toMatchObject({
      status: 'connected',
      appointmentId,
      doctorName: expect.any(String),
    });
    expect(await callsLeft(member.userId)).toEqual([2]);

    // Both meet on the call screen of its appointment, which lasts the package's 10 minutes.
    const patientJoin = await api(member.token).post('Appointments/GetZoomCallAuthToken', { appointmentId });
    expect(patientJoin.status).toBe(200);
    expect(patientJoin.json.data.role).toBe('patient');
    const minutes =
      (Date.parse(patientJoin.json.data.endsAt) - Date.parse(patientJoin.json.data.startsAt)) / 60_000;
    expect(minutes).toBe(10);
    // The call screen hangs up by itself at the end of the package's call duration.
    expect(patientJoin.json.data.hangUpAt).toBe(patientJoin.json.data.endsAt);
    expect(
      (await api(winner).post('Appointments/GetZoomCallAuthToken', { appointmentId })).json.data.role,
    ).toBe('doctor');
    expect((await api(loser).post('Appointments/GetZoomCallAuthToken', { appointmentId })).status).toBe(404);
    expect((await api(member.token).get(`Calls/Summary?appointmentId=${appointmentId}`)).status).toBe(200);

    // A second call to the same doctor the same day is not a second booking of the day.
    const again = await api(member.token).post('Appointments/CallDiriect', {});
    const second = await api(winner).post(`Care/DirectCalls/${again.json.data.directCallId}/Accept`, {});
    expect(second.status).toBe(200);
    expect(await callsLeft(member.userId)).toEqual([1]);
  });

  it('gives the call back when the patient cancels or nobody answers in time', async () => {
    const member = await newPatient();
    await grant(member);
    const placed = (await api(member.token).post('Appointments/CallDiriect', {})).json.data;
    expect(await callsLeft(member.userId)).toEqual([2]);
    const cancelled = await api(member.token).post('Appointments/CancelCallDiriect', {
      directCallId: placed.directCallId,
    });
    expect(cancelled.json.data.status).toBe('cancelled');
    expect(await callsLeft(member.userId)).toEqual([3]);
    // Twice is harmless and gives nothing more back; a doctor is too late.
    await api(member.token).post('Appointments/CancelCallDiriect', { directCallId: placed.directCallId });
    expect(await callsLeft(member.userId)).toEqual([3]);
    const late = await api(doctors[0]!).post(`Care/DirectCalls/${placed.directCallId}/Accept`, {});
    expect(late.json.codeMessageRespond).toBe('direct_call_over');

    const unanswered = (await api(member.token).post('Appointments/CallDiriect', {})).json.data;
    expect(await callsLeft(member.userId)).toEqual([2]);
    const ringSeconds = t.registry.byCode.get('songkhoe')!.config.directCall.ringSeconds;
    setBookingNow(new Date(Date.now() + (ringSeconds + 1) * 1000));
    expect(
      (await api(doctors[0]!).post(`Care/DirectCalls/${unanswered.directCallId}/Accept`, {})).json
        .codeMessageRespond,
    ).toBe('direct_call_over');
    // The periodic job settles it (the patient's screen would too); once only. The patient is told.
    const later = new Date(Date.now() + (ringSeconds + 1) * 1000);
    const tenant = t.registry.byCode.get('songkhoe')!.config;
    expect(
      await asOwner(t.db, 'songkhoe', (sql) => settleUnanswered(sql, later, { reason: 'missed', tenant })),
    ).toBeGreaterThanOrEqual(1);
    const told = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ type: string }>(`SELECT type FROM notifications WHERE event_key = $1`, [
        `direct-call-missed:${unanswered.directCallId}`,
      ]),
    );
    expect(told.rows).toEqual([{ type: 'DirectCallMissed' }]);
    expect(await asOwner(t.db, 'songkhoe', (sql) => settleUnanswered(sql, later, { reason: 'missed' }))).toBe(
      0,
    );
    expect(await callsLeft(member.userId)).toEqual([3]);
    const missed = await api(member.token).get(`Appointments/CallDiriect/${unanswered.directCallId}`);
    expect(missed.json.data.status).toBe('missed');
  });

  it('20 concurrent calls on a package with 3 calls left ring and connect at most 3, never below zero', async () => {
    const member = await newPatient();
    await grant(member);
    const placed = await Promise.all(
      Array.from({ length: 20 }, () => api(member.token).post('Appointments/CallDiriect', {})),
    );
    const ringing = placed.filter((r) => r.status === 200);
    expect(ringing).toHaveLength(3);
    for (const refused of placed.filter((r) => r.status !== 200))
      expect(refused.json.codeMessageRespond).toBe('validate_number_call');
    expect(await callsLeft(member.userId)).toEqual([0]);
    const accepts = await Promise.all(
      ringing.flatMap((r) =>
        doctors.map((token) => api(token).post(`Care/DirectCalls/${r.json.data.directCallId}/Accept`, {})),
      ),
    );
    expect(accepts.filter((r) => r.status === 200)).toHaveLength(3);
    expect(await callsLeft(member.userId)).toEqual([0]);
    // The database itself refuses a negative allowance, whatever the code does.
    await expect(
      asOwner(t.db, 'songkhoe', (sql) =>
        sql.query('UPDATE user_packages SET calls_left = calls_left - 1 WHERE user_id = $1', [member.userId]),
      ),
    ).rejects.toThrow();
  });
});

describe('direct call: history and isolation', () => {
  it("lists the caller's packages and calls; another user's id or call is not found", async () => {
    const member = await newPatient();
    await grant(member);
    const placed = (await api(member.token).post('Appointments/CallDiriect', {})).json.data;
    await api(member.token).post('Appointments/CancelCallDiriect', { directCallId: placed.directCallId });
    const history = await api(member.token).get(
      `WalletHistories/GetAllCallDiriectOfUser?UserId=${member.userId}`,
    );
    expect(history.status).toBe(200);
    expect(history.json.data.packages).toEqual([
      expect.objectContaining({
        programId: packageId,
        kind: 'membership',
        callsTotal: 3,
        callsLeft: 3,
        status: 'active',
        callMinutes: 10,
      }),
    ]);
    expect(history.json.data.calls).toEqual([
      expect.objectContaining({ directCallId: placed.directCallId, status: 'cancelled' }),
    ]);
    expect(history.json.data.pagination.totalRecords).toBe(1);

    const other = await newPatient();
    expect(
      (await api(other.token).get(`WalletHistories/GetAllCallDiriectOfUser?UserId=${member.userId}`)).status,
    ).toBe(404);
    expect((await api(other.token).get(`Appointments/CallDiriect/${placed.directCallId}`)).status).toBe(404);
    const foreigner = await newPatient('songhong');
    expect(
      (await api(foreigner.token, 'songhong').get(`Appointments/CallDiriect/${placed.directCallId}`)).status,
    ).toBe(404);
    expect((await api(member.token).get('Appointments/CallDiriect/2147483648')).status).toBe(404);
    expect(
      (await api(member.token).post('Appointments/CancelCallDiriect', { directCallId: 'x' })).status,
    ).toBe(400);
  });

  it('the database shows a care transaction only the calls that rang that doctor, and no package', async () => {
    const member = await newPatient();
    await grant(member);
    const placed = (await api(member.token).post('Appointments/CallDiriect', {})).json.data;
    const seen = async (email: string) => {
      const { rows } = await asOwner(t.db, 'songkhoe', (sql) =>
        sql.query<{ user_id: number }>('SELECT user_id FROM users WHERE email = $1', [email]),
      );
      return careTransaction(t.db, 'songkhoe', rows[0]!.user_id, async (sql) => ({
        calls: (
          await sql.query('SELECT direct_call_id FROM direct_calls WHERE direct_call_id = $1', [
            placed.directCallId,
          ])
        ).rows.length,
        packages: (await sql.query('SELECT 1 FROM user_packages')).rows.length,
      }));
    };
    expect(await seen('dc-doctor1@example.com')).toEqual({ calls: 1, packages: 0 });
    expect(await seen('dc-doctor3@example.com')).toEqual({ calls: 0, packages: 0 });
    expect(await seen('dc-staff@example.com')).toEqual({ calls: 0, packages: 0 });
    const foreignRows = await asOwner(t.db, 'songhong', (sql) =>
      sql.query('SELECT 1 FROM direct_calls WHERE tenant_id = current_tenant() AND direct_call_id = $1', [
        placed.directCallId,
      ]),
    );
    expect(foreignRows.rows).toHaveLength(0);
    await t.db.tenant('songhong', async (sql) => {
      expect((await sql.query('SELECT 1 FROM direct_calls')).rows).toHaveLength(0);
      expect((await sql.query('SELECT 1 FROM user_packages')).rows).toHaveLength(0);
    });
  });
});

describe('direct call: remote-monitoring (IoMT) packages', () => {
  it("rings the IoMT package's online doctors, counts no calls, and is no membership", async () => {
    const iomtId = await asOwner(t.db, 'songkhoe', async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO iomt_packages (name_vi, name_en, description_vi, description_en, devices_vi, devices_en,
           duration_months, price)
         VALUES ('Theo dõi huyết áp', 'Blood pressure', 'x', 'x', 'Máy đo', 'Monitor', 3, 900000)
         RETURNING iomt_package_id AS id`,
      );
      await sql.query('INSERT INTO iomt_package_doctors (iomt_package_id, doctor_id) VALUES ($1, $2)', [
        rows[0]!.id,
        cat.doctorIds[2]!,
      ]);
      return rows[0]!.id;
    });
    const watched = await newPatient();
    const granted = await grantByOperator(t.db, t.registry.byCode.get('songkhoe')!.config, {
      login: watched.email,
      kind: 'iomt',
      programId: iomtId,
      now: new Date(),
    });
    expect(granted).toMatchObject({ programId: iomtId, calls: null });
    // An IoMT package is no membership: CallDiriect still says to join one.
    expect((await api(watched.token).post('Appointments/CallDiriect', {})).json.codeMessageRespond).toBe(
      'user_not_join',
    );
    const placed = await api(watched.token).post('Appointments/CallDiriectIomt', { programId: iomtId });
    expect(placed.status).toBe(200);
    expect(placed.json.data).toMatchObject({
      kind: 'iomt',
      status: 'ringing',
      doctorsRung: 1,
      callMinutes: 15,
    });
    expect(
      (await api(doctors[0]!).get('Care/DirectCalls')).json.data.map(
        (c: { directCallId: number }) => c.directCallId,
      ),
    ).not.toContain(placed.json.data.directCallId);
    const answered = await api(outsider).post(`Care/DirectCalls/${placed.json.data.directCallId}/Accept`, {});
    expect(answered.status).toBe(200);
    expect(await callsLeft(watched.userId)).toEqual([null]);
  });
});
