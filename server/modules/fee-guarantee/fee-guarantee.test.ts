import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../appointments/care-fixtures';
import {
  admin,
  appointment,
  call,
  createWorld,
  REQUEST,
  requestFrom,
  user,
  type World,
} from './test-fixtures';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

const CREATE = 'HospitalBillCoverages/CreateHospitalBillCoverage';

describe('fee guarantee requests', () => {
  it('creates a request from an appointment with payment method 3: patient and hospital from it', async () => {
    const u = await user(w);
    const appointmentId = await appointment(w, 'songhong', u);
    const r = await call(w, 'songhong', u.token, 'POST', CREATE, {
      ...REQUEST,
      appointmentId,
      note: ' ICU ',
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 'waiting',
      appointmentId,
      patientId: u.patientId,
      hospitalId: w.cat.songhong!.hospitalId,
      hospitalName: 'Bệnh viện Thử Nghiệm',
      insuranceCompany: 'Bảo Việt',
      estimatedAmount: 5_000_000,
      note: 'ICU',
      approvedAmount: null,
      signatureUrl: null,
    });
    expect(r.json.data.appointmentNumber).toEqual(expect.any(String));
    // One live request per appointment.
    const again = await call(w, 'songhong', u.token, 'POST', CREATE, { ...REQUEST, appointmentId });
    expect(again.status).toBe(409);
    expect(again.json.codeMessageRespond).toBe('fee_guarantee_exists');
  });

  it('creates a request from the menu with a patient and a hospital, and lists it newest first', async () => {
    const u = await user(w);
    const first = await call(w, 'songhong', u.token, 'POST', CREATE, {
      ...REQUEST,
      patientId: u.patientId,
      hospitalId: w.cat.songhong!.hospitalId,
    });
    expect(first.status).toBe(200);
    expect(first.json.data.appointmentId).toBeNull();
    const missing = await call(w, 'songhong', u.token, 'POST', CREATE, REQUEST);
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(['select_patient', 'select_hospital']);
    const blank = await call(w, 'songhong', u.token, 'POST', CREATE, {
      ...REQUEST,
      policyNumber: '   ',
      patientId: u.patientId,
      hospitalId: w.cat.songhong!.hospitalId,
    });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toContain('enter_policy_number');
    const appointmentId = await appointment(w, 'songhong', u);
    const second = await requestFrom(w, 'songhong', u, appointmentId);
    const list = await call(
      w,
      'songhong',
      u.token,
      'GET',
      'HospitalBillCoverages/GetMyHospitalBillCoverages?PageSize=1',
    );
    expect(list.status).toBe(200);
    expect(list.json.data.pagination).toEqual({ pageNumber: 1, pageSize: 1, totalRecords: 2 });
    expect(list.json.data.feeGuarantees.map((f: { feeGuaranteeId: number }) => f.feeGuaranteeId)).toEqual([
      second,
    ]);
    const ofAppointment = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetMyHospitalBillCoverages?AppointmentId=${appointmentId}`,
    );
    expect(ofAppointment.json.data.feeGuarantees).toHaveLength(1);
    expect(ofAppointment.json.data.feeGuarantees[0].feeGuaranteeId).toBe(second);
  });

  it('refuses another payment method, a closed appointment, another user’s appointment or patient', async () => {
    const u = await user(w);
    const other = await user(w);
    const cash = await appointment(w, 'songhong', u, { paymentMethod: 0 });
    const r1 = await call(w, 'songhong', u.token, 'POST', CREATE, { ...REQUEST, appointmentId: cash });
    expect([r1.status, r1.json.codeMessageRespond]).toEqual([400, 'fee_guarantee_payment_method']);
    const cancelled = await appointment(w, 'songhong', u, { status: 5 });
    const r2 = await call(w, 'songhong', u.token, 'POST', CREATE, { ...REQUEST, appointmentId: cancelled });
    expect([r2.status, r2.json.codeMessageRespond]).toEqual([400, 'fee_guarantee_appointment_closed']);
    const theirs = await appointment(w, 'songhong', other);
    const r3 = await call(w, 'songhong', u.token, 'POST', CREATE, { ...REQUEST, appointmentId: theirs });
    expect([r3.status, r3.json.codeMessageRespond]).toEqual([404, 'appointment_error']);
    const r4 = await call(w, 'songhong', u.token, 'POST', CREATE, {
      ...REQUEST,
      patientId: other.patientId,
      hospitalId: w.cat.songhong!.hospitalId,
    });
    expect([r4.status, r4.json.codeMessageRespond]).toEqual([404, 'patient_not_found']);
    const r5 = await call(w, 'songhong', u.token, 'POST', CREATE, {
      ...REQUEST,
      patientId: u.patientId,
      hospitalId: w.cat.songkhoe!.hospitalId,
    });
    expect([r5.status, r5.json.codeMessageRespond]).toEqual([404, 'hospital_not_found']);
    const mine = await call(
      w,
      'songhong',
      u.token,
      'GET',
      'HospitalBillCoverages/GetMyHospitalBillCoverages',
    );
    expect(mine.json.data.pagination.totalRecords).toBe(0);
  });

  it('needs the health-data consent, and the feature (off on saomai)', async () => {
    const u = await user(w, 'songhong', false);
    const appointmentId = await appointment(w, 'songhong', u);
    const r = await call(w, 'songhong', u.token, 'POST', CREATE, { ...REQUEST, appointmentId });
    expect([r.status, r.json.codeMessageRespond]).toEqual([403, 'consent_required']);
    const s = await user(w, 'saomai');
    const off = await call(w, 'saomai', s.token, 'GET', 'HospitalBillCoverages/GetMyHospitalBillCoverages');
    expect([off.status, off.json.codeMessageRespond]).toEqual([404, 'feature_disabled']);
  });

  it('reads one request with an access-log entry; cancels only while waiting', async () => {
    const u = await user(w);
    const id = await requestFrom(w, 'songhong', u, await appointment(w, 'songhong', u));
    const one = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${id}`,
    );
    expect(one.status).toBe(200);
    const log = await asOwner(w.t.db, 'songhong', (sql) =>
      sql.query<{ action: string; resource_id: string; patient_id: number }>(
        `SELECT action, resource_id, patient_id FROM data_access_log
          WHERE user_id = $1 AND resource_kind = 'fee_guarantee' ORDER BY access_id`,
        [u.userId],
      ),
    );
    expect(log.rows.map((r) => [r.action, Number(r.resource_id), r.patient_id])).toEqual([
      ['view', id, u.patientId],
    ]);
    const cancel = await call(
      w,
      'songhong',
      u.token,
      'POST',
      `HospitalBillCoverages/CancelHospitalBillCoverage/${id}`,
    );
    expect([cancel.status, cancel.json.data.status]).toEqual([200, 'cancelled']);
    const twice = await call(
      w,
      'songhong',
      u.token,
      'POST',
      `HospitalBillCoverages/CancelHospitalBillCoverage/${id}`,
    );
    expect([twice.status, twice.json.codeMessageRespond]).toEqual([409, 'fee_guarantee_not_waiting']);
  });
});

