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
