import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { runHealthRecords } from '../../admin/commands/health-records';
import { createStorage } from '../../services/storage/index';
import {
  addPatient,
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';

/**
 * Sharing through the real booking path (MakeAppointment): only the booked patient's own records
 * can be shared, and the appointment's doctor side sees exactly those.
 */

let t: TestApp;
let w: DoctorWorld;
let b: Booker;
let familyId: number;
let selfRecord: number;
let familyRecord: number;

const record = (patientId: number, name: string) =>
  asOwner(t, 'songhong', async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO health_records (user_id, patient_id, record_name, remark, record_type)
       VALUES ($1, $2, $3, 'r', 1) RETURNING health_record_id AS id`,
      [b.userId, patientId, name],
    );
    return rows[0]!.id;
  });

beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  b = await createBooker(t, 'songhong');
  familyId = await addPatient(t, b);
  selfRecord = await record(b.patientId, 'Hồ sơ của tôi');
  familyRecord = await record(familyId, 'Hồ sơ của con');
}, 300_000);
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

describe('MakeAppointment with healthRecordIds', () => {
  it("refuses another family member's record for this patient (404), storing no appointment", async () => {
    const slot = await addSlot(t, w, at(1, '09:00'));
    const res = await book(t, w, b, slot, { healthRecordIds: [selfRecord, familyRecord] });
    expect([res.status, res.json.codeMessageRespond]).toEqual([404, 'health_record_not_found']);
    const again = await book(t, w, b, slot, { healthRecordIds: [selfRecord] });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
  });

  it('shares the patient’s record; the doctor side sees it and nothing else', async () => {
    const slot = await addSlot(t, w, at(2, '09:00'));
    const res = await book(t, w, b, slot, { healthRecordIds: [selfRecord] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const appointmentId = res.json.data.appointmentId as number;
    const lines: string[] = [];
    const code = await runHealthRecords({
      db: t.db,
      registry: t.registry,
      storage: createStorage({ dataDir: t.env.DATA_DIR }),
      args: ['shared', 'songhong', String(appointmentId)],
      print: (l) => lines.push(l),
    });
    expect(code).toBe(0);
    expect(lines.join('\n')).toContain('Hồ sơ của tôi');
    expect(lines.join('\n')).not.toContain('Hồ sơ của con');
  });
});
