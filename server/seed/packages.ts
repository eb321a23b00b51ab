import type { Sql } from '../db/database';

/**
 * Direct calls of the demo (README "Try a direct call"): every membership and IoMT package rings
 * the doctors who give video consultations (a direct call is held on the video call screen), and
 * the demo account holds the cheapest membership package with its calls, from now on. Runs in the
 * seed's owner transaction with app.tenant_id set, after the demo account and its patients.
 * @returns the number of packages granted
 */
export async function seedDemoPackages(sql: Sql, code: string, now: Date): Promise<number> {
  const videoDoctors = `SELECT d.doctor_id FROM doctors d
     WHERE d.tenant_id = current_tenant() AND d.approval_status = 1
       AND EXISTS (SELECT 1 FROM doctor_prices p WHERE p.doctor_id = d.doctor_id AND p.service_type_id = 1)`;
  await sql.query(
    `INSERT INTO membership_package_doctors (membership_package_id, doctor_id)
     SELECT m.membership_package_id, v.doctor_id FROM membership_packages m CROSS JOIN (${videoDoctors}) v
      WHERE m.tenant_id = current_tenant() ON CONFLICT DO NOTHING`,
  );
  await sql.query(
    `INSERT INTO iomt_package_doctors (iomt_package_id, doctor_id)
     SELECT i.iomt_package_id, v.doctor_id FROM iomt_packages i CROSS JOIN (${videoDoctors}) v
      WHERE i.tenant_id = current_tenant() ON CONFLICT DO NOTHING`,
  );
  const { rows } = await sql.query(
    `INSERT INTO user_packages (user_id, membership_package_id, calls_total, calls_left, call_minutes,
       starts_at, expires_at, source, granted_by, created_at)
     SELECT u.user_id, m.membership_package_id, m.number_of_calls + m.free_calls, m.number_of_calls + m.free_calls,
            m.call_duration_minutes, $2, $2::timestamptz + make_interval(months => m.validity_months), 'demo', 'seed', $2
       FROM users u
       JOIN LATERAL (SELECT * FROM membership_packages m WHERE m.tenant_id = current_tenant() AND m.is_active
                      ORDER BY m.price, m.membership_package_id LIMIT 1) m ON true
      WHERE u.tenant_id = current_tenant() AND u.email = $1
        AND NOT EXISTS (SELECT 1 FROM user_packages up WHERE up.user_id = u.user_id)
     RETURNING 1`,
    [`demo@${code}.example`, now],
  );
  return rows.length;
}
