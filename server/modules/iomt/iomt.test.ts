import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, PASSWORD } from '../accounts/test-support';
import { setBookingNow } from '../appointments/index';
import { asOwner, createCatalogue, createPatientUser, type TestUser } from '../appointments/care-fixtures';
import { careTransaction } from '../care/index';
import { grantByOperator } from '../direct-calls/index';
import { iomtAdviceSection } from './index';

/**
 * Remote monitoring (IoMT) on the real app and database: the packages a patient holds, their
 * doctors, the call check, advice asked and answered in the care workspace. Who sees a request is
 * the care scope's (migration 037): a doctor of another package, another tenant, hospital staff
 * and other patients never see or answer it.
 */
let t: TestApp;
let packageA: number;
let doctorIds: number[];
let doctors: string[];
let otherPackageDoctor: string;
let staff: string;
let foreignDoctor: string;
let foreignPackage: number;

const api = (token: string, tenant = 'songkhoe', lang = 'vi') => ({
  post: (path: string, body: unknown) => caller(t.app, tenant, lang).post(path, body, { token }),
  get: (path: string) => caller(t.app, tenant, lang).get(path, { token }),
});

async function careAccount(tenant: string, email: string, set: string, id: number): Promise<string> {
  const userId = await createUser(t.db, tenant, { email });
  await asOwner(t.db, tenant, (sql) => sql.query(`UPDATE users SET ${set} WHERE user_id = $1`, [userId, id]));
  const login = await caller(t.app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  return login.json.data.token as string;
}
const doctorAccount = (tenant: string, email: string, doctorId: number) =>
  careAccount(tenant, email, `role = 'doctor', doctor_id = $2`, doctorId);

async function iomtPackage(tenant: string, name: string, doctorIdsOf: number[]): Promise<number> {
  return asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO iomt_packages (name_vi, name_en, devices_vi, devices_en, duration_months, price)
       VALUES ($1, $1, 'Máy đo huyết áp', 'Blood pressure monitor', 3, 900000) RETURNING iomt_package_id AS id`,
      [name],
    );
    for (const d of doctorIdsOf)
      await sql.query('INSERT INTO iomt_package_doctors (iomt_package_id, doctor_id) VALUES ($1, $2)', [
        rows[0]!.id,
        d,
      ]);
    return rows[0]!.id;
  });
}

async function grant(user: TestUser, programId = packageA, tenant = 'songkhoe') {
  const result = await grantByOperator(t.db, t.registry.byCode.get(tenant)!.config, {
    login: user.email,
    kind: 'iomt',
    programId,
    now: new Date(),
  });
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

let n = 0;
const newPatient = (tenant = 'songkhoe', name = `Bệnh Nhân ${n + 1}`) =>
  createPatientUser(t.app, t.db, tenant, `iomt-${++n}@example.com`, name);
/** A time after every granted package (3 months) has ended. */
const afterExpiry = () => new Date(Date.now() + 200 * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const cat = await createCatalogue(t.db, 'songkhoe', 3);
  doctorIds = cat.doctorIds;
  const foreign = await createCatalogue(t.db, 'songhong', 1);
  packageA = await iomtPackage('songkhoe', 'Theo dõi huyết áp', [doctorIds[0]!, doctorIds[1]!]);
  // A second package whose doctor is an outsider to the first one's requests.
  await iomtPackage('songkhoe', 'Theo dõi tiểu đường', [doctorIds[2]!]);
  foreignPackage = await iomtPackage('songhong', 'Theo dõi tim mạch', [foreign.doctorIds[0]!]);
  doctors = [
    await doctorAccount('songkhoe', 'iomt-doctor1@example.com', doctorIds[0]!),
    await doctorAccount('songkhoe', 'iomt-doctor2@example.com', doctorIds[1]!),
  ];
  otherPackageDoctor = await doctorAccount('songkhoe', 'iomt-doctor3@example.com', doctorIds[2]!);
  staff = await careAccount(
    'songkhoe',
    'iomt-staff@example.com',
    `role = 'hospital', hospital_id = $2`,
    cat.hospitalId,
  );
  foreignDoctor = await doctorAccount('songhong', 'iomt-foreign@example.com', foreign.doctorIds[0]!);
});
afterEach(() => setBookingNow(null));
afterAll(async () => {
  await t?.close();
});

describe('the IoMT packages a patient holds', () => {
  it('lists none as [], then the granted package with its devices, active, then expired', async () => {
    const p = await newPatient();
    const none = await api(p.token).get('WalletHistories/GetListIomtPackageOfUser');
    expect(none.status).toBe(200);
    expect(none.json.data).toEqual([]);

    await grant(p);
    const held = await api(p.token).get('WalletHistories/GetListIomtPackageOfUser');
    expect(held.json.data).toEqual([
      expect.objectContaining({
        iomtPackageId: packageA,
        name: 'Theo dõi huyết áp',
        devices: 'Máy đo huyết áp',
        status: 'active',
      }),
    ]);
    const en = await api(p.token, 'songkhoe', 'en').get('WalletHistories/GetListIomtPackageOfUser');
    expect(en.json.data[0].devices).toBe('Blood pressure monitor');

    setBookingNow(afterExpiry());
    const later = await api(p.token).get('WalletHistories/GetListIomtPackageOfUser');
    expect(later.json.data[0].status).toBe('expired');
  });

  it("refuses another user's id, another tenant's token, and a tenant without the feature", async () => {
    const p = await newPatient();
    const other = await newPatient();
    await grant(other);
    const theirs = await api(p.token).get(`WalletHistories/GetListIomtPackageOfUser?UserId=${other.userId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.json.codeMessageRespond).toBe('not_found');
    const own = await api(p.token).get(`WalletHistories/GetListIomtPackageOfUser?UserId=${p.userId}`);
    expect(own.json.data).toEqual([]);

    expect((await api(other.token, 'songhong').get('WalletHistories/GetListIomtPackageOfUser')).status).toBe(
      401,
    );
    const foreigner = await newPatient('songhong');
    await grant(foreigner, foreignPackage, 'songhong');
    const foreignList = await api(foreigner.token, 'songhong').get(
      'WalletHistories/GetListIomtPackageOfUser',
    );
    expect(foreignList.json.data.map((x: { iomtPackageId: number }) => x.iomtPackageId)).toEqual([
      foreignPackage,
    ]);

    const off = await api(p.token, 'saomai').get('WalletHistories/GetListIomtPackageOfUser');
    expect(off.status).toBe(404);
  });
});

