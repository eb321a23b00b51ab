import type { Sql } from '../db/database';

const CARE_KEYS = ['app.care_role', 'app.care_user_id', 'app.care_doctor_id', 'app.care_hospital_id'];

/**
 * Runs `fn` as the system inside a care transaction (a doctor's or hospital staff's, whose
 * settings narrow every query through the care scopes of migration 025), then gives the actor
 * back. For the system's part of a care action once the actor's own right to act is checked:
 * telling a patient (whose account the users care scope hides from the actor), paying a referral
 * reward. Tenant isolation still holds; nothing read here should be returned to the care side.
 * Outside a care transaction it simply runs `fn`.
 */
export async function withoutCareActor<T>(sql: Sql, fn: () => Promise<T>): Promise<T> {
  const { rows } = await sql.query<Record<string, string | null>>(
    `SELECT ${CARE_KEYS.map((k, i) => `current_setting('${k}', true) AS k${i}`).join(', ')}`,
  );
  const saved = CARE_KEYS.map((_, i) => rows[0]?.[`k${i}`] ?? '');
  if (saved.every((v) => !v)) return fn();
  await sql.query(`SELECT ${CARE_KEYS.map((k) => `set_config('${k}', '', true)`).join(', ')}`);
  // No finally: after a failure the transaction is aborted and rolls back (with its settings).
  const result = await fn();
  await sql.query(
    `SELECT ${CARE_KEYS.map((k, i) => `set_config('${k}', $${i + 1}, true)`).join(', ')}`,
    saved,
  );
  return result;
}
