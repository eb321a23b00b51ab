import type {
  CareAppointmentDetail,
  CareAppointmentSummary,
  CareNote,
  CareScope,
} from '../../../schemas/care';
import { AppointmentStatus, ServiceType } from '../../../schemas/codes';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localDateOf } from '../../../schemas/time';
import { checkTimeState, prescriptionItems } from '../appointments/index';
import { sharedForCare, type CareReader } from '../health-records/index';

/**
 * The care workspace's reads. Every statement runs in a care transaction (care-transaction.ts),
 * so row-level security already limits appointments, patients, notes and shared records to the
 * acting doctor's or hospital's: no query here filters by doctor or hospital itself, which is the
 * point (a forgotten filter cannot leak another doctor's patients).
 */

interface Row {
  appointment_id: string | number;
  appointment_number: string;
  status: number;
  cancelled_by: string | null;
  cancel_reason: string | null;
  service_type_id: number;
  doctor_id: number;
  doctor_name: string;
  patient_id: number;
  user_id: number;
  patient_name: string;
  patient_gender: string | null;
  patient_dob: string | null;
  hospital_name: string | null;
  starts_at: Date;
  ends_at: Date;
  local_date: string;
  queue_number: number | null;
  hold_expires_at: Date | null;
  note: string;
  total?: string | number;
}

const SELECT = (
  lang: LanguageCode,
) => `SELECT a.appointment_id, a.appointment_number, a.status, a.cancelled_by,
       a.cancel_reason, a.service_type_id, a.doctor_id,
       ${lang === 'en' ? 'd.title_en' : 'd.title_vi'} || ' ' || d.full_name AS doctor_name,
       a.patient_id, a.user_id, p.full_name AS patient_name, p.gender AS patient_gender,
       to_char(p.date_of_birth, 'YYYY-MM-DD') AS patient_dob, h.name AS hospital_name,
       a.starts_at, a.ends_at, to_char(a.local_date, 'YYYY-MM-DD') AS local_date, a.queue_number,
       a.hold_expires_at, a.note
  FROM appointments a
  JOIN doctors d ON d.doctor_id = a.doctor_id
  JOIN patients p ON p.patient_id = a.patient_id
  LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id`;

const iso = (d: Date | string) => new Date(d).toISOString();

function summaryOf(r: Row, tenant: TenantConfig, now: Date): CareAppointmentSummary {
  const { state, joinOpensAt } = checkTimeState(
    {
      status: r.status,
      service_type_id: r.service_type_id,
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      hold_expires_at: r.hold_expires_at,
    },
    now,
  );
  return {
    appointmentId: Number(r.appointment_id),
    appointmentNumber: r.appointment_number,
    status: r.status,
    cancelledBy: r.cancelled_by,
    serviceTypeId: r.service_type_id,
    doctorId: r.doctor_id,
    doctorName: r.doctor_name,
    patientName: r.patient_name,
    patientGender: r.patient_gender,
    patientDateOfBirth: r.patient_dob,
    hospitalName: r.hospital_name,
    startsAt: iso(r.starts_at),
    endsAt: iso(r.ends_at),
    localDate: r.local_date,
    timeZone: tenant.booking.timeZone,
    queueNumber: r.queue_number,
    call: {
      // Held on the call screen: a video consultation or an answered direct call.
      isVideo:
        r.service_type_id === ServiceType.VideoConsulting || r.service_type_id === ServiceType.DirectCall,
      state,
      joinOpensAt: joinOpensAt.toISOString(),
    },
  };
}

/**
 * A page of the actor's appointments: today (this local day in the hospital's zone, every status,
 * by time), upcoming (active, after today, soonest first) or past (before today, or ended and no
 * longer active, newest first), and their count.
 */
export async function listCareAppointments(
  sql: Sql,
  tenant: TenantConfig,
  options: { scope: CareScope; pageNumber: number; pageSize: number; lang: LanguageCode; now: Date },
) {
  const today = localDateOf(options.now, tenant.booking.timeZone);
  const where =
    options.scope === 'today'
      ? 'a.local_date = $1::date'
      : options.scope === 'upcoming'
        ? 'a.local_date > $1::date AND a.active'
        : 'a.local_date < $1::date';
  const order =
    options.scope === 'past' ? 'a.starts_at DESC, a.appointment_id DESC' : 'a.starts_at, a.appointment_id';
  // Pending/paying appointments whose hold lapsed are not the doctor's business.
  const visible = `a.status IN (${AppointmentStatus.Booked}, ${AppointmentStatus.Pending}, ${AppointmentStatus.Completed}, ${AppointmentStatus.Cancelled}, ${AppointmentStatus.NoShow})`;
  const { rows } = await sql.query<Row>(
    `${SELECT(options.lang)} WHERE ${where} AND ${visible} ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [today, options.pageSize, (options.pageNumber - 1) * options.pageSize],
  );
  const { rows: count } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM appointments a WHERE ${where} AND ${visible}`,
    [today],
  );
  return {
    appointments: rows.map((r) => summaryOf(r, tenant, options.now)),
    pagination: {
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      totalRecords: Number(count[0]?.n ?? 0),
    },
  };
}

type NoteRow = {
  consultation_id: string | number;
  appointment_id: string | number;
  doctor_name: string | null;
  diagnosis: string;
  note: string;
  advice: string;
  prescription: unknown;
  created_at: Date;
};

