import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_TTL_SECONDS } from '../../../schemas/care';
import { runJoinRequests } from '../../admin/commands/join-requests';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, PASSWORD } from '../accounts/test-support';
import { setBookingNow } from '../appointments/index';
import {
  addAppointment,
  asOwner,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from '../appointments/care-fixtures';

/**
 * The care workspace API: who may use it (care accounts only, of the tenant), what each actor sees
 * (row-level security: own doctor's or hospital's appointments), the writes (complete, cancel,
 * no-show) the patient then sees, reads logged in the patient's access log, and presence.
 */
const NOW = new Date('2026-03-18T05:00:00Z'); // Wednesday 18 March 2026, 12:00 in Hanoi
const hanoi = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

let t: TestApp;
let cat: Catalogue;
let other: Catalogue;
let patient: TestUser;
let foreigner: TestUser;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};
const api = (tenant = 'songkhoe') => caller(t.app, tenant, 'en');

async function careLogin(tenant: string, email: string, extra: Record<string, unknown>): Promise<string> {
  await createUser(t.db, tenant, { email, extra });
  const login = await api(tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  expect(login.json.data.role).toBe(extra.role);
  return login.json.data.token as string;
}

beforeAll(async () => {
  t = await createTestApp();
  setBookingNow(NOW);
  cat = await createCatalogue(t.db, 'songkhoe', 3);
  other = await createCatalogue(t.db, 'songhong', 1);
  const secondHospital = await asOwner(t.db, 'songkhoe', async (sql) => {
    const { rows } = await sql.query<{ hospital_id: number }>(
      `INSERT INTO hospitals (name) VALUES ('Bệnh viện Khác') RETURNING hospital_id`,
    );
    await sql.query('INSERT INTO doctor_hospitals (doctor_id, hospital_id) VALUES ($1, $2)', [
      cat.doctorIds[2],
      rows[0]!.hospital_id,
    ]);
    return rows[0]!.hospital_id;
  });
  patient = await createPatientUser(t.app, t.db, 'songkhoe', 'care-patient@example.com', 'Trần Thị Bình');
  foreigner = await createPatientUser(t.app, t.db, 'songhong', 'care-foreigner@example.com');
  const [d1, d2, d3] = cat.doctorIds as [number, number, number];
  ids.mine = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: d1,
    hospitalId: cat.hospitalId,
    startsAt: hanoi('2026-03-18', '15:00'),
    note: 'Đau họng ba ngày',
  });
  ids.video = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: d1,
    serviceTypeId: 1,
    startsAt: hanoi('2026-03-20', '09:00'),
  });
  ids.early = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: d1,
    hospitalId: cat.hospitalId,
    startsAt: hanoi('2026-03-18', '09:00'),
    status: 10,
    paymentStatus: 2,
  });
  ids.theirs = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: d2,
    hospitalId: cat.hospitalId,
    startsAt: hanoi('2026-03-18', '16:00'),
  });
  ids.elsewhere = await addAppointment(t.db, 'songkhoe', patient, {
    doctorId: d3,
    hospitalId: secondHospital,
    startsAt: hanoi('2026-03-19', '10:00'),
  });
  ids.foreign = await addAppointment(t.db, 'songhong', foreigner, {
    doctorId: other.doctorIds[0]!,
    hospitalId: other.hospitalId,
    startsAt: hanoi('2026-03-18', '15:00'),
  });
  // A health record shared with `mine`, and one that was not shared.
  await asOwner(t.db, 'songkhoe', async (sql) => {
    const shared = await sql.query<{ id: number }>(
      `INSERT INTO health_records (user_id, patient_id, record_name, remark, record_type) VALUES ($1, $2, 'Kết quả xét nghiệm máu', 'tháng 2', 1)
       RETURNING health_record_id AS id`,
      [patient.userId, patient.patientId],
    );
    ids.record = shared.rows[0]!.id;
    await sql.query(
      `INSERT INTO health_records (user_id, patient_id, record_name) VALUES ($1, $2, 'Không chia sẻ')`,
      [patient.userId, patient.patientId],
    );
    await sql.query(
      'INSERT INTO appointment_health_records (appointment_id, health_record_id) VALUES ($1, $2)',
      [ids.mine, ids.record],
    );
    // The patient's consent exists (records were created through the app in real life).
  });
  tokens.doctor1 = await careLogin('songkhoe', 'doctor1@care.test', { role: 'doctor', doctor_id: d1 });
  tokens.doctor2 = await careLogin('songkhoe', 'doctor2@care.test', { role: 'doctor', doctor_id: d2 });
  tokens.staff = await careLogin('songkhoe', 'staff@care.test', {
    role: 'hospital',
    hospital_id: cat.hospitalId,
  });
  tokens.foreignDoctor = await careLogin('songhong', 'doctor@foreign.test', {
    role: 'doctor',
    doctor_id: other.doctorIds[0],
  });
});

