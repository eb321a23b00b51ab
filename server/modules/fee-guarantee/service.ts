import { ACTIVE_APPOINTMENT_STATUSES, PaymentMethod } from '../../../schemas/codes';
import type { CreateFeeGuaranteeRequest } from '../../../schemas/fee-guarantee';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { notify } from '../messages/index';
import { requireHealthDataConsent } from '../personal-data/index';
import {
  appointmentOf,
  hospitalListed,
  insertFeeGuarantee,
  lockFeeGuarantee,
  ownsPatient,
  setStatus,
  type FeeGuaranteeRow,
} from './repository';

export const notFound = () => new ApiError(404, 'fee_guarantee_not_found');

/** The unique index of live requests per appointment refused the insert (a concurrent request). */
const isOpenConflict = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? (error as Error).message).includes(
    'fee_guarantee_open_appointment_idx',
  );

/**
 * Creates a waiting request (inside the caller's tenant transaction): from one of the caller's
 * appointments booked with payment method 3 and still active (patient and hospital from it; a
 * video consultation without a hospital takes the chosen one), or from the menu with a patient of
 * the caller and a listed hospital. The health-data consent is required first.
 */
export async function createFeeGuarantee(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  body: CreateFeeGuaranteeRequest,
): Promise<number> {
  await requireHealthDataConsent(sql, userId, tenant);
  let patientId = body.patientId ?? null;
  let hospitalId = body.hospitalId ?? null;
  const appointmentId = body.appointmentId ?? null;
  if (appointmentId !== null) {
    const a = await appointmentOf(sql, userId, appointmentId);
    if (!a) throw new ApiError(404, 'appointment_error');
    if (a.payment_method !== PaymentMethod.RequestForMedicalFeeCoverage) {
      throw new ApiError(400, 'fee_guarantee_payment_method', ['fee_guarantee_payment_method']);
    }
    if (!(ACTIVE_APPOINTMENT_STATUSES as readonly number[]).includes(a.status)) {
      throw new ApiError(400, 'fee_guarantee_appointment_closed', ['fee_guarantee_appointment_closed']);
    }
    patientId = a.patient_id;
    hospitalId = a.hospital_id ?? hospitalId;
  }
  const missing = [
    ...(patientId === null ? ['select_patient'] : []),
    ...(hospitalId === null ? ['select_hospital'] : []),
  ];
  if (missing.length > 0) throw new ApiError(400, 'invalid_request', missing);
  if (!(await ownsPatient(sql, userId, patientId!))) throw new ApiError(404, 'patient_not_found');
  if (!(await hospitalListed(sql, hospitalId!))) throw new ApiError(404, 'hospital_not_found');
  try {
    // A savepoint, so a refused insert leaves the transaction usable for the error reply.
    await sql.query('SAVEPOINT fee_guarantee_insert');
    const id = await insertFeeGuarantee(sql, {
      userId,
      patientId: patientId!,
      appointmentId,
      hospitalId: hospitalId!,
      insuranceCompany: body.insuranceCompany.trim(),
      policyNumber: body.policyNumber.trim(),
      estimatedAmount: body.estimatedAmount ?? null,
      note: (body.note ?? '').trim(),
    });
    await sql.query('RELEASE SAVEPOINT fee_guarantee_insert');
    return id;
  } catch (error) {
    if (isOpenConflict(error)) throw new ApiError(409, 'fee_guarantee_exists', ['fee_guarantee_exists']);
    throw error;
  }
}

/** The state a request must be in to be signed, with the refusal of every other state. */
export function assertSignable(row: FeeGuaranteeRow | null): asserts row is FeeGuaranteeRow {
  if (!row) throw notFound();
  if (row.status === 'signed') throw new ApiError(409, 'fee_guarantee_already_signed');
  if (row.status !== 'approved') throw new ApiError(409, 'fee_guarantee_not_approved');
}

export type Decision =
  | { kind: 'approve'; amount: number; note: string | null; by: string }
  | { kind: 'reject'; reason: string; by: string };

/**
 * The operator's decision on a waiting request (operator transaction with the tenant set): the
 * status, amount or reason, and an in-app notification to the patient in the same transaction.
 * @returns the decided row, or null when there is no waiting request with that id
 */
export async function decideFeeGuarantee(
  sql: Sql,
  tenant: TenantConfig,
  id: number,
  decision: Decision,
): Promise<FeeGuaranteeRow | null> {
  const row = await lockFeeGuarantee(sql, id);
  if (!row || row.status !== 'waiting') return null;
  const approve = decision.kind === 'approve';
  const done = await setStatus(sql, id, 'waiting', approve ? 'approved' : 'rejected', {
    approvedAmount: approve ? decision.amount : null,
    decisionNote: approve ? decision.note : decision.reason,
    decidedBy: decision.by,
  });
  if (!done) return null;
  await notify(sql, tenant, {
    event: 'fee-guarantee-decided',
    userId: row.user_id,
    key: `fee-guarantee-decided:${id}`,
    values: {
      approved: approve,
      amount: approve ? decision.amount : undefined,
      reason: approve ? undefined : decision.reason,
      patientName: row.patient_name,
      hospitalName: row.hospital_name,
      path: approve ? `/me/fee-guarantee/${id}/sign` : `/me/fee-guarantee/${id}`,
    },
    notificationValues: { feeGuaranteeId: id, status: approve ? 'approved' : 'rejected' },
    appointmentId: row.appointment_id === null ? null : Number(row.appointment_id),
  });
  return lockFeeGuarantee(sql, id);
}
