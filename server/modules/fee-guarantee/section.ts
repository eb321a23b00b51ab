import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';
import { toFeeGuarantee, type FeeGuaranteeRow } from './repository';

/**
 * The fee guarantee part of a user's personal data: every request (their own and their family
 * members') with its decision, and the signature images; erased at the account purge.
 */
export const feeGuaranteeSection: PersonalDataSection = {
  name: 'feeGuarantees',
  async export(sql: Sql, userId: number) {
    const { rows } = await sql.query<FeeGuaranteeRow>(
      `SELECT f.fee_guarantee_id, f.user_id, f.status, f.appointment_id, a.appointment_number,
              f.patient_id, p.full_name AS patient_name, f.hospital_id, h.name AS hospital_name,
              f.insurance_company, f.policy_number, f.estimated_amount, f.note, f.approved_amount,
              f.decision_note, f.decided_at, f.signature_file_key, f.signed_at, f.created_at
         FROM fee_guarantee_requests f
         JOIN patients p ON p.patient_id = f.patient_id
         JOIN hospitals h ON h.hospital_id = f.hospital_id
         LEFT JOIN appointments a ON a.appointment_id = f.appointment_id
        WHERE f.user_id = $1 ORDER BY f.created_at, f.fee_guarantee_id`,
      [userId],
    );
    const files: { archivePath: string; fileKey: string }[] = [];
    const data = rows.map((r) => {
      const id = Number(r.fee_guarantee_id);
      const archivePath = `fee-guarantees/${id}/signature.png`;
      if (r.signature_file_key) files.push({ archivePath, fileKey: r.signature_file_key });
      return { ...toFeeGuarantee(r, r.signature_file_key ? archivePath : null) };
    });
    return { data, files };
  },
  async erase(sql: Sql, userId: number) {
    const { rows } = await sql.query<{ signature_file_key: string | null }>(
      'DELETE FROM fee_guarantee_requests WHERE user_id = $1 RETURNING signature_file_key',
      [userId],
    );
    return rows.flatMap((r) => (r.signature_file_key ? [r.signature_file_key] : []));
  },
};
