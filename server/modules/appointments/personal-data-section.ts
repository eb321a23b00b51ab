import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';

/**
 * The appointments part of a user's personal data: in the export archive, the user's
 * appointments (with the symptom in their own words) with their consultation notes and the
 * attached files; at the purge of a deleted account, the attached files (health documents) and their rows. The appointments themselves,
 * with consultation notes and prescriptions, stay: they are the care side's medical and
 * accounting records (invoices), which the law makes the hospital keep; the patient's identity is
 * already gone with the account and the family members.
 */
export const appointmentsSection: PersonalDataSection = {
  name: 'appointments',
  async export(sql, userId) {
    const { rows } = await sql.query<Record<string, unknown>>(
      `SELECT a.appointment_id, a.appointment_number, a.patient_id, a.doctor_id, d.full_name AS doctor_name,
              a.hospital_id, h.name AS hospital_name, a.service_type_id, a.starts_at, a.ends_at, a.status,
              a.payment_status, a.payment_method, a.price, a.discount, a.wallet_amount, a.final_price, a.note,
              a.other_symptom, a.symptoms_unknown,
              a.cancelled_by, a.cancel_reason, a.cancel_remark, a.cancelled_at, a.completed_at, a.created_at
         FROM appointments a
         JOIN doctors d ON d.doctor_id = a.doctor_id
         LEFT JOIN hospitals h ON h.hospital_id = a.hospital_id
        WHERE a.user_id = $1 ORDER BY a.starts_at, a.appointment_id`,
      [userId],
    );
    const ids = rows.map((r) => Number(r.appointment_id));
    const consultations = await sql.query<Record<string, unknown>>(
      `SELECT appointment_id, diagnosis, note, advice, prescription, created_at FROM consultations
        WHERE appointment_id = ANY($1::bigint[]) ORDER BY consultation_id`,
      [ids],
    );
    const attachments = (await attachmentsOf(sql, userId)).map((f) => ({
      appointmentId: Number(f.appointment_id),
      attachmentId: Number(f.attachment_id),
      fileName: f.file_name,
      contentType: f.content_type,
      sizeBytes: Number(f.size_bytes),
      archivePath: `appointments/${f.appointment_id}/${f.attachment_id}-${safeName(f.file_name)}`,
      fileKey: f.file_key,
    }));
    const data = rows.map((r) => ({
      ...camel(r),
      consultations: consultations.rows
        .filter((c) => Number(c.appointment_id) === Number(r.appointment_id))
        .map(camel),
      attachments: attachments
        .filter((f) => f.appointmentId === Number(r.appointment_id))
        .map(({ fileKey: _key, appointmentId: _id, ...file }) => file),
    }));
    const files = attachments.map(({ archivePath, fileKey }) => ({ archivePath, fileKey }));
    return { data, files };
  },
  async erase(sql, userId) {
    const attachments = await attachmentsOf(sql, userId);
    await sql.query('DELETE FROM appointment_attachments WHERE attachment_id = ANY($1::bigint[])', [
      attachments.map((f) => f.attachment_id),
    ]);
    return attachments.map((f) => f.file_key);
  },
};

async function attachmentsOf(sql: Sql, userId: number) {
  const { rows } = await sql.query<{
    attachment_id: string;
    appointment_id: string;
    file_key: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
  }>(
    `SELECT f.attachment_id, f.appointment_id, f.file_key, f.file_name, f.content_type, f.size_bytes
       FROM appointment_attachments f JOIN appointments a ON a.appointment_id = f.appointment_id
      WHERE a.user_id = $1 ORDER BY f.attachment_id`,
    [userId],
  );
  return rows;
}

/** An archive-safe file name: ASCII letters, digits, dot, dash, underscore; at most 80 characters. */
export const safeName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-80) || 'file';

/** snake_case row to camelCase, Date to ISO string, bigint strings of ids to numbers. */
function camel(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    out[name] =
      value instanceof Date
        ? value.toISOString()
        : /_id$/.test(key) && value !== null
          ? Number(value)
          : value;
  }
  return out;
}