describe('the doctors of the package and the call check', () => {
  it('quietly gives [] with zero pagination without a valid package (spec section 8)', async () => {
    const p = await newPatient();
    const zero = { doctors: [], pagination: { pageNumber: 0, pageSize: 0, totalRecords: 0 } };
    expect((await api(p.token).get('Iomt/GetDoctorIomtForUser')).json.data).toEqual(zero);
    await grant(p);
    expect((await api(p.token).get('Iomt/GetDoctorIomtForUser?PageNumber=0&PageSize=0')).json.data).toEqual(
      zero,
    );
    setBookingNow(afterExpiry());
    expect((await api(p.token).get('Iomt/GetDoctorIomtForUser')).json.data).toEqual(zero);
  });

  it("lists only the package's doctors, page by page, with who is online now", async () => {
    const p = await newPatient();
    await grant(p);
    const all = await api(p.token).get('Iomt/GetDoctorIomtForUser');
    expect(all.status).toBe(200);
    expect(all.json.data.doctors.map((d: { doctorId: number }) => d.doctorId).sort()).toEqual(
      [doctorIds[0], doctorIds[1]].sort(),
    );
    expect(all.json.data.doctors[0]).toMatchObject({
      title: 'BS.',
      specialities: [{ name: 'Tai Mũi Họng' }],
    });
    expect(all.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 15, totalRecords: 2 });
    const second = await api(p.token).get('Iomt/GetDoctorIomtForUser?PageNumber=2&PageSize=1');
    expect(second.json.data.doctors).toHaveLength(1);
    expect(second.json.data.pagination.totalRecords).toBe(2);
    expect(
      (await api(p.token).get('Iomt/GetDoctorIomtForUser?PageNumber=9&PageSize=1')).json.data.pagination
        .totalRecords,
    ).toBe(2);

    expect((await api(doctors[0]!).post('Care/Presence', { status: 'online' })).status).toBe(200);
    const online = await api(p.token).get('Iomt/GetDoctorIomtForUser');
    const flags = Object.fromEntries(
      online.json.data.doctors.map((d: { doctorId: number; online: boolean }) => [d.doctorId, d.online]),
    );
    expect(flags).toEqual({ [doctorIds[0]!]: true, [doctorIds[1]!]: false });
    const check = await api(p.token).get('Iomt/CheckIomtCallDiriectOfUser');
    expect(check.json.data).toEqual({ canCall: true, reason: null, doctorsOnline: 1 });
    await api(doctors[0]!).post('Care/Presence', { status: 'away' });
  });

  it('says why no call can be made: user_not_join, package_expired', async () => {
    const p = await newPatient();
    const none = await api(p.token).get('Iomt/CheckIomtCallDiriectOfUser');
    expect(none.json.data).toEqual({ canCall: false, reason: 'user_not_join', doctorsOnline: 0 });
    await grant(p);
    setBookingNow(afterExpiry());
    const expired = await api(p.token).get('Iomt/CheckIomtCallDiriectOfUser');
    expect(expired.json.data).toEqual({ canCall: false, reason: 'package_expired', doctorsOnline: 0 });
  });
});

