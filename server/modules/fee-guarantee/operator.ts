import type { FeeGuaranteeStatus } from '../../../schemas/fee-guarantee';
import type { Sql } from '../../db/database';
import { operatorFeeGuarantees } from './repository';

/** One line of `npm run admin -- fee-guarantees list` (the operator's view). */
export interface OperatorFeeGuarantee {
  id: number;
  status: FeeGuaranteeStatus;
  createdAt: string;
  account: string;
  patientName: string;
  hospitalName: string;
  appointmentNumber: string | null;
  insurance: string;
  estimatedAmount: number | null;
  approvedAmount: number | null;
  decisionNote: string | null;
}

/** The tenant's requests, oldest first, optionally of one status. */
export async function operatorList(
  sql: Sql,
  status: FeeGuaranteeStatus | null,
): Promise<OperatorFeeGuarantee[]> {
  const rows = await operatorFeeGuarantees(sql, status);
  return rows.map((r) => ({
    id: Number(r.fee_guarantee_id),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    account: r.email ?? r.mobile_number ?? `user ${r.user_id}`,
    patientName: r.patient_name,
    hospitalName: r.hospital_name,
    appointmentNumber: r.appointment_number,
    insurance: `${r.insurance_company} / ${r.policy_number}`,
    estimatedAmount: r.estimated_amount === null ? null : Number(r.estimated_amount),
    approvedAmount: r.approved_amount === null ? null : Number(r.approved_amount),
    decisionNote: r.decision_note,
  }));
}
