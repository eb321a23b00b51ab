import type { Sql } from '../../db/database';

/** What an audit row says happened. Secrets (passwords, codes, tokens) are never part of it. */
export interface AuditEntry {
  userId: number | null;
  loginName?: string;
  event: string;
  outcome: string;
  deviceKey: string;
  ip: string;
  at: Date;
}

/** Appends one row to the tenant's audit log (sign-in attempts and credential changes). */
export async function audit(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql.query(
    `INSERT INTO audit_log (user_id, login_name, event, outcome, device_key, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.userId, entry.loginName ?? '', entry.event, entry.outcome, entry.deviceKey, entry.ip, entry.at],
  );
}