describe('advice from the package doctors', () => {
  it('is refused without a valid package, with an empty or too long message, another package doctor or family', async () => {
    const p = await newPatient();
    const none = await api(p.token).post('Iomt/ReceivingAdvisory', {
      message: 'Huyết áp 150/95 có sao không?',
    });
    expect(none.status).toBe(409);
    expect(none.json.codeMessageRespond).toBe('user_not_join');
    await grant(p);

    const blank = await api(p.token).post('Iomt/ReceivingAdvisory', { message: '   \n ' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual(['advisory_message_required']);
    const long = await api(p.token, 'songkhoe', 'en').post('Iomt/ReceivingAdvisory', {
      message: 'a'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual(['advisory_message_required']);

    const wrongDoctor = await api(p.token).post('Iomt/ReceivingAdvisory', {
      message: 'Hỏi',
      doctorId: doctorIds[2],
    });
    expect(wrongDoctor.status).toBe(404);
    expect(wrongDoctor.json.codeMessageRespond).toBe('iomt_doctor_not_found');
    expect(wrongDoctor.json.message).toBe('Bác sĩ này không thuộc gói theo dõi sức khỏe của bạn.');
    const stranger = await newPatient();
    const family = await api(p.token).post('Iomt/ReceivingAdvisory', {
      message: 'Hỏi',
      patientId: stranger.patientId,
    });
    expect(family.status).toBe(404);
    expect(family.json.codeMessageRespond).toBe('patient_not_found');

    setBookingNow(afterExpiry());
    const expired = await api(p.token).post('Iomt/ReceivingAdvisory', { message: 'Hỏi' });
    expect(expired.status).toBe(409);
    expect(expired.json.codeMessageRespond).toBe('package_expired');
    expect((await api(p.token).get('Iomt/GetAdvisoryRequests')).json.data.requests).toEqual([]);
  });

  it("reaches only the package's doctors; the first answer closes it and tells the patient", async () => {
    const p = await newPatient('songkhoe', 'Trần Thị Hoa');
    await grant(p);
    const asked = await api(p.token).post('Iomt/ReceivingAdvisory', {
      message: '  Huyết áp sáng nay 150/95,\ntôi có cần đi khám không?  ',
    });
    expect(asked.status).toBe(200);
    expect(asked.json.data).toMatchObject({
      patientId: p.patientId,
      patientName: 'Trần Thị Hoa',
      packageName: 'Theo dõi huyết áp',
      doctorId: null,
      message: 'Huyết áp sáng nay 150/95,\ntôi có cần đi khám không?',
      status: 'open',
      answer: null,
    });
    const id = asked.json.data.advisoryRequestId as number;

    const inbox = await api(doctors[0]!).get('Care/AdvisoryRequests?status=open');
    expect(inbox.status).toBe(200);
    expect(inbox.json.data.requests).toEqual([
      expect.objectContaining({
        advisoryRequestId: id,
        patientName: 'Trần Thị Hoa',
        askedYou: false,
        status: 'open',
      }),
    ]);
    // Another package's doctor, another tenant's doctor: nothing to see, nothing to answer.
    expect((await api(otherPackageDoctor).get('Care/AdvisoryRequests')).json.data.requests).toEqual([]);
    const outsider = await api(otherPackageDoctor).post(`Care/AdvisoryRequests/${id}/Answer`, {
      answer: 'Tôi trả lời',
    });
    expect(outsider.status).toBe(404);
    expect(outsider.json.codeMessageRespond).toBe('advisory_not_found');
    expect((await api(foreignDoctor, 'songhong').get('Care/AdvisoryRequests')).json.data.requests).toEqual(
      [],
    );
    expect(
      (await api(foreignDoctor, 'songhong').post(`Care/AdvisoryRequests/${id}/Answer`, { answer: 'x' }))
        .status,
    ).toBe(404);
    // Hospital staff and patients have no advice inbox.
    expect((await api(staff).get('Care/AdvisoryRequests')).json.codeMessageRespond).toBe('care_doctor_only');
    expect((await api(p.token).get('Care/AdvisoryRequests')).status).toBe(403);
    expect((await api(p.token).post(`Care/AdvisoryRequests/${id}/Answer`, { answer: 'x' })).status).toBe(403);
    expect(
      (await api(doctors[0]!).post(`Care/AdvisoryRequests/${id}/Answer`, { answer: ' ' })).json.errors,
    ).toEqual(['advisory_answer_required']);

    const answered = await api(doctors[0]!).post(`Care/AdvisoryRequests/${id}/Answer`, {
      answer: 'Chị nghỉ ngơi, đo lại sau 30 phút; nếu vẫn trên 140/90 hãy đặt lịch khám.',
    });
    expect(answered.status).toBe(200);
    expect(answered.json.data).toMatchObject({
      status: 'answered',
      answer: { doctorId: doctorIds[0], doctorName: 'BS. Lê Thị Thu 1' },
    });
    const again = await api(doctors[1]!).post(`Care/AdvisoryRequests/${id}/Answer`, {
      answer: 'Tôi cũng trả lời',
    });
    expect(again.status).toBe(409);
    expect(again.json.codeMessageRespond).toBe('advisory_already_answered');
    expect(
      (await api(doctors[1]!).get('Care/AdvisoryRequests?status=answered')).json.data.requests[0],
    ).toMatchObject({
      advisoryRequestId: id,
      answer: { doctorName: 'BS. Lê Thị Thu 1' },
    });

    // The patient reads the answer, in the list and as a notification (in-app, email and push).
    const mine = await api(p.token).get('Iomt/GetAdvisoryRequests');
    expect(mine.json.data.requests[0]).toMatchObject({
      advisoryRequestId: id,
      status: 'answered',
      answer: { answer: 'Chị nghỉ ngơi, đo lại sau 30 phút; nếu vẫn trên 140/90 hãy đặt lịch khám.' },
    });
    const told = await asOwner(t.db, 'songkhoe', async (sql) => {
      const notes = await sql.query<{ type: string; title_vi: string; title_en: string }>(
        'SELECT type, title_vi, title_en FROM notifications WHERE user_id = $1',
        [p.userId],
      );
      const sent = await sql.query<{ channel: string }>(
        `SELECT channel FROM message_deliveries WHERE user_id = $1 AND event = 'advisory-answered' ORDER BY channel`,
        [p.userId],
      );
      return { notes: notes.rows, channels: sent.rows.map((r) => r.channel) };
    });
    expect(told.notes).toEqual([
      {
        type: 'AdvisoryAnswered',
        title_vi: 'BS. Lê Thị Thu 1 đã trả lời câu hỏi của bạn',
        title_en: 'BS. Lê Thị Thu 1 answered your question',
      },
    ]);
    expect(told.channels).toEqual(['email', 'push']);
    // Other patients read only their own.
    const other = await newPatient();
    expect((await api(other.token).get('Iomt/GetAdvisoryRequests')).json.data.requests).toEqual([]);
  });

  it('tells the patient on the channels their preferences keep (email off: in-app and push only)', async () => {
    const p = await newPatient();
    await grant(p);
    const off = { service: false, reminder: true, marketing: false };
    const on = { service: true, reminder: true, marketing: false };
    const saved = await api(p.token).post('Notifications/UpdateNotificationPreferences', {
      channels: { email: off, sms: on, push: on },
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    });
    expect(saved.status).toBe(200);
    const id = (await api(p.token).post('Iomt/ReceivingAdvisory', { message: 'Đường huyết 8.2 lúc đói' }))
      .json.data.advisoryRequestId as number;
    expect(
      (await api(doctors[1]!).post(`Care/AdvisoryRequests/${id}/Answer`, { answer: 'Đo lại ngày mai' }))
        .status,
    ).toBe(200);
    const told = await asOwner(t.db, 'songkhoe', async (sql) => {
      const notes = await sql.query('SELECT 1 FROM notifications WHERE user_id = $1', [p.userId]);
      const sent = await sql.query<{ channel: string }>(
        'SELECT channel FROM message_deliveries WHERE user_id = $1 ORDER BY channel',
        [p.userId],
      );
      return { notes: notes.rows.length, channels: sent.rows.map((r) => r.channel) };
    });
    expect(told).toEqual({ notes: 1, channels: ['push'] });
  });

  it('asked of one doctor, for a family member: only that doctor sees it', async () => {
    const p = await newPatient();
    await grant(p);
    const child = await asOwner(t.db, 'songkhoe', async (sql) => {
      const { rows } = await sql.query<{ id: number }>(
        `INSERT INTO patients (user_id, full_name, gender) VALUES ($1, 'Bé Na', 'F') RETURNING patient_id AS id`,
        [p.userId],
      );
      return rows[0]!.id;
    });
    const asked = await api(p.token).post('Iomt/ReceivingAdvisory', {
      message: 'Bé bị sốt 38.5 độ',
      doctorId: doctorIds[1],
      patientId: child,
    });
    expect(asked.status).toBe(200);
    expect(asked.json.data).toMatchObject({
      patientName: 'Bé Na',
      doctorId: doctorIds[1],
      doctorName: 'BS. Lê Thị Thu 2',
    });
    const id = asked.json.data.advisoryRequestId as number;
    const ids = async (token: string) =>
      (await api(token).get('Care/AdvisoryRequests')).json.data.requests.map(
        (r: { advisoryRequestId: number }) => r.advisoryRequestId,
      );
    expect(await ids(doctors[0]!)).not.toContain(id);
    expect(await ids(doctors[1]!)).toContain(id);
    expect((await api(doctors[0]!).post(`Care/AdvisoryRequests/${id}/Answer`, { answer: 'x' })).status).toBe(
      404,
    );
  });

  it('is narrowed by the database: hand-written SQL as another doctor reads and writes nothing', async () => {
    const p = await newPatient();
    await grant(p);
    const asked = await api(p.token).post('Iomt/ReceivingAdvisory', { message: 'Câu hỏi riêng' });
    const id = asked.json.data.advisoryRequestId as number;
    const outsiderUserId = await asOwner(t.db, 'songkhoe', async (sql) => {
      const { rows } = await sql.query<{ user_id: number }>(
        'SELECT user_id FROM users WHERE doctor_id = $1',
        [doctorIds[2]],
      );
      return rows[0]!.user_id;
    });
    const seen = await careTransaction(t.db, 'songkhoe', outsiderUserId, async (sql) => {
      const read = await sql.query('SELECT * FROM advisory_requests WHERE advisory_request_id = $1', [id]);
      const changed = await sql.query(
        `UPDATE advisory_requests SET status = 'answered', answered_at = now() WHERE advisory_request_id = $1 RETURNING advisory_request_id`,
        [id],
      );
      return { read: read.rows.length, changed: changed.rows.length };
    });
    expect(seen).toEqual({ read: 0, changed: 0 });
    const insideDoctorUserId = await asOwner(t.db, 'songkhoe', async (sql) => {
      const { rows } = await sql.query<{ user_id: number }>(
        'SELECT user_id FROM users WHERE doctor_id = $1',
        [doctorIds[0]],
      );
      return rows[0]!.user_id;
    });
    // Even a doctor of the package cannot write an answer in another doctor's name.
    await expect(
      careTransaction(t.db, 'songkhoe', insideDoctorUserId, (sql) =>
        sql.query(
          `INSERT INTO advisory_answers (advisory_request_id, doctor_id, doctor_name, answer, created_at)
           VALUES ($1, $2, 'x', 'x', now())`,
          [id, doctorIds[1]],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it("is part of the patient's personal data: exported with its answer, erased at the purge", async () => {
    const p = await newPatient();
    await grant(p);
    const id = (await api(p.token).post('Iomt/ReceivingAdvisory', { message: 'Câu hỏi xuất dữ liệu' })).json
      .data.advisoryRequestId as number;
    await api(doctors[0]!).post(`Care/AdvisoryRequests/${id}/Answer`, { answer: 'Trả lời xuất dữ liệu' });
    const exported = await asOwner(t.db, 'songkhoe', (sql) => iomtAdviceSection.export(sql, p.userId));
    expect(exported.data).toEqual([
      expect.objectContaining({
        advisoryRequestId: id,
        message: 'Câu hỏi xuất dữ liệu',
        answer: expect.objectContaining({ answer: 'Trả lời xuất dữ liệu' }),
      }),
    ]);
    await asOwner(t.db, 'songkhoe', (sql) => iomtAdviceSection.erase(sql, p.userId));
    const left = await asOwner(t.db, 'songkhoe', async (sql) => {
      const requests = await sql.query('SELECT 1 FROM advisory_requests WHERE user_id = $1', [p.userId]);
      const answers = await sql.query('SELECT 1 FROM advisory_answers WHERE advisory_request_id = $1', [id]);
      return requests.rows.length + answers.rows.length;
    });
    expect(left).toBe(0);
  });
});
