import { randomBytes } from 'node:crypto';
import { ownerInTenant, type Database, type Sql } from '../../db/database';
import { hashSecret } from './crypto';

/** Personal data of a deleted account is erased this many days after the request. */
export const DELETE_GRACE_DAYS = 30;

// Statements below run as the owner with the tenant set (ownerInTenant). A superuser owner
// (PGlite, the demo PostgreSQL) bypasses RLS, so each also filters `tenant_id = current_tenant()`.
const onTenant = ownerInTenant;

/** The SQL condition and parameter that find an account by email or phone (any country code). */
function addressMatch(name: string): { where: string; value: string } {
  return name.includes('@')
    ? { where: 'email = $1', value: name.trim().toLowerCase() }
    : {
        where: "(mobile_number = $1 OR phone_code || mobile_number = '+' || $1)",
        value: name.replace(/\D/g, '').replace(/^0+/, ''),
      };
}

/** The active account of the transaction's tenant with this email or phone (operator commands), or null. */
export async function userIdByLogin(sql: Sql, name: string): Promise<number | null> {
  const { where, value } = addressMatch(name);
  const { rows } = await sql.query<{ user_id: number }>(
    `SELECT user_id FROM users WHERE ${where} AND status = 'active' AND tenant_id = current_tenant()`,
    [value],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Operator lock (AccountLockedByAdmin, every session revoked) or unlock (also clears a lock after
 * wrong passwords). Returns the number of accounts changed (0 when none matches).
 */
export async function setAdminLock(
  db: Database,
  tenant: string,
  name: string,
  locked: boolean,
  now = new Date(),
): Promise<number> {
  const { where, value } = addressMatch(name);
  return onTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<{ user_id: number }>(
      locked
        ? `UPDATE users SET locked_by_admin = true WHERE ${where} AND status <> 'deleted' AND tenant_id = current_tenant() RETURNING user_id`
        : `UPDATE users SET locked_by_admin = false, locked_at = NULL, failed_logins = 0, first_failed_at = NULL
           WHERE ${where} AND status <> 'deleted' AND tenant_id = current_tenant() RETURNING user_id`,
      [value],
    );
    for (const { user_id } of rows) {
      if (locked)
        await sql.query(
          'UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND tenant_id = current_tenant()',
          [user_id, now],
        );
      await sql.query(
        `INSERT INTO audit_log (user_id, event, outcome, device_key, ip, created_at) VALUES ($1, $2, 'success', 'operator', '', $3)`,
        [user_id, locked ? 'admin_lock' : 'admin_unlock', now],
      );
    }
    return rows.length;
  });
}

/**
 * Erases the personal data of accounts deleted more than DELETE_GRACE_DAYS ago: contact data,
 * name, credentials, PIN, second factor, devices, sessions, codes; audit rows keep only the
 * event and time. The row stays as an anonymous tombstone so that references keep working.
 * `eraseMore` runs in the same transaction with the purged ids (the personal-data module erases
 * health data there); if it throws, nothing is purged.
 */
export async function purgeDeletedAccounts(
  db: Database,
  tenant: string,
  now = new Date(),
  eraseMore?: (sql: Sql, userIds: number[]) => Promise<void>,
): Promise<number> {
  const cutoff = new Date(now.getTime() - DELETE_GRACE_DAYS * 86_400_000);
  return onTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<{ user_id: number }>(
      `UPDATE users SET email = NULL, country_id = NULL, phone_code = NULL, mobile_number = NULL, full_name = '',
         gender = NULL, date_of_birth = NULL, password_hash = '', pin_hash = NULL, pin_sealed = NULL,
         totp_secret = NULL, totp_pending_secret = NULL, two_factor_type = 0, referral_id = NULL
       WHERE tenant_id = current_tenant() AND status = 'deleted' AND deleted_at < $1 AND (email IS NOT NULL OR mobile_number IS NOT NULL OR password_hash <> '')
       RETURNING user_id`,
      [cutoff],
    );
    const ids = rows.map((r) => Number(r.user_id));
    if (!ids.length) return 0;
    for (const table of ['login_devices', 'otp_codes', 'recovery_codes', 'login_challenges']) {
      await sql.query(
        `DELETE FROM ${table} WHERE tenant_id = current_tenant() AND user_id = ANY($1::int[])`,
        [ids],
      );
    }
    await sql.query(
      `UPDATE audit_log SET login_name = '', ip = '', device_key = '' WHERE tenant_id = current_tenant() AND user_id = ANY($1::int[])`,
      [ids],
    );
    await eraseMore?.(sql, ids);
    return ids.length;
  });
}

/**
 * Helpdesk reset: gives an account a temporary password and requires a new one at the next
 * sign-in (Auth/Login answers PassNew, then Auth/ChangePasswordNew). Every session ends.
 * The temporary password is random (12 characters, meets every policy) and shown to the operator
 * once; it is stored only as an argon2id hash. Returns null when no account matches.
 */
export async function resetPasswordByOperator(
  db: Database,
  tenant: string,
  name: string,
  now = new Date(),
): Promise<string | null> {
  const { where, value } = addressMatch(name);
  const temporary = `Tmp#${randomBytes(6).toString('base64url')}a1`;
  const passwordHash = await hashSecret(temporary);
  return onTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<{ user_id: number }>(
      `UPDATE users SET password_hash = $2, must_change_password = true
       WHERE ${where} AND status <> 'deleted' AND tenant_id = current_tenant() RETURNING user_id`,
      [value, passwordHash],
    );
    for (const { user_id } of rows) {
      await sql.query(
        'UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND tenant_id = current_tenant()',
        [user_id, now],
      );
      await sql.query(
        `INSERT INTO audit_log (user_id, event, outcome, device_key, ip, created_at) VALUES ($1, 'admin_password_reset', 'success', 'operator', '', $2)`,
        [user_id, now],
      );
    }
    return rows.length ? temporary : null;
  });
}
