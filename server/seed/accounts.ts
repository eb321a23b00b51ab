import type { Sql } from '../db/database';
import { hashSecret } from '../modules/accounts/crypto';

/** The demo patient's password on every tenant (documented in README "Demo accounts"). */
export const DEMO_PASSWORD = 'Demo@123';
const DEMO_PHONES: Record<string, string> = {
  songkhoe: '900000001',
  songhong: '900000002',
  saomai: '900000003',
};

/**
 * One active demo patient per tenant: demo@<code>.example / Demo@123, phone +84 90 000 000n.
 * It has no trusted device yet, so the first device that signs in is trusted without a code (as for
 * any account); a second device then gets LoginStrangeDevice.
 */
export async function seedDemoAccount(sql: Sql, code: string, now: Date): Promise<number> {
  const phone = DEMO_PHONES[code] ?? null;
  // Kept across a re-seed (scripts/seed.ts clears the catalogue, never accounts).
  const { rows } = await sql.query('SELECT 1 FROM users WHERE email = $1', [`demo@${code}.example`]);
  if (rows.length) return 0;
  await sql.query(
    `INSERT INTO users (email, country_id, phone_code, mobile_number, full_name, password_hash, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'active', $7)`,
    [
      `demo@${code}.example`,
      phone ? 1 : null,
      phone ? '+84' : null,
      phone,
      'Nguyễn Văn Demo',
      await hashSecret(DEMO_PASSWORD),
      now,
    ],
  );
  return 1;
}
