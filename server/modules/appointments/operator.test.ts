import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command } from '../../admin/commands/appointments';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_PASSWORD } from '../../seed/accounts';
import { caller, onTenant } from '../accounts/test-support';
import { scheduleReminders } from '../reminders/index';
import {
  addAppointment,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from './care-fixtures';

/**
 * The operator command (`npm run admin -- appointments ...`) and the demo appointment seed, on a
 * seeded database (small catalogue).
 */

let t: TestApp;
let cat: Catalogue;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seed: true, doctors: 10 });
  cat = await createCatalogue(t.db, 'songkhoe', 3);
  user = await createPatientUser(t.app, t.db, 'songkhoe', 'op-patient@example.com', 'Phạm Minh Châu');
});
afterAll(() => t?.close());

const run = async (args: string[]) => {
  const lines: string[] = [];
  const code = await command.run({ db: t.db, registry: t.registry, args, print: (l) => lines.push(l) });
  return { code, out: lines.join('\n') };
};
const future = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('demo appointment seed', () => {
  it.each(['songkhoe', 'songhong', 'saomai'])(
    '%s: each demo patient has a completed+noted, a completed+reviewed and a cancelled appointment',
    async (tenant) => {
      const rows = await onTenant<{
        patient_id: number;
        status: number;
        notes: number;
        reviewed: boolean;
        doctor_tenant: string;
      }>(
        t.db,
        tenant,
        `SELECT a.patient_id, a.status,
                (SELECT count(*)::int FROM consultations c WHERE c.appointment_id = a.appointment_id) AS notes,
                EXISTS (SELECT 1 FROM doctor_feedbacks f WHERE f.appointment_id = a.appointment_id) AS reviewed,
                d.tenant_id AS doctor_tenant
           FROM appointments a JOIN users u ON u.user_id = a.user_id JOIN doctors d ON d.doctor_id = a.doctor_id
          WHERE u.email = $1 ORDER BY a.patient_id, a.starts_at DESC`,
        [`demo@${tenant}.example`],
      );
      const patients = [...new Set(rows.map((r) => r.patient_id))];
      expect(patients.length).toBeGreaterThanOrEqual(1);
      for (const p of patients) {
        const mine = rows.filter((r) => r.patient_id === p);
        expect(mine.filter((r) => r.status === 10 && r.notes === 1 && !r.reviewed)).toHaveLength(1);
        expect(mine.filter((r) => r.status === 10 && r.reviewed)).toHaveLength(1);
        expect(mine.filter((r) => r.status === 5)).toHaveLength(1);
      }
      expect(rows.every((r) => r.doctor_tenant === tenant)).toBe(true);
    },
  );

  it('the demo patient sees them and can review the unreviewed one', async () => {
    const api = caller(t.app, 'songhong');
    const login = await api.post('Auth/Login', {
      userName: 'demo@songhong.example',
      password: DEMO_PASSWORD,
    });
    const token = login.json.data.token as string;
    const past = await api.get('Appointments/GetAllAppointments?type=1', { token });
    expect(past.json.data.pagination.totalRecords).toBeGreaterThanOrEqual(3);
    const open = (past.json.data.appointments as { appointmentId: number; canReview: boolean }[]).find(
      (a) => a.canReview,
    )!;
    const notes = await api.get(`Appointments/GetAllConsulationByAppointment/${open.appointmentId}`, {
      token,
    });
    expect(notes.json.data[0].prescription.length).toBeGreaterThan(0);
    const review = await api.post(
      'Appointments/AddAppointmentReview',
      { appointmentId: open.appointmentId, rating: 4, comment: 'Khám kỹ' },
      { token },
    );
    expect(review.status, JSON.stringify(review.json)).toBe(200);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/v1/Appointments/Receipt/${open.appointmentId}`,
      headers: { companycode: 'songhong', authorization: `Bearer ${token}` },
    });
    expect(receipt.statusCode).toBe(200);
  });
});

describe('npm run admin -- appointments', () => {
  it('lists a tenant’s appointments, or one account’s by email or phone', async () => {
    const all = await run(['list', 'songkhoe']);
    expect(all.code).toBe(0);
    expect(all.out).toContain('<demo@songkhoe.example>');
    const byPhone = await run(['list', 'songkhoe', '--user', '0900000001']);
    expect(byPhone.out.split('\n').length).toBeGreaterThanOrEqual(3);
    expect(byPhone.out).toContain('Completed');
    expect(byPhone.out).toContain('Cancelled');
    expect((await run(['list', 'songkhoe', '--user', 'nobody@example.com'])).out).toBe('no appointments');
    expect((await run(['list', 'nowhere'])).code).toBe(2);
    expect((await run(['explode', 'songkhoe'])).code).toBe(2);
  });

  it('complete: status Completed, a cash payment Completed, the note and prescription for the patient', async () => {
    const id = await addAppointment(t.db, 'songkhoe', user, {
      doctorId: cat.doctorIds[0]!,
      startsAt: future(2),
    });
    const prescription = JSON.stringify([
      { name: 'Amoxicillin 500 mg', dosage: '1 viên', frequency: '2 lần/ngày', days: 7, note: 'Sau ăn' },
    ]);
    await t.db.tenant('songkhoe', (sql) =>
      scheduleReminders(sql, t.registry.byCode.get('songkhoe')!.config, {
        appointmentId: id,
        userId: user.userId,
        startsAt: future(2),
      }),
    );
    const args = ['complete', 'songkhoe', String(id), '--note', 'Đỡ nhiều', '--diagnosis', 'Viêm xoang'];
    expect((await run([...args, '--prescription', '{not json'])).code).toBe(2);
    expect((await run([...args, '--prescription', '[{"dosage":"x"}]'])).code).toBe(2);
    expect((await run(['complete', 'songkhoe', String(id), '--diagnosis', 'x'])).code).toBe(2);
    expect((await run([...args.slice(0, 1), 'songhong', ...args.slice(2)])).code).toBe(1); // other tenant's id
    const done = await run([...args, '--prescription', prescription]);
    expect(done.code, done.out).toBe(0);
    const [row] = await onTenant<{ status: number; payment_status: number; completed: boolean }>(
      t.db,
      'songkhoe',
      'SELECT status, payment_status, completed_at IS NOT NULL AS completed FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ status: 10, payment_status: 2, completed: true });
    // A completed appointment is not reminded of any more.
    const reminders = await onTenant<{ state: string }>(
      t.db,
      'songkhoe',
      'SELECT state FROM appointment_reminders WHERE appointment_id = $1',
      [id],
    );
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((r) => r.state === 'cancelled')).toBe(true);
    const notes = await caller(t.app, 'songkhoe').get(`Appointments/GetAllConsulationByAppointment/${id}`, {
      token: user.token,
    });
    expect(notes.json.data).toEqual([
      expect.objectContaining({
        diagnosis: 'Viêm xoang',
        note: 'Đỡ nhiều',
        prescription: [
          { name: 'Amoxicillin 500 mg', dosage: '1 viên', frequency: '2 lần/ngày', days: 7, note: 'Sau ăn' },
        ],
      }),
    ]);
    const detail = await caller(t.app, 'songkhoe').get(`Appointments/GetAppointment/${id}`, {
      token: user.token,
    });
    expect(detail.json.data).toMatchObject({ status: 10, canReview: true, canCancel: false });
    expect((await run([...args, '--prescription', prescription])).code).toBe(1); // already completed
  });

  it('cancel: on behalf of the doctor or the hospital, the slot freed', async () => {
    const id = await addAppointment(t.db, 'songkhoe', user, {
      doctorId: cat.doctorIds[1]!,
      startsAt: future(3),
    });
    expect((await run(['cancel', 'songkhoe', String(id), '--by', 'patient', '--reason', 'x'])).code).toBe(2);
    expect((await run(['cancel', 'songkhoe', String(id), '--by', 'doctor'])).code).toBe(2);
    expect((await run(['cancel', 'songhong', String(id), '--by', 'doctor', '--reason', 'x'])).code).toBe(1);
    const done = await run([
      'cancel',
      'songkhoe',
      String(id),
      '--by',
      'hospital',
      '--reason',
      'Bác sĩ nghỉ ốm',
    ]);
    expect(done.code, done.out).toBe(0);
    const [row] = await onTenant<{
      status: number;
      cancelled_by: string;
      cancel_reason: string;
      booked: number;
    }>(
      t.db,
      'songkhoe',
      `SELECT a.status, a.cancelled_by, a.cancel_reason, s.booked_count AS booked
         FROM appointments a JOIN doctor_slots s ON s.slot_id = a.slot_id WHERE a.appointment_id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 5, cancelled_by: 'hospital', cancel_reason: 'Bác sĩ nghỉ ốm', booked: 0 });
    expect((await run(['cancel', 'songkhoe', String(id), '--by', 'doctor', '--reason', 'x'])).code).toBe(1);
  });
});
