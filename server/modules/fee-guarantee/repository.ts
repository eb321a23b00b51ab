import type { FeeGuarantee, FeeGuaranteeStatus } from '../../../schemas/fee-guarantee';
import type { Sql } from '../../db/database';

/**
 * SQL of fee guarantee requests (migration 018). Every user-facing read filters on
 * `user_id = caller` under the tenant's RLS, so another user's or tenant's id finds nothing.
 */

export interface FeeGuaranteeRow {
  fee_guarantee_id: string | number;
  user_id: number;
  status: FeeGuaranteeStatus;
  appointment_id: string | number | null;
  appointment_number: string | null;
  patient_id: number;
  patient_name: string;
  hospital_id: number;
  hospital_name: string;
  insurance_company: string;
  policy_number: string;
  estimated_amount: number | null;
  note: string;
  approved_amount: string | number | null;
  decision_note: string | null;
  decided_at: Date | string | null;
  signature_file_key: string | null;
  signed_at: Date | string | null;
  created_at: Date | string;
}

const SELECT = `SELECT f.fee_guarantee_id, f.tenant_id, f.user_id, f.status, f.appointment_id, a.appointment_number,
       f.patient_id, p.full_name AS patient_name, f.hospital_id, h.name AS hospital_name,
       f.insurance_company, f.policy_number, f.estimated_amount, f.note, f.approved_amount,
       f.decision_note, f.decided_at, f.signature_file_key, f.signed_at, f.created_at
  FROM fee_guarantee_requests f
  JOIN patients p ON p.patient_id = f.patient_id
  JOIN hospitals h ON h.hospital_id = f.hospital_id
  LEFT JOIN appointments a ON a.appointment_id = f.appointment_id`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The contract's shape of a row; `signatureUrl` is built by the caller (it knows the origin). */
export function toFeeGuarantee(r: FeeGuaranteeRow, signatureUrl: string | null): FeeGuarantee {
  return {
    feeGuaranteeId: Number(r.fee_guarantee_id),
    status: r.status,
    appointmentId: r.appointment_id === null ? null : Number(r.appointment_id),
    appointmentNumber: r.appointment_number,
    patientId: r.patient_id,
    patientName: r.patient_name,
    hospitalId: r.hospital_id,
    hospitalName: r.hospital_name,
    insuranceCompany: r.insurance_company,
    policyNumber: r.policy_number,
    estimatedAmount: r.estimated_amount === null ? null : Number(r.estimated_amount),
    note: r.note,
    approvedAmount: r.approved_amount === null ? null : Number(r.approved_amount),
    decisionNote: r.decision_note,
    decidedAt: iso(r.decided_at),
    signedAt: iso(r.signed_at),
    signatureUrl: r.signature_file_key ? signatureUrl : null,
    createdAt: iso(r.created_at)!,
  };
}

/** One of the user's requests (locked for update when asked), or null. */
export async function findFeeGuarantee(
  sql: Sql,
  userId: number,
  id: number,
  lock = false,
): Promise<FeeGuaranteeRow | null> {
  const { rows } = await sql.query<FeeGuaranteeRow>(
    `${SELECT} WHERE f.fee_guarantee_id = $1 AND f.user_id = $2${lock ? ' FOR UPDATE OF f' : ''}`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** One page of the user's requests, newest first, and the total. */
export async function listFeeGuarantees(
  sql: Sql,
  userId: number,
  page: { pageNumber: number; pageSize: number; appointmentId?: number | null },
): Promise<{ rows: FeeGuaranteeRow[]; total: number }> {
  const appointmentId = page.appointmentId ?? null;
  const { rows } = await sql.query<FeeGuaranteeRow>(
    `${SELECT} WHERE f.user_id = $1 AND ($4::bigint IS NULL OR f.appointment_id = $4)
      ORDER BY f.created_at DESC, f.fee_guarantee_id DESC LIMIT $2 OFFSET $3`,
    [userId, page.pageSize, (page.pageNumber - 1) * page.pageSize, appointmentId],
  );
  const count = await sql.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM fee_guarantee_requests WHERE user_id = $1 AND ($2::bigint IS NULL OR appointment_id = $2)',
    [userId, appointmentId],
  );
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** The caller's appointment a request may start from (locked FOR SHARE), or null. */
export async function appointmentOf(
  sql: Sql,
  userId: number,
  appointmentId: number,
): Promise<{
  patient_id: number;
  hospital_id: number | null;
  payment_method: number;
  status: number;
} | null> {
  const { rows } = await sql.query<{
    patient_id: number;
    hospital_id: number | null;
    payment_method: number;
    status: number;
  }>(
    `SELECT patient_id, hospital_id, payment_method, status FROM appointments
      WHERE appointment_id = $1 AND user_id = $2 FOR SHARE`,
    [appointmentId, userId],
  );
  return rows[0] ?? null;
}

/** Whether the patient is one of the user's (not deleted). */
export async function ownsPatient(sql: Sql, userId: number, patientId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'SELECT 1 FROM patients WHERE patient_id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [patientId, userId],
  );
  return rows.length > 0;
}

/** Whether the hospital exists in this tenant and is approved (listed). */
export async function hospitalListed(sql: Sql, hospitalId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM hospitals WHERE hospital_id = $1 AND approval_status = 1', [
    hospitalId,
  ]);
  return rows.length > 0;
}

