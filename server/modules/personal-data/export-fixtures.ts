import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../tests/helpers/test-app';
import type { Storage } from '../../services/storage/index';
import { addAppointment, asOwner, createCatalogue } from '../appointments/care-fixtures';

/** A PDF's first bytes and a marker, so a test can compare a file's exact bytes. */
export const pdfBytes = (marker: string) => Buffer.from(`%PDF-1.4\n% ${marker}\n%%EOF\n`);

/**
 * Health data of a user for the export and purge tests: a self patient, an appointment (with a
 * symptom in the patient's words) with an attachment whose file really is in storage, a private upload never linked (its file too), a
 * consent and an access log row.
 */
export async function healthDataOf(t: TestApp, storage: Storage, tenant: string, userId: number) {
  const { doctorIds, hospitalId } = await createCatalogue(t.db, tenant, 1);
  const patientId = await asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ patient_id: number }>(
      `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth, id_number)
       VALUES ($1, true, 'Nguyễn Văn An', 'M', '1990-01-01', $2) RETURNING patient_id`,
      [userId, `0790${String(userId).padStart(8, '0')}`],
    );
    return Number(rows[0]!.patient_id);
  });
  // Each helper runs its own transaction (one connection on PGlite: never nest them).
  const appointmentId = await addAppointment(
    t.db,
    tenant,
    { userId, patientId },
    {
      doctorId: doctorIds[0]!,
      hospitalId,
      startsAt: new Date(Date.UTC(2026, 9, 1, 2, 0)),
      status: 2,
    },
  );
  return asOwner(t.db, tenant, async (sql) => {
    await sql.query("UPDATE appointments SET other_symptom = 'Ho khan về đêm' WHERE appointment_id = $1", [
      appointmentId,
    ]);
    const attachmentKey = `Attachments/${randomUUID()}.pdf`;
    const attachmentBytes = pdfBytes(`attachment of ${userId}`);
    await storage.put(tenant, attachmentKey, attachmentBytes, 'application/pdf');
    const a = await sql.query<{ attachment_id: number }>(
      `INSERT INTO appointment_attachments (appointment_id, file_key, file_name, content_type, size_bytes)
       VALUES ($1, $2, 'Kết quả xét nghiệm.pdf', 'application/pdf', $3) RETURNING attachment_id`,
      [appointmentId, attachmentKey, attachmentBytes.length],
    );
    const uploadKey = `HealthRecords/${randomUUID()}.pdf`;
    await storage.put(tenant, uploadKey, pdfBytes(`upload of ${userId}`), 'application/pdf');
    await sql.query(
      `INSERT INTO uploads (token_hash, folder, file_key, file_name, declared_type, content_type, size_bytes, expires_at, uploaded_at, user_id)
       VALUES ($1, 'HealthRecords', $2, 'scan.pdf', 'application/pdf', 'application/pdf', 40, now(), now(), $3)`,
      [randomUUID(), uploadKey, userId],
    );
    await sql.query(
      `INSERT INTO data_consents (user_id, purpose, version, text_sha256, language) VALUES ($1, 'health_data', '2026-01', 'x', 'vi')`,
      [userId],
    );
    await sql.query(
      `INSERT INTO data_access_log (user_id, patient_id, actor_kind, actor_label, action, resource_kind, appointment_id)
       VALUES ($1, $2, 'doctor', 'BS. Lê Thị Thu 1', 'view', 'appointment_attachment', $3)`,
      [userId, patientId, appointmentId],
    );
    return {
      patientId,
      appointmentId,
      attachmentId: Number(a.rows[0]!.attachment_id),
      attachmentKey,
      attachmentBytes,
      uploadKey,
    };
  });
}
