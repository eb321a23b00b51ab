import { ATTACHMENT_IMAGE_MAX_BYTES, AppointmentStatus, ServiceType } from '../../../schemas/codes';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/**
 * After-care SQL: the time check, attachments, consultations, reviews and invoices. Every
 * function takes the caller's user id and finds nothing for another user's appointment (RLS
 * already hides another tenant's), so the routes answer 404 appointment_error.
 */

/** How long before the start a consultation may be joined. */
export const JOIN_EARLY_MINUTES = 10;
/** At most this many files per appointment (spec section 5: "at most 2 or 5 files"). */
export const MAX_ATTACHMENTS = 5;

export interface OwnedAppointment {
  appointment_id: number;
  doctor_id: number;
  patient_id: number;
  status: number;
  payment_status: number;
  service_type_id: number;
  starts_at: Date;
  ends_at: Date;
  hold_expires_at: Date | null;
  price: number;
  appointment_number: string;
  invoice_number: string | null;
}

/** The caller's appointment (row-locked with `lock`), else a 404 appointment_error. */
export async function ownedAppointment(
  sql: Sql,
  userId: number,
  appointmentId: number,
  lock = false,
): Promise<OwnedAppointment> {
  const { rows } = await sql.query<OwnedAppointment>(
    `SELECT appointment_id, doctor_id, patient_id, status, payment_status, service_type_id, starts_at, ends_at,
            hold_expires_at, price, appointment_number, invoice_number
       FROM appointments WHERE appointment_id = $1 AND user_id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [appointmentId, userId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'appointment_error');
  return { ...row, appointment_id: Number(row.appointment_id) };
}

export type CheckTimeState =
  'ok' | 'not_yet_scheduled' | 'appointment_ended' | 'time_expired' | 'booking_closed';

/**
 * Can the consultation be joined now (spec sections 4 and 8)? The join window runs from
 * JOIN_EARLY_MINUTES before the start to the end.
 * - booking_closed: cancelled, payment cancelled or failed, or an online payment whose hold
 *   lapsed without being paid;
 * - appointment_ended: completed, or a hospital/home visit whose time has passed;
 * - time_expired: a video (or direct) call whose window has passed without it being completed;
 * - not_yet_scheduled: before the window, or still waiting for its online payment;
 * - ok: inside the window.
 */
export function checkTimeState(
  a: Pick<OwnedAppointment, 'status' | 'service_type_id' | 'starts_at' | 'ends_at' | 'hold_expires_at'>,
  now: Date,
): { state: CheckTimeState; joinOpensAt: Date } {
  const joinOpensAt = new Date(new Date(a.starts_at).getTime() - JOIN_EARLY_MINUTES * 60_000);
  const t = now.getTime();
  const ended = t >= new Date(a.ends_at).getTime();
  const closed: number[] = [
    AppointmentStatus.Cancelled,
    AppointmentStatus.PaymentCancel,
    AppointmentStatus.PaymentFailed,
  ];
  let state: CheckTimeState;
  if (closed.includes(a.status)) state = 'booking_closed';
  else if (a.status === AppointmentStatus.Completed) state = 'appointment_ended';
  else if (
    a.status === AppointmentStatus.PaymentInitiated &&
    (a.hold_expires_at === null || new Date(a.hold_expires_at).getTime() <= t)
  )
    state = 'booking_closed';
  else if (ended)
    state =
      a.service_type_id === ServiceType.VideoConsulting || a.service_type_id === ServiceType.DirectCall
        ? 'time_expired'
        : 'appointment_ended';
  else if (a.status === AppointmentStatus.PaymentInitiated || t < joinOpensAt.getTime())
    state = 'not_yet_scheduled';
  else state = 'ok';
  return { state, joinOpensAt };
}

// ---------------------------------------------------------------------------------------------
// Attachments

export interface AttachmentRow {
  attachment_id: string | number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  created_at: Date;
  file_key: string;
}

export async function listAttachments(sql: Sql, appointmentId: number): Promise<AttachmentRow[]> {
  const { rows } = await sql.query<AttachmentRow>(
    `SELECT attachment_id, file_name, content_type, size_bytes, created_at, file_key
       FROM appointment_attachments WHERE appointment_id = $1 ORDER BY attachment_id`,
    [appointmentId],
  );
  return rows;
}

/**
 * Links uploaded files (keys in the Attachments folder) to the caller's appointment (locked by
 * the caller). Each must be a completed upload of this tenant, not linked anywhere yet; images
 * at most 2 MB (PDF: the folder's 5 MB, checked at upload); at most MAX_ATTACHMENTS in all.
 * Throws 400 attachment_file_error with the reason in `errors`.
 */
export async function addAttachments(
  sql: Sql,
  appointmentId: number,
  fileKeys: string[],
  userId: number,
): Promise<void> {
  const fail = (reason: string) => new ApiError(400, 'attachment_file_error', [reason]);
  if (new Set(fileKeys).size !== fileKeys.length) throw fail('attachment_file_error');
  const { rows: count } = await sql.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM appointment_attachments WHERE appointment_id = $1',
    [appointmentId],
  );
  if (Number(count[0]?.n ?? 0) + fileKeys.length > MAX_ATTACHMENTS) throw fail('max_5_files');
  for (const key of fileKeys) {
    const { rows } = await sql.query<{
      file_name: string;
      content_type: string | null;
      size_bytes: number | null;
      linked: boolean;
    }>(
      `SELECT u.file_name, u.content_type, u.size_bytes,
              EXISTS (SELECT 1 FROM appointment_attachments x WHERE x.file_key = u.file_key) AS linked
         FROM uploads u WHERE u.file_key = $1 AND u.folder = 'Attachments' AND u.uploaded_at IS NOT NULL
                          AND u.user_id = $2`,
      [key, userId],
    );
    const upload = rows[0];
    if (!upload || upload.linked || !upload.content_type || upload.size_bytes === null) {
      throw fail('attachment_file_error');
    }
    if (upload.content_type.startsWith('image/') && upload.size_bytes > ATTACHMENT_IMAGE_MAX_BYTES) {
      throw fail('file_too_large');
    }
    await sql.query(
      `INSERT INTO appointment_attachments (appointment_id, file_key, file_name, content_type, size_bytes)
       VALUES ($1, $2, $3, $4, $5)`,
      [appointmentId, key, upload.file_name, upload.content_type, upload.size_bytes],
    );
  }
}

/** One attachment of the caller's appointments (for the download), or null. */
export async function ownedAttachment(
  sql: Sql,
  userId: number,
  attachmentId: number,
): Promise<AttachmentRow | null> {
  const { rows } = await sql.query<AttachmentRow>(
    `SELECT x.attachment_id, x.file_name, x.content_type, x.size_bytes, x.created_at, x.file_key
       FROM appointment_attachments x JOIN appointments a ON a.appointment_id = x.appointment_id
      WHERE x.attachment_id = $1 AND a.user_id = $2`,
    [attachmentId, userId],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Consultations

export interface PrescriptionItem {
  name: string;
  dosage: string;
  frequency: string;
  days: number;
  note: string;
}

/** Prescription items as stored (jsonb), made safe for the reply schema. */
export function prescriptionItems(value: unknown): PrescriptionItem[] {
  const list = Array.isArray(value) ? value : [];
  return list
    .filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null)
    .map((x) => ({
      name: String(x.name ?? ''),
      dosage: String(x.dosage ?? ''),
      frequency: String(x.frequency ?? ''),
      days: Number.isInteger(Number(x.days)) ? Number(x.days) : 0,
      note: String(x.note ?? ''),
    }));
}

export async function listConsultations(sql: Sql, appointmentId: number) {
  const { rows } = await sql.query<{
    consultation_id: string | number;
    appointment_id: string | number;
    doctor_name: string;
    diagnosis: string;
    note: string;
    advice: string;
    prescription: unknown;
    created_at: Date;
  }>(
    `SELECT c.consultation_id, c.appointment_id, d.full_name AS doctor_name, c.diagnosis, c.note, c.advice,
            c.prescription, c.created_at
       FROM consultations c JOIN appointments a ON a.appointment_id = c.appointment_id
       JOIN doctors d ON d.doctor_id = a.doctor_id
      WHERE c.appointment_id = $1 ORDER BY c.consultation_id`,
    [appointmentId],
  );
  return rows.map((r) => ({
    consultationId: Number(r.consultation_id),
    appointmentId: Number(r.appointment_id),
    doctorName: r.doctor_name,
    diagnosis: r.diagnosis,
    note: r.note,
    advice: r.advice,
    prescription: prescriptionItems(
      typeof r.prescription === 'string' ? JSON.parse(r.prescription) : r.prescription,
    ),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Reviews

interface ReviewRow {
  feedback_id: number;
  appointment_id: string | number;
  doctor_id: number;
  doctor_name: string;
  rating: number;
  comment: string;
  created_at: Date;
}

const reviewOf = (r: ReviewRow) => ({
  feedbackId: Number(r.feedback_id),
  appointmentId: Number(r.appointment_id),
  doctorId: Number(r.doctor_id),
  doctorName: r.doctor_name,
  rating: Number(r.rating),
  comment: r.comment,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Reviews a completed appointment, once: a doctor feedback tied to the appointment and the user
 * (with the patient's name), and the doctor's rating and count updated in the same transaction.
 * 409 review_not_allowed unless Completed, 409 review_exists when already reviewed.
 */
export async function addReview(
  sql: Sql,
  userId: number,
  input: { appointmentId: number; rating: number; comment: string },
  now: Date,
) {
  const a = await ownedAppointment(sql, userId, input.appointmentId, true);
  if (a.status !== AppointmentStatus.Completed) throw new ApiError(409, 'review_not_allowed');
  const { rows: existing } = await sql.query('SELECT 1 FROM doctor_feedbacks WHERE appointment_id = $1', [
    a.appointment_id,
  ]);
  if (existing.length) throw new ApiError(409, 'review_exists');
  const { rows } = await sql.query<ReviewRow>(
    `WITH inserted AS (
       INSERT INTO doctor_feedbacks (doctor_id, patient_name, rating, comment, created_at, appointment_id, user_id)
       SELECT $1, p.full_name, $2, $3, $4, $5, $6 FROM patients p WHERE p.patient_id = $7
       RETURNING feedback_id, appointment_id, doctor_id, rating, comment, created_at)
     SELECT i.*, d.full_name AS doctor_name FROM inserted i JOIN doctors d ON d.doctor_id = i.doctor_id`,
    [
      a.doctor_id,
      input.rating,
      input.comment.normalize('NFC').trim(),
      now,
      a.appointment_id,
      userId,
      a.patient_id,
    ],
  );
  // The doctor's rating and count follow from the reviews (trigger of migration 022), in this transaction.
  return reviewOf(rows[0]!);
}

/** The caller's reviews, newest first, and their count. */
export async function userFeedbacks(sql: Sql, userId: number, pageNumber: number, pageSize: number) {
  const { rows } = await sql.query<ReviewRow & { total: string | number }>(
    `SELECT f.feedback_id, f.appointment_id, f.doctor_id, d.full_name AS doctor_name, f.rating, f.comment, f.created_at,
            count(*) OVER () AS total
       FROM doctor_feedbacks f JOIN doctors d ON d.doctor_id = f.doctor_id
      WHERE f.user_id = $1 AND f.appointment_id IS NOT NULL
      ORDER BY f.created_at DESC, f.feedback_id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (pageNumber - 1) * pageSize],
  );
  let totalRecords = rows[0] ? Number(rows[0].total) : 0;
  if (!rows.length && pageNumber > 1) {
    const { rows: n } = await sql.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM doctor_feedbacks WHERE user_id = $1 AND appointment_id IS NOT NULL',
      [userId],
    );
    totalRecords = Number(n[0]?.n ?? 0);
  }
  return { feedbacks: rows.map(reviewOf), pagination: { pageNumber, pageSize, totalRecords } };
}