afterEach(() => setBookingNow(NOW));
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const list = async (token: string, scope = 'today') => {
  const res = await api().get(`Care/Appointments?scope=${scope}`, { token });
  expect(res.status).toBe(200);
  return (res.json.data.appointments as { appointmentId: number }[]).map((a) => a.appointmentId);
};

describe('care workspace: who may use it', () => {
  it('refuses anonymous callers (401), patients (403 care_forbidden) and other tenants’ tokens', async () => {
    expect((await api().get('Care/Me')).status).toBe(401);
    const asPatient = await api().get('Care/Me', { token: patient.token });
    expect(asPatient.status).toBe(403);
    expect(asPatient.json.codeMessageRespond).toBe('care_forbidden');
    expect(asPatient.json.message).toBeTruthy();
    expect((await api().get('Care/Me', { token: tokens.foreignDoctor })).status).toBe(401);
  });

  it('answers who the care user is', async () => {
    const me = await api().get('Care/Me', { token: tokens.doctor1 });
    expect(me.json.data).toMatchObject({
      role: 'doctor',
      doctorId: cat.doctorIds[0],
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(me.json.data.label).toMatch(/Lê Thị Thu 1$/);
  });
});

describe('care workspace: what each actor sees', () => {
  it("lists a doctor's own appointments only: today, upcoming and the video call window", async () => {
    expect(await list(tokens.doctor1!)).toEqual([ids.early, ids.mine]);
    expect(await list(tokens.doctor1!, 'upcoming')).toEqual([ids.video]);
    expect(await list(tokens.doctor2!)).toEqual([ids.theirs]);
    const upcoming = await api().get('Care/Appointments?scope=upcoming', { token: tokens.doctor1 });
    expect(upcoming.json.data.appointments[0].call).toMatchObject({
      isVideo: true,
      state: 'not_yet_scheduled',
    });
  });

  it("lists hospital staff every appointment at their hospital, no other hospital's", async () => {
    expect(await list(tokens.staff!)).toEqual([ids.early, ids.mine, ids.theirs]);
    // doctor 3's visit at the other hospital is not this hospital's
    expect(await list(tokens.staff!, 'upcoming')).toEqual([ids.video]);
  });

  it("answers 404 for another doctor's or another tenant's appointment", async () => {
    for (const id of [ids.theirs, ids.foreign, ids.elsewhere]) {
      const res = await api().get(`Care/Appointments/${id}`, { token: tokens.doctor1 });
      expect(res.status).toBe(404);
      expect(res.json.codeMessageRespond).toBe('appointment_error');
    }
    expect(
      (await api('songhong').get(`Care/Appointments/${ids.mine}`, { token: tokens.foreignDoctor })).status,
    ).toBe(404);
  });

  it('shows the shared records only, and records each read in the patient’s access log', async () => {
    const res = await api().get(`Care/Appointments/${ids.mine}`, { token: tokens.doctor1 });
    expect(res.status).toBe(200);
    const data = res.json.data;
    expect(data).toMatchObject({ patientName: 'Trần Thị Bình', note: 'Đau họng ba ngày', canComplete: true });
    expect(data.sharedRecords.map((r: { recordName: string }) => r.recordName)).toEqual([
      'Kết quả xét nghiệm máu',
    ]);
    const log = await api().get('Users/GetDataAccessLog', { token: patient.token });
    expect(log.json.data.entries[0]).toMatchObject({
      actor: { kind: 'doctor' },
      action: 'view',
      resource: { kind: 'health_record', id: ids.record },
    });
    expect(log.json.data.entries[0].actor.label).toMatch(/Lê Thị Thu 1$/);
  });
});

describe('care workspace: complete, cancel, no-show', () => {
  it('validates the note with translated messages (no 5xx)', async () => {
    const res = await api().post(
      `Care/Appointments/${ids.mine}/Complete`,
      { diagnosis: ' ', note: '' },
      {
        token: tokens.doctor1,
      },
    );
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual(expect.arrayContaining(['diagnosis_required']));
    expect(res.json.message).toBeTruthy();
  });

  it('completes with a note the patient then reads; another doctor cannot', async () => {
    const body = {
      diagnosis: 'Viêm họng cấp',
      note: 'Họng đỏ, không sốt.',
      advice: 'Uống nhiều nước.',
      prescription: [
        { name: 'Paracetamol 500 mg', dosage: '1 viên', frequency: '3 lần/ngày', days: 5, note: '' },
      ],
    };
    expect(
      (await api().post(`Care/Appointments/${ids.mine}/Complete`, body, { token: tokens.doctor2 })).status,
    ).toBe(404);
    const res = await api().post(`Care/Appointments/${ids.mine}/Complete`, body, { token: tokens.doctor1 });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 10, canComplete: false });
    expect(res.json.data.consultations[0]).toMatchObject({ diagnosis: 'Viêm họng cấp' });
    const seen = await api().get(`Appointments/GetAllConsulationByAppointment/${ids.mine}`, {
      token: patient.token,
    });
    expect(seen.json.data[0]).toMatchObject({ note: 'Họng đỏ, không sốt.', advice: 'Uống nhiều nước.' });
    const again = await api().post(`Care/Appointments/${ids.mine}/Complete`, body, { token: tokens.doctor1 });
    expect(again.status).toBe(409);
    expect(again.json.codeMessageRespond).toBe('appointment_not_active');
  });

  it('cancels as the hospital; the patient sees "cancelled by hospital"', async () => {
    const res = await api().post(
      `Care/Appointments/${ids.theirs}/Cancel`,
      { reason: 'Bác sĩ nghỉ ốm' },
      { token: tokens.staff },
    );
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      status: 5,
      cancelledBy: 'hospital',
      cancelReason: 'Bác sĩ nghỉ ốm',
    });
    const seen = await api().get(`Appointments/GetAppointment/${ids.theirs}`, { token: patient.token });
    expect(seen.json.data).toMatchObject({ status: 5, cancelledBy: 'hospital' });
    // The patient is told, although the care scope hides their account from the staff member.
    const told = await asOwner(t.db, 'songkhoe', (sql) =>
      sql.query<{ type: string }>(
        `SELECT type FROM notifications WHERE user_id = $1 AND type = 'AppointmentCancelled'`,
        [patient.userId],
      ),
    );
    expect(told.rows).toHaveLength(1);
  });

  it('marks a no-show only after the start', async () => {
    setBookingNow(hanoi('2026-03-20', '08:00'));
    const early = await api().post(`Care/Appointments/${ids.video}/NoShow`, {}, { token: tokens.doctor1 });
    expect(early.status).toBe(409);
    expect(early.json.codeMessageRespond).toBe('no_show_too_early');
    setBookingNow(hanoi('2026-03-20', '09:20'));
    const res = await api().post(`Care/Appointments/${ids.video}/NoShow`, {}, { token: tokens.doctor1 });
    expect(res.status).toBe(200);
    expect(res.json.data.status).toBe(11);
  });
});

