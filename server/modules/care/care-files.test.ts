import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, PASSWORD } from '../accounts/test-support';
import { addAppointment, asOwner, createCatalogue } from '../appointments/care-fixtures';
import {
  accessLog,
  consentingUser,
  createHealthApp,
  createRecord,
  PDF,
  upload,
  type Client,
} from '../health-records/test-fixtures';

/**
 * The care side's file download of a record the patient shared with an appointment
 * (GET /Care/Appointments/:id/HealthRecordFiles/:fileId): the appointment's doctor gets the file
 * and the read is logged for the patient; another doctor, a file not shared with that
 * appointment, a patient's token and another tenant's doctor get nothing.
 */
let t: TestApp & { dataDir: string };
let patient: Client;
let appointmentId: number;
let otherAppointment: number;
let sharedFile: number;
let privateFile: number;
const tokens: Record<string, string> = {};

async function careLogin(tenant: string, email: string, extra: Record<string, unknown>): Promise<string> {
  await createUser(t.db, tenant, { email, extra });
  const login = await caller(t.app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  return login.json.data.token as string;
}

beforeAll(async () => {
  t = await createHealthApp();
  patient = await consentingUser(t, 'songkhoe', 'care-files@example.com');
  const pdf = await upload(t, patient, { type: 'application/pdf', name: 'echo.pdf', bytes: PDF });
  const other = await upload(t, patient, { type: 'application/pdf', name: 'private.pdf', bytes: PDF });
  sharedFile = (await createRecord(t, patient, { recordName: 'Siêu âm tim', urls: [pdf] })).json.data.files[0]
    .fileId;
  privateFile = (await createRecord(t, patient, { recordName: 'Riêng tư', urls: [other] })).json.data.files[0]
    .fileId;
  const cat = await createCatalogue(t.db, 'songkhoe', 2);
  const foreign = await createCatalogue(t.db, 'songhong', 1);
  const startsAt = new Date(Date.now() + 86_400_000);
  appointmentId = await addAppointment(t.db, 'songkhoe', patient.user, {
    doctorId: cat.doctorIds[0]!,
    startsAt,
  });
  otherAppointment = await addAppointment(t.db, 'songkhoe', patient.user, {
    doctorId: cat.doctorIds[1]!,
    startsAt: new Date(startsAt.getTime() + 86_400_000),
  });
  await asOwner(t.db, 'songkhoe', (sql) =>
    sql.query(
      `INSERT INTO appointment_health_records (appointment_id, health_record_id)
       SELECT $1, health_record_id FROM health_record_files WHERE file_id = $2`,
      [appointmentId, sharedFile],
    ),
  );
  tokens.doctor = await careLogin('songkhoe', 'files-doctor@care.test', {
    role: 'doctor',
    doctor_id: cat.doctorIds[0],
  });
  tokens.otherDoctor = await careLogin('songkhoe', 'files-doctor2@care.test', {
    role: 'doctor',
    doctor_id: cat.doctorIds[1],
  });
  tokens.foreignDoctor = await careLogin('songhong', 'files-foreign@care.test', {
    role: 'doctor',
    doctor_id: foreign.doctorIds[0],
  });
}, 300_000);
afterAll(() => t?.close());

const download = (tenant: string, token: string, appointment: number, file: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/Care/Appointments/${appointment}/HealthRecordFiles/${file}`,
    headers: { companycode: tenant, host: '127.0.0.1:8080', authorization: `Bearer ${token}` },
  });

describe('care: files of shared records', () => {
  it("gives the appointment's doctor the shared file and logs the read for the patient", async () => {
    const before = (await accessLog(t.db, 'songkhoe', patient.user.userId)).length;
    const res = await download('songkhoe', tokens.doctor!, appointmentId, sharedFile);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect((await accessLog(t.db, 'songkhoe', patient.user.userId)).length).toBe(before + 1);
  });

  it('gives nothing to another doctor, for an unshared file, to a patient token or another tenant', async () => {
    const before = (await accessLog(t.db, 'songkhoe', patient.user.userId)).length;
    for (const [tenant, token, appointment, file] of [
      ['songkhoe', tokens.otherDoctor!, appointmentId, sharedFile],
      ['songkhoe', tokens.otherDoctor!, otherAppointment, sharedFile],
      ['songkhoe', tokens.doctor!, appointmentId, privateFile],
      ['songhong', tokens.foreignDoctor!, appointmentId, sharedFile],
    ] as const) {
      const res = await download(tenant, token, appointment, file);
      expect(res.statusCode, `${tenant} ${appointment}/${file}`).toBe(404);
      expect(res.rawPayload.equals(PDF)).toBe(false);
    }
    const asPatient = await download('songkhoe', patient.user.token, appointmentId, sharedFile);
    expect(asPatient.statusCode).toBe(403);
    expect((await accessLog(t.db, 'songkhoe', patient.user.userId)).length).toBe(before);
  });
});