describe('operator decisions (npm run admin -- fee-guarantees)', () => {
  it('approves with an amount and notifies the patient; rejects with a reason; only waiting ones', async () => {
    const u = await user(w);
    const a = await requestFrom(w, 'songhong', u, await appointment(w, 'songhong', u));
    const b = await requestFrom(w, 'songhong', u, await appointment(w, 'songhong', u));
    const listed = await admin(w, 'list', 'songhong', 'waiting');
    expect(listed.code).toBe(0);
    expect(listed.output).toContain(`${a}`);
    expect(await admin(w, 'approve', 'songhong', String(a))).toMatchObject({ code: 2 });
    expect(
      await admin(w, 'approve', 'songhong', String(a), '--amount', '4500000', '--note', 'Phòng thường'),
    ).toMatchObject({ code: 0 });
    expect(await admin(w, 'reject', 'songhong', String(b))).toMatchObject({ code: 2 });
    expect(await admin(w, 'reject', 'songhong', String(b), '--reason', 'Hợp đồng hết hạn')).toMatchObject({
      code: 0,
    });
    // Decided already, or another tenant's id: nothing changes.
    expect(await admin(w, 'reject', 'songhong', String(a), '--reason', 'x')).toMatchObject({ code: 1 });
    expect(await admin(w, 'approve', 'songkhoe', String(b), '--amount', '1')).toMatchObject({ code: 1 });
    const ra = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${a}`,
    );
    expect(ra.json.data).toMatchObject({
      status: 'approved',
      approvedAmount: 4_500_000,
      decisionNote: 'Phòng thường',
    });
    const rb = await call(
      w,
      'songhong',
      u.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${b}`,
    );
    expect(rb.json.data).toMatchObject({
      status: 'rejected',
      approvedAmount: null,
      decisionNote: 'Hợp đồng hết hạn',
    });
    const notes = await call(w, 'songhong', u.token, 'GET', 'Notifications/GetAllNotifications');
    expect(JSON.stringify(notes.json.data)).toContain('Hợp đồng hết hạn');
    // Each decision is also an email (and SMS, push) on its way, through the message pipeline.
    const queued = await w.t.db.tenant('songhong', (sql) =>
      sql.query<{ dedup_key: string }>(
        `SELECT dedup_key FROM message_deliveries WHERE dedup_key LIKE 'fee-guarantee-decided:%' AND channel = 'email'
           AND dedup_key IN ($1, $2)`,
        [`fee-guarantee-decided:${a}:email`, `fee-guarantee-decided:${b}:email`],
      ),
    );
    expect(queued.rows).toHaveLength(2);
    // A cancelled request cannot be approved.
    const c = await requestFrom(w, 'songhong', u, await appointment(w, 'songhong', u));
    await call(w, 'songhong', u.token, 'POST', `HospitalBillCoverages/CancelHospitalBillCoverage/${c}`);
    expect(await admin(w, 'approve', 'songhong', String(c), '--amount', '1')).toMatchObject({ code: 1 });
  });
});

