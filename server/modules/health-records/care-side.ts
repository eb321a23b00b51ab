import { randomUUID } from 'node:crypto';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { checkUpload, type Storage } from '../../services/storage/index';
import { notify } from '../messages/index';
import { logDataAccess } from '../personal-data/index';
import { filesOf, sharedRecords, type FileRow, type RecordRow } from './repository';

/**
 * The care side of health records: what the appointment's doctor sees (only the records the
 * patient shared with that appointment) and the results it attaches. There are no doctor accounts
 * yet; the operator acts for the doctor (`npm run admin -- health-records ...`). Every read is
 * logged as the doctor (actor kind `doctor`, the doctor's name, the appointment id). The operator
 * command runs in an owner transaction with app.tenant_id set: a superuser owner bypasses RLS, so
 * every lookup by id also checks `tenant_id = current_tenant()`. The care workspace
 * (server/modules/care) calls the same functions inside its care transaction, naming the signed-in
 * doctor or hospital staff as the reader (`CareReader`).
 */

/** Who reads, when not the operator acting for the appointment's doctor. */
export interface CareReader {
  kind: 'doctor' | 'hospital';
  userId: number;
  label: string;
}

export interface CareAppointment {
  appointmentId: number;
  userId: number;
  patientId: number;
  doctorName: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

/** An appointment of the current tenant, with its doctor's name, or null. */
export async function careAppointment(sql: Sql, appointmentId: number): Promise<CareAppointment | null> {
  const { rows } = await sql.query<{ user_id: number; patient_id: number; doctor_name: string }>(
    `SELECT a.user_id, a.patient_id, d.full_name AS doctor_name
       FROM appointments a JOIN doctors d ON d.doctor_id = a.doctor_id
      WHERE a.appointment_id = $1 AND a.tenant_id = current_tenant()`,
    [appointmentId],
  );
  const r = rows[0];
  return r ? { appointmentId, userId: r.user_id, patientId: r.patient_id, doctorName: r.doctor_name } : null;
}

const readerOf = (a: CareAppointment, reader?: CareReader) =>
  reader ?? { kind: 'doctor' as const, label: a.doctorName };

/** The records shared with the appointment and their files; each read is logged as the doctor. */
export async function sharedForCare(
  sql: Sql,
  appointment: CareAppointment,
  reader?: CareReader,
): Promise<{ record: RecordRow; files: FileRow[] }[]> {
  const records = await sharedRecords(sql, appointment.appointmentId);
  const files = await filesOf(
    sql,
    records.map((r) => r.health_record_id),
  );
  for (const record of records) {
    await logDataAccess(sql, {
      userId: record.user_id,
      patientId: record.patient_id,
      actor: readerOf(appointment, reader),
      action: 'view',
      resource: 'health_record',
      resourceId: record.health_record_id,
      resourceLabel: record.record_name,
      appointmentId: appointment.appointmentId,
    });
  }
  return records.map((record) => ({
    record,
    files: files.filter((f) => f.health_record_id === record.health_record_id),
  }));
}

/**
 * A file of a record shared with the appointment (null for any other file, including files of
 * the same patient's records that were not shared); the read is logged as the doctor's download.
 */
export async function sharedFileForCare(
  sql: Sql,
  appointment: CareAppointment,
  fileId: number,
  reader?: CareReader,
): Promise<FileRow | null> {
  const { rows } = await sql.query<
    FileRow & { user_id: number; patient_id: number | null; record_name: string }
  >(
    `SELECT f.file_id, f.health_record_id, f.file_key, f.file_name, f.content_type, f.size_bytes, f.created_at,
            r.user_id, r.patient_id, r.record_name
       FROM health_record_files f
       JOIN health_records r ON r.health_record_id = f.health_record_id AND r.deleted_at IS NULL
       JOIN appointment_health_records x ON x.health_record_id = r.health_record_id AND x.appointment_id = $1
      WHERE f.file_id = $2 AND f.tenant_id = current_tenant()`,
    [appointment.appointmentId, fileId],
  );
  const file = rows[0];
  if (!file) return null;
  await logDataAccess(sql, {
    userId: file.user_id,
    patientId: file.patient_id,
    actor: readerOf(appointment, reader),
    action: 'download',
    resource: 'health_record_file',
    resourceId: Number(file.file_id),
    resourceLabel: file.record_name,
    appointmentId: appointment.appointmentId,
  });
  return file;
}

/**
 * Stores a result file for the appointment: the type is sniffed from the bytes (JPG, PNG or PDF)
 * and the size checked against the HealthRecords limits (2 MB). The row is written first and the
 * bytes stored inside the same transaction, so a failed store leaves no row. The patient is told
 * (`health-record-shared`: in-app, email, push) in the same transaction.
 */
export async function addResult(
  sql: Sql,
  storage: Storage,
  tenant: TenantConfig,
  appointment: CareAppointment,
  input: { title: string; fileName: string; bytes: Buffer; createdBy?: string },
): Promise<{ resultId: number } | { error: 'file_too_large' | 'invalid_file_type' }> {
  const checked = await checkUpload('HealthRecords', input.bytes);
  if ('error' in checked) return checked;
  const key = `HealthResults/${randomUUID()}.${EXTENSIONS[checked.type] ?? 'bin'}`;
  const { rows } = await sql.query<{ result_id: string | number }>(
    `INSERT INTO appointment_results (tenant_id, appointment_id, title, file_key, file_name, content_type, size_bytes, created_by)
     VALUES (current_tenant(), $1, $2, $3, $4, $5, $6, $7) RETURNING result_id`,
    [
      appointment.appointmentId,
      input.title.slice(0, 200),
      key,
      input.fileName.slice(0, 200) || 'result',
      checked.type,
      input.bytes.length,
      input.createdBy?.trim() || appointment.doctorName,
    ],
  );
  await storage.put(tenant.code, key, input.bytes, checked.type);
  const resultId = Number(rows[0]!.result_id);
  const { rows: about } = await sql.query<{ appointment_number: string }>(
    'SELECT appointment_number FROM appointments WHERE appointment_id = $1',
    [appointment.appointmentId],
  );
  await notify(sql, tenant, {
    event: 'health-record-shared',
    userId: appointment.userId,
    key: `health-record-shared:${resultId}`,
    appointmentId: appointment.appointmentId,
    values: {
      appointmentId: appointment.appointmentId,
      appointmentNumber: about[0]?.appointment_number ?? '',
      doctorName: input.createdBy?.trim() || appointment.doctorName,
      recordTitle: input.title.slice(0, 200),
      path: `/me/appointments-list/${appointment.appointmentId}`,
    },
    notificationValues: { AppointmentId: appointment.appointmentId, ResultId: resultId },
  });
  return { resultId };
}