const noteOf = (r: NoteRow): CareNote => ({
  consultationId: Number(r.consultation_id),
  appointmentId: Number(r.appointment_id),
  doctorName: r.doctor_name ?? '',
  diagnosis: r.diagnosis,
  note: r.note,
  advice: r.advice,
  prescription: prescriptionItems(
    typeof r.prescription === 'string' ? JSON.parse(r.prescription) : r.prescription,
  ),
  createdAt: iso(r.created_at),
});

/** Notes by the doctor who wrote them (consultations.doctor_id), of the given appointments. */
async function notes(sql: Sql, lang: LanguageCode, where: string, id: number): Promise<CareNote[]> {
  const { rows } = await sql.query<NoteRow>(
    `SELECT c.consultation_id, c.appointment_id,
            ${lang === 'en' ? 'd.title_en' : 'd.title_vi'} || ' ' || d.full_name AS doctor_name,
            c.diagnosis, c.note, c.advice, c.prescription, c.created_at
       FROM consultations c LEFT JOIN doctors d ON d.doctor_id = c.doctor_id
      WHERE ${where} ORDER BY c.created_at DESC, c.consultation_id DESC`,
    [id],
  );
  return rows.map(noteOf);
}

/**
 * One appointment of the actor with what the doctor needs: symptoms, the patient's note,
 * attachments, the health records shared with it (each read logged in the patient's access log,
 * through the health-records module's care-side functions, as the operator command does), the
 * earlier consultations shared with it, and its own notes. Null when the actor cannot see it.
 */
export async function loadCareDetail(
  sql: Sql,
  tenant: TenantConfig,
  input: { appointmentId: number; reader: CareReader; lang: LanguageCode; now: Date },
): Promise<CareAppointmentDetail | null> {
  const { rows } = await sql.query<Row>(`${SELECT(input.lang)} WHERE a.appointment_id = $1`, [
    input.appointmentId,
  ]);
  const r = rows[0];
  if (!r) return null;
  const id = input.appointmentId;
  const summary = summaryOf(r, tenant, input.now);
  const symptoms = await sql.query<{ name: string }>(
    `SELECT ${input.lang === 'en' ? 's.name_en' : 's.name_vi'} AS name FROM appointment_symptoms x
       JOIN symptoms s ON s.symptom_id = x.symptom_id WHERE x.appointment_id = $1 ORDER BY s.sort_order, s.symptom_id`,
    [id],
  );
  // The patient's own words and "not sure" (booking's symptoms step) read as symptoms too.
  const described = await sql.query<{ other_symptom: string; symptoms_unknown: boolean }>(
    'SELECT other_symptom, symptoms_unknown FROM appointments WHERE appointment_id = $1',
    [id],
  );
  const words = described.rows[0];
  const symptomList = [
    ...symptoms.rows.map((s) => s.name),
    ...(words?.other_symptom ? [`${input.lang === 'en' ? 'Other' : 'Khác'}: ${words.other_symptom}`] : []),
    ...(words?.symptoms_unknown ? [input.lang === 'en' ? 'Not sure' : 'Không rõ'] : []),
  ];
  const attachments = await sql.query<{
    attachment_id: string | number;
    file_name: string;
    content_type: string;
    size_bytes: number;
  }>(
    `SELECT attachment_id, file_name, content_type, size_bytes FROM appointment_attachments
      WHERE appointment_id = $1 ORDER BY attachment_id`,
    [id],
  );
  const shared = await sharedForCare(
    sql,
    { appointmentId: id, userId: r.user_id, patientId: r.patient_id, doctorName: r.doctor_name },
    input.reader,
  );
  const active = r.status === AppointmentStatus.Booked || r.status === AppointmentStatus.Pending;
  return {
    ...summary,
    note: r.note,
    symptoms: symptomList,
    cancelReason: r.cancel_reason,
    attachments: attachments.rows.map((x) => ({
      attachmentId: Number(x.attachment_id),
      fileName: x.file_name,
      contentType: x.content_type,
      sizeBytes: Number(x.size_bytes),
    })),
    sharedRecords: shared.map(({ record, files }) => ({
      healthRecordId: record.health_record_id,
      recordName: record.record_name,
      recordType: record.record_type,
      remark: record.remark,
      createdAt: iso(record.created_at),
      files: files.map((f) => ({
        fileId: Number(f.file_id),
        fileName: f.file_name,
        contentType: f.content_type,
        sizeBytes: Number(f.size_bytes),
      })),
    })),
    sharedConsultations: await notes(
      sql,
      input.lang,
      'c.appointment_id IN (SELECT s.source_appointment_id FROM appointment_shared_consultations s WHERE s.appointment_id = $1)',
      id,
    ),
    consultations: await notes(sql, input.lang, 'c.appointment_id = $1', id),
    canComplete: active,
    canCancel: active,
    canMarkNoShow: active && new Date(r.starts_at).getTime() <= input.now.getTime(),
  };
}

/** An attachment of an appointment the actor sees (for the download), or null. */
export async function careAttachment(sql: Sql, appointmentId: number, attachmentId: number) {
  const { rows } = await sql.query<{
    file_key: string;
    file_name: string;
    content_type: string;
    user_id: number;
    patient_id: number;
  }>(
    `SELECT x.file_key, x.file_name, x.content_type, a.user_id, a.patient_id
       FROM appointment_attachments x JOIN appointments a ON a.appointment_id = x.appointment_id
      WHERE x.attachment_id = $1 AND x.appointment_id = $2`,
    [attachmentId, appointmentId],
  );
  return rows[0] ?? null;
}
