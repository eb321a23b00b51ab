import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, PASSWORD } from '../accounts/test-support';
import {
  addPatient,
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  get,
  type Booker,
  type DoctorWorld,
} from '../appointments/booking-fixtures';
import { setBookingNow } from '../appointments/index';
import { insertAppointment, insertConsultation } from '../../seed/appointments';

/**
 * Past consultations shared when booking (MakeAppointment consulationNoteAppointmentIds): only the
 * booked patient's own completed consultations; the new appointment's doctor reads their notes
 * (and not other, unshared ones); the patient's list-pass-shared-appointment shows what was shared.
 */
let t: TestApp;
let w: DoctorWorld;
let earlierDoctor: number;
let b: Booker;
let familyId: number;
const past: Record<string, number> = {};

async function completedWithNote(patientId: number, doctorId: number, days: number, diagnosis: string) {
  return asOwner(t, 'songhong', async (sql) => {
    const { appointmentId } = await insertAppointment(sql, 'songhong', {
      userId: b.userId,
      patientId,
      doctorId,
      serviceTypeId: 0,
      startsAt: at(days, '09:00'),
      status: 10,
      paymentStatus: 2,
      paymentMethod: 0,
      price: 300_000,
    });
    await insertConsultation(sql, appointmentId, {
      diagnosis,
      note: `${diagnosis}: ghi chú`,
      prescription: [],
      createdAt: at(days, '09:30'),
    });
    return appointmentId;
  });
}

beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  earlierDoctor = await asOwner(t, 'songhong', async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO doctors (full_name, gender) VALUES ('Trần Văn Bình', 'M') RETURNING doctor_id AS id`,
    );
    return rows[0]!.id;
  });
  b = await createBooker(t, 'songhong');
  familyId = await addPatient(t, b);
  past.self = await completedWithNote(b.patientId, earlierDoctor, -20, 'Viêm dạ dày');
  past.unshared = await completedWithNote(b.patientId, earlierDoctor, -10, 'Không chia sẻ');
  past.family = await completedWithNote(familyId, earlierDoctor, -15, 'Của con');
}, 300_000);
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

describe('sharing past consultations with a new appointment', () => {
  it("refuses another family member's consultation (404), then shares the patient's own", async () => {
    const slot = await addSlot(t, w, at(1, '09:00'));
    const refused = await book(t, w, b, slot, { consulationNoteAppointmentIds: [past.self, past.family] });
    expect([refused.status, refused.json.codeMessageRespond]).toEqual([404, 'shared_consultation_not_found']);
    const res = await book(t, w, b, slot, { consulationNoteAppointmentIds: [past.self] });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    past.booked = res.json.data.appointmentId;
  });

  it('lets the new doctor read the shared note only, named by its author', async () => {
    await createUser(t.db, 'songhong', {
      email: 'shared-doctor@care.test',
      extra: { role: 'doctor', doctor_id: w.doctorId },
    });
    const c = caller(t.app, 'songhong');
    const login = await c.post('Auth/Login', { userName: 'shared-doctor@care.test', password: PASSWORD });
    const detail = await c.get(`Care/Appointments/${past.booked}`, { token: login.json.data.token });
    expect(detail.status).toBe(200);
    const shared = detail.json.data.sharedConsultations as { diagnosis: string; doctorName: string }[];
    expect(shared.map((n) => n.diagnosis)).toEqual(['Viêm dạ dày']);
    expect(shared[0]!.doctorName).toMatch(/Trần Văn Bình$/);
    // The earlier appointment itself stays the other doctor's.
    expect((await c.get(`Care/Appointments/${past.self}`, { token: login.json.data.token })).status).toBe(
      404,
    );
  });

  it("lists what was shared in the patient's list-pass-shared-appointment", async () => {
    const auth = { authorization: `Bearer ${b.token}` };
    const byIds = await get(
      t,
      'songhong',
      `Appointments/GetListPassAppointment/list-pass-shared-appointment?ConsulationNoteAppointmentIds=${past.self},${past.unshared}&PageSize=5`,
      auth,
    );
    expect(
      byIds.json.data.appointments.map((a: { appointmentId: number }) => a.appointmentId).sort(),
    ).toEqual([past.self, past.unshared].sort());
    const sharedWith = await get(
      t,
      'songhong',
      `Appointments/GetListPassAppointment/list-pass-shared-appointment?appointmentId=${past.booked}`,
      auth,
    );
    expect(sharedWith.json.data.appointments.map((a: { appointmentId: number }) => a.appointmentId)).toEqual([
      past.self,
    ]);
    expect(sharedWith.json.data.pagination.pageSize).toBe(5);
    const bad = await get(
      t,
      'songhong',
      'Appointments/GetListPassAppointment/list-pass-shared-appointment?ConsulationNoteAppointmentIds=1;2',
      auth,
    );
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(['invalid_appointment_ids']);
  });
});