// ---------------------------------------------------------------------------------------------
// Invoices

/**
 * Releases the invoice (HD-<year>-<appointment number>, unique per tenant) of the caller's Booked
 * or Completed appointment with a price, once: the
 * first call assigns the number and time, later calls answer the same ones (409
 * invoice_not_allowed otherwise).
 */
export async function releaseInvoice(
  sql: Sql,
  userId: number,
  appointmentId: number,
  now: Date,
): Promise<{ invoiceNumber: string; releasedAt: Date }> {
  const a = await ownedAppointment(sql, userId, appointmentId, true);
  const releasable: number[] = [AppointmentStatus.Booked, AppointmentStatus.Completed];
  if (!releasable.includes(a.status) || a.price <= 0) throw new ApiError(409, 'invoice_not_allowed');
  const { rows } = await sql.query<{ invoice_number: string; invoice_released_at: Date }>(
    `UPDATE appointments
        SET invoice_number = COALESCE(invoice_number, 'HD-' || to_char(local_date, 'YYYY') || '-' || appointment_number),
            invoice_released_at = COALESCE(invoice_released_at, $2)
      WHERE appointment_id = $1
      RETURNING invoice_number, invoice_released_at`,
    [appointmentId, now],
  );
  return { invoiceNumber: rows[0]!.invoice_number, releasedAt: new Date(rows[0]!.invoice_released_at) };
}
