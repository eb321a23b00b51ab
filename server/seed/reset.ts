import { ownerInTenant, type Database } from '../db/database';

/** Tenant tables the seed fills, children before parents so that deletes respect foreign keys. */
const SEEDED_TABLES = [
  'doctor_slots',
  'promo_codes',
  'doctor_health_programs',
  'health_programs',
  'doctor_prices',
  'doctor_languages',
  'doctor_hospitals',
  'doctor_symptoms',
  'doctor_specialities',
  'doctors',
  'hospitals',
  'symptoms',
  'specialities',
  'blogs',
  'blog_categories',
  'banners',
  'promotionals',
  'testimonials',
  'contents',
  'membership_packages',
  'iomt_packages',
] as const;

/**
 * Deletes a tenant's seeded catalogue and content and clears seeded_at, so that the next start
 * (or scripts/seed.ts) seeds it afresh. An operator tool for demo and benchmark databases: it
 * fails, changing nothing, if user data (appointments, ...) still refers to the doctors.
 */
export async function clearTenant(db: Database, code: string): Promise<void> {
  // Under forced RLS a non-superuser owner sees only the transaction's tenant (see seedTenant).
  await ownerInTenant(db, code, async (sql) => {
    // The demo account's direct calls and packages (server/seed/packages.ts) refer to the packages
    // and its appointments: they go first.
    const demo = `SELECT user_id FROM users WHERE tenant_id = $1 AND email = 'demo@' || $1 || '.example'`;
    await sql.query(`DELETE FROM direct_calls WHERE tenant_id = $1 AND user_id IN (${demo})`, [code]);
    await sql.query(`DELETE FROM user_packages WHERE tenant_id = $1 AND user_id IN (${demo})`, [code]);
    // The demo account's history (server/seed/appointments.ts) refers to the doctors: it goes too.
    await sql.query(
      `DELETE FROM appointments WHERE tenant_id = $1
          AND user_id IN (SELECT user_id FROM users WHERE tenant_id = $1 AND email = 'demo@' || $1 || '.example')`,
      [code],
    );
    // The demo care accounts (server/seed/care-accounts.ts) act for the doctors and hospitals: they
    // go too (an account made by a join approval still refers to its doctor and stops the reset).
    await sql.query(
      `DELETE FROM users WHERE tenant_id = $1 AND role IN ('doctor', 'hospital')
          AND email ~ ('^(doctor|hospital)[0-9]+@' || $1 || '\\.example$')`,
      [code],
    );
    for (const table of SEEDED_TABLES) await sql.query(`DELETE FROM ${table} WHERE tenant_id = $1`, [code]);
    await sql.query('UPDATE tenants SET seeded_at = NULL WHERE code = $1', [code]);
  });
}