describe('isolation', () => {
  it('another user’s or tenant’s id answers 404 on every endpoint; RLS hides the rows', async () => {
    const owner = await user(w);
    const stranger = await user(w);
    const id = await requestFrom(w, 'songhong', owner, await appointment(w, 'songhong', owner));
    const foreignOwner = await user(w, 'songkhoe');
    const foreign = await requestFrom(
      w,
      'songkhoe',
      foreignOwner,
      await appointment(w, 'songkhoe', foreignOwner),
    );
    for (const target of [id, foreign]) {
      const paths: ['GET' | 'POST', string][] = [
        ['GET', `HospitalBillCoverages/GetHospitalBillCoverage/${target}`],
        ['POST', `HospitalBillCoverages/CancelHospitalBillCoverage/${target}`],
        ['GET', `HospitalBillCoverages/ViewSignature/${target}`],
        ['GET', `HospitalBillCoverages/GetConfirmationPdf/${target}`],
        ['POST', `Appointments/SignatureHospitalBillCoverageConfirmForWeb/${target}`],
      ];
      for (const [method, path] of paths) {
        const r = await call(w, 'songhong', stranger.token, method, path);
        expect([path, r.status, r.json.codeMessageRespond]).toEqual([path, 404, 'fee_guarantee_not_found']);
      }
    }
    const seen = await w.t.db.tenant('songhong', (sql) =>
      sql.query<{ n: string }>(
        'SELECT count(*) AS n FROM fee_guarantee_requests WHERE fee_guarantee_id = $1',
        [foreign],
      ),
    );
    expect(Number(seen.rows[0]!.n)).toBe(0);
    const list = await call(
      w,
      'songhong',
      stranger.token,
      'GET',
      'HospitalBillCoverages/GetMyHospitalBillCoverages',
    );
    expect(list.json.data.feeGuarantees).toEqual([]);
    const still = await call(
      w,
      'songhong',
      owner.token,
      'GET',
      `HospitalBillCoverages/GetHospitalBillCoverage/${id}`,
    );
    expect(still.json.data.status).toBe('waiting');
  });
});