describe('care workspace: presence for direct calls', () => {
  it('is online while heartbeats arrive, then lapses by itself', async () => {
    const on = await api().post('Care/Presence', { status: 'online' }, { token: tokens.doctor1 });
    expect(on.json.data.status).toBe('online');
    setBookingNow(new Date(NOW.getTime() + (PRESENCE_TTL_SECONDS - 1) * 1000));
    expect((await api().get('Care/Presence', { token: tokens.doctor1 })).json.data.status).toBe('online');
    setBookingNow(new Date(NOW.getTime() + (PRESENCE_TTL_SECONDS + 1) * 1000));
    expect((await api().get('Care/Presence', { token: tokens.doctor1 })).json.data).toEqual({
      status: 'away',
      expiresAt: null,
    });
  });

  it('goes away at once when chosen, and is for doctors only', async () => {
    await api().post('Care/Presence', { status: 'online' }, { token: tokens.doctor2 });
    const off = await api().post('Care/Presence', { status: 'away' }, { token: tokens.doctor2 });
    expect(off.json.data.status).toBe('away');
    const staff = await api().post('Care/Presence', { status: 'online' }, { token: tokens.staff });
    expect(staff.status).toBe(403);
    expect(staff.json.codeMessageRespond).toBe('care_doctor_only');
    const bad = await api().post('Care/Presence', { status: 'busy' }, { token: tokens.doctor2 });
    expect(bad.status).toBe(400);
  });
});