export interface NewFeeGuarantee {
  userId: number;
  patientId: number;
  appointmentId: number | null;
  hospitalId: number;
  insuranceCompany: string;
  policyNumber: string;
  estimatedAmount: number | null;
  note: string;
}

/** Inserts a waiting request; returns its id. */
export async function insertFeeGuarantee(sql: Sql, r: NewFeeGuarantee): Promise<number> {
  const { rows } = await sql.query<{ fee_guarantee_id: string | number }>(
    `INSERT INTO fee_guarantee_requests
       (user_id, patient_id, appointment_id, hospital_id, insurance_company, policy_number, estimated_amount, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING fee_guarantee_id`,
    [
      r.userId,
      r.patientId,
      r.appointmentId,
      r.hospitalId,
      r.insuranceCompany,
      r.policyNumber,
      r.estimatedAmount,
      r.note,
    ],
  );
  return Number(rows[0]!.fee_guarantee_id);
}

/** Moves a request from one status to another (a guarded UPDATE); false when it was not in `from`. */
export async function setStatus(
  sql: Sql,
  id: number,
  from: FeeGuaranteeStatus,
  to: FeeGuaranteeStatus,
  fields: {
    approvedAmount?: number | null;
    decisionNote?: string | null;
    decidedBy?: string | null;
    signatureFileKey?: string | null;
    signerIp?: string | null;
  } = {},
): Promise<boolean> {
  const decided = to === 'approved' || to === 'rejected';
  const signed = to === 'signed';
  const { rows } = await sql.query(
    `UPDATE fee_guarantee_requests
        SET status = $3, updated_at = now(),
            approved_amount = CASE WHEN $4::boolean THEN $5::bigint ELSE approved_amount END,
            decision_note = CASE WHEN $4::boolean THEN $6::text ELSE decision_note END,
            decided_by = CASE WHEN $4::boolean THEN $7::text ELSE decided_by END,
            decided_at = CASE WHEN $4::boolean THEN now() ELSE decided_at END,
            signature_file_key = CASE WHEN $8::boolean THEN $9::text ELSE signature_file_key END,
            signer_ip = CASE WHEN $8::boolean THEN $10::text ELSE signer_ip END,
            signed_at = CASE WHEN $8::boolean THEN now() ELSE signed_at END
      WHERE fee_guarantee_id = $1 AND status = $2
      RETURNING fee_guarantee_id`,
    [
      id,
      from,
      to,
      decided,
      fields.approvedAmount ?? null,
      fields.decisionNote ?? null,
      fields.decidedBy ?? null,
      signed,
      fields.signatureFileKey ?? null,
      fields.signerIp ?? null,
    ],
  );
  return rows.length > 0;
}

/** Every request of the tenant (optionally of one status), oldest waiting first: the operator's list. */
export async function operatorFeeGuarantees(
  sql: Sql,
  status: FeeGuaranteeStatus | null,
): Promise<(FeeGuaranteeRow & { email: string | null; mobile_number: string | null })[]> {
  const { rows } = await sql.query<FeeGuaranteeRow & { email: string | null; mobile_number: string | null }>(
    `SELECT s.*, u.email, u.mobile_number FROM (${SELECT}) s JOIN users u ON u.user_id = s.user_id
      WHERE s.tenant_id = current_tenant() AND ($1::text IS NULL OR s.status = $1) ORDER BY s.created_at, s.fee_guarantee_id LIMIT 500`,
    [status],
  );
  return rows;
}

/**
 * Any request of the tenant by id (operator side), locked for update, or null. The tenant is
 * checked explicitly: a superuser owner (PGlite, the demo PostgreSQL) bypasses RLS.
 */
export async function lockFeeGuarantee(sql: Sql, id: number): Promise<FeeGuaranteeRow | null> {
  const { rows } = await sql.query<FeeGuaranteeRow>(
    `${SELECT} WHERE f.fee_guarantee_id = $1 AND f.tenant_id = current_tenant() FOR UPDATE OF f`,
    [id],
  );
  return rows[0] ?? null;
}
