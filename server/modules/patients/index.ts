/**
 * Public API of the patients module, for other modules (booking): nothing else in this folder may
 * be imported from outside it.
 */
import { missingPersonalInfo } from '../../../schemas/patient-rules';
import type { Sql } from '../../db/database';
import { lockPatient } from './repository';

export { patientsRoutes } from './routes';

/**
 * The patient a user books for, or null when it is not the user's, is deleted or does not exist.
 * `missing` lists the message keys of the personal fields booking needs that are empty
 * (valid_full_name, select_gender, select_date_of_birth): "Personal info must be updated before
 * scheduling" (answer 400 personal_info_required with these keys). Run inside the booking's
 * db.tenant() transaction: the row is locked FOR SHARE, so a concurrent DeletePatient waits for
 * the booking and then sees its appointment.
 */
export async function loadBookablePatient(
  sql: Sql,
  userId: number,
  patientId: number,
): Promise<{ patientId: number; fullName: string; missing: string[] } | null> {
  const row = await lockPatient(sql, userId, patientId, 'SHARE');
  if (!row) return null;
  return {
    patientId,
    fullName: row.full_name,
    missing: missingPersonalInfo({
      fullName: row.full_name,
      gender: row.gender,
      dateOfBirth: row.date_of_birth,
    }),
  };
}

/**
 * The user's patients (myself and family members, not deleted) as stored, for the personal data
 * export.
 */
export async function exportPatients(sql: Sql, userId: number): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT patient_id, is_self, full_name, gender, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
            id_number, phone_code, mobile_number, email, zalo_number, relation_id, address_id, created_at
       FROM patients WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_self DESC, patient_id`,
    [userId],
  );
  return rows.map((r) => ({
    patientId: Number(r.patient_id),
    isSelf: r.is_self,
    fullName: r.full_name,
    gender: r.gender,
    dateOfBirth: r.date_of_birth,
    idNumber: r.id_number,
    phoneCode: r.phone_code,
    mobileNumber: r.mobile_number,
    email: r.email,
    zaloNumber: r.zalo_number,
    relationId: r.relation_id,
    addressId: r.address_id,
    createdAt: new Date(r.created_at as string).toISOString(),
  }));
}

/** Names of the user's patients by id, deleted ones included (the personal data access log). */
export async function patientNames(sql: Sql, userId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await sql.query<{ patient_id: number; full_name: string }>(
    'SELECT patient_id, full_name FROM patients WHERE user_id = $1 AND patient_id = ANY($2::int[])',
    [userId, ids],
  );
  return new Map(rows.map((r) => [Number(r.patient_id), r.full_name]));
}

/**
 * Anonymises the user's patients at the purge of a deleted account: names, birth dates,
 * ID numbers and contacts go; the rows stay (marked deleted) for the appointments that name them.
 * Returns how many rows were anonymised.
 */
export async function erasePatients(sql: Sql, userId: number): Promise<number> {
  const { rows } = await sql.query(
    `UPDATE patients SET full_name = '', gender = NULL, date_of_birth = NULL, id_number = NULL, phone_code = NULL,
            mobile_number = NULL, email = NULL, zalo_number = NULL, address_id = NULL,
            deleted_at = coalesce(deleted_at, now())
      WHERE user_id = $1 RETURNING patient_id`,
    [userId],
  );
  return rows.length;
}