describe('join approval creates the care account', () => {
  it('approving a doctor’s request creates the account, emails the invitation, and it signs in like a patient', async () => {
    const requestId = await asOwner(t.db, 'songkhoe', async (sql) => {
      const d = await sql.query<{ doctor_id: number }>(
        `INSERT INTO doctors (full_name, gender, approval_status) VALUES ('Phạm Minh Tuấn', 'M', 0) RETURNING doctor_id`,
      );
      const j = await sql.query<{ id: number }>(
        `INSERT INTO join_requests (kind, doctor_id, email, mobile_number, form) VALUES ('doctor', $1, 'New.Doctor@example.com', '0901234567', '{}')
         RETURNING join_request_id AS id`,
        [d.rows[0]!.doctor_id],
      );
      return j.rows[0]!.id;
    });
    const printed: string[] = [];
    const code = await runJoinRequests({
      db: t.db,
      registry: t.registry,
      args: ['approve', 'songkhoe', String(requestId)],
      print: (line) => printed.push(line),
      delivery: { production: false, email: null, sms: null, from: 'x', onError: () => undefined },
    });
    expect(code).toBe(0);
    expect(printed.join('\n')).toMatch(
      /care account \d+ \(doctor\) created; invitation sent to New.Doctor@example.com/,
    );
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?to=new.doctor@example.com',
      headers: { companycode: 'songkhoe' },
    });
    const message = outbox.json().data[0];
    expect(message.subject).toMatch(/Mời đăng nhập khu làm việc/);
    expect(message.body).toContain('/care');
    // The invitation's way in: forgot password (code to the address), then the ordinary sign-in.
    const c = api();
    await c.post('Auth/RequestOTP', { username: 'new.doctor@example.com', otpType: 1 });
    const otp = await c.lastCode('new.doctor@example.com');
    const changed = await c.post('Auth/ChangePassword', {
      otp,
      otpType: 1,
      username: 'new.doctor@example.com',
      password: 'Bacsi@2026x',
    });
    expect(changed.json.isSuccess).toBe(true);
    const login = await c.post(
      'Auth/Login',
      { userName: 'new.doctor@example.com', password: 'Bacsi@2026x' },
      {
        device: DEVICE_A,
      },
    );
    expect(login.json.data).toMatchObject({ role: 'doctor' });
    const me = await c.get('Care/Me', { token: login.json.data.token });
    expect(me.json.data.label).toMatch(/Phạm Minh Tuấn$/);
  });

  it('locks a care account after wrong passwords, as any account', async () => {
    for (let i = 0; i < 5; i++)
      await api().post('Auth/Login', { userName: 'doctor2@care.test', password: 'Wrong@123' });
    const locked = await api().post('Auth/Login', { userName: 'doctor2@care.test', password: PASSWORD });
    expect(locked.json.codeMessageRespond).toBe('AccountLocked');
  });
});
