import type { Sql } from '../db/database';

/** Where each tenant's demo patient lives (current units, migration 011: province, ward). */
const DEMO_ADDRESSES: Record<string, { line: string; province: string; ward: string }> = {
  songkhoe: { line: '12 Phố Kim Mã', province: '01', ward: '00004' }, // Phường Ba Đình, Hà Nội
  songhong: { line: '45 Đường Điện Biên Phủ', province: '31', ward: '11311' }, // Phường Hồng Bàng, Hải Phòng
  saomai: { line: '88 Đường Lê Lợi', province: '79', ward: '26740' }, // Phường Sài Gòn, TP HCM
};
const FALLBACK_ADDRESS = DEMO_ADDRESSES.songkhoe!;

/**
 * Gives the demo patient of a tenant (seedDemoAccount) a complete self profile (gender, date of
 * birth), one address in the current administrative units and one family member (the mother),
 * so booking for "myself" or a family member, at home or in hospital, works on a fresh demo.
 * Idempotent: an account that already has patients is left alone (accounts survive a re-seed).
 * Runs in the seed's owner transaction with app.tenant_id set.
 * @returns the number of patients created
 */
export async function seedDemoPatients(sql: Sql, code: string, now: Date): Promise<number> {
  const { rows } = await sql.query<{ user_id: number; has_patients: boolean }>(
    `SELECT u.user_id, EXISTS (SELECT 1 FROM patients p WHERE p.user_id = u.user_id) AS has_patients
       FROM users u WHERE u.email = $1`,
    [`demo@${code}.example`],
  );
  const user = rows[0];
  if (!user || user.has_patients) return 0;
  const place = DEMO_ADDRESSES[code] ?? FALLBACK_ADDRESS;

  await sql.query(
    `UPDATE users SET gender = COALESCE(gender, 'M'), date_of_birth = COALESCE(date_of_birth, '1985-04-12')
      WHERE user_id = $1`,
    [user.user_id],
  );
  const address = await sql.query<{ address_id: number }>(
    `INSERT INTO user_addresses (user_id, full_name, phone, address_line, province_code, ward_code,
                                 is_default, created_at, updated_at)
     SELECT user_id, full_name, coalesce('0' || mobile_number, ''), $2, $3, $4, true, $5, $5
       FROM users WHERE user_id = $1
     RETURNING address_id`,
    [user.user_id, place.line, place.province, place.ward, now],
  );
  const addressId = address.rows[0]!.address_id;
  await sql.query(
    `INSERT INTO patients (user_id, is_self, full_name, gender, date_of_birth, email, phone_code,
                           mobile_number, address_id, created_at, updated_at)
     SELECT user_id, true, full_name, gender, date_of_birth, email, phone_code,
            '0' || mobile_number, $2, $3, $3
       FROM users WHERE user_id = $1`,
    [user.user_id, addressId, now],
  );
  await sql.query(
    `INSERT INTO patients (user_id, full_name, gender, date_of_birth, relation_id, address_id,
                           mobile_number, created_at, updated_at)
     VALUES ($1, 'Trần Thị Hoa', 'F', '1958-09-20', 2, $2, '0912000111', $3, $3)`,
    [user.user_id, addressId, now],
  );
  return 2;
}
