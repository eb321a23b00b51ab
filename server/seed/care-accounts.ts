import type { Sql } from '../db/database';
import { hashSecret } from '../modules/accounts/crypto';
import { DEMO_PASSWORD } from './accounts';

/**
 * Care accounts of the demo (README "Demo accounts"): every approved doctor signs in as
 * `doctor<n>@<code>.example` and every approved hospital's staff as `hospital<n>@<code>.example`,
 * n counting the tenant's doctors (hospitals) by id from 1, all with the demo password. One hash
 * serves them all (argon2id per account would cost seconds per tenant). Active, no trusted device
 * yet: the first device that signs in is trusted, as for any account. Idempotent.
 * Runs in the seed's owner transaction with app.tenant_id set.
 * @returns the number of accounts created
 */
export async function seedCareAccounts(sql: Sql, code: string, now: Date): Promise<number> {
  const { rows: missing } = await sql.query(
    `SELECT 1 FROM doctors d WHERE d.tenant_id = current_tenant() AND d.approval_status = 1
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.doctor_id = d.doctor_id)
     UNION ALL
     SELECT 1 FROM hospitals h WHERE h.tenant_id = current_tenant() AND h.approval_status = 1
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.hospital_id = h.hospital_id)
     LIMIT 1`,
  );
  if (!missing.length) return 0;
  const hash = await hashSecret(DEMO_PASSWORD);
  const doctors = await sql.query(
    `INSERT INTO users (email, full_name, password_hash, status, role, doctor_id, created_at)
     SELECT 'doctor' || row_number() OVER (ORDER BY d.doctor_id) || '@' || $1 || '.example', d.full_name, $2,
            'active', 'doctor', d.doctor_id, $3
       FROM doctors d
      WHERE d.tenant_id = current_tenant() AND d.approval_status = 1
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.doctor_id = d.doctor_id)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [code, hash, now],
  );
  const hospitals = await sql.query(
    `INSERT INTO users (email, full_name, password_hash, status, role, hospital_id, created_at)
     SELECT 'hospital' || row_number() OVER (ORDER BY h.hospital_id) || '@' || $1 || '.example', h.name, $2,
            'active', 'hospital', h.hospital_id, $3
       FROM hospitals h
      WHERE h.tenant_id = current_tenant() AND h.approval_status = 1
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.hospital_id = h.hospital_id)
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [code, hash, now],
  );
  return doctors.rows.length + hospitals.rows.length;
}
