import type { PackageKind } from '../../../schemas/direct-calls';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';

export interface GrantInput {
  userId: number;
  kind: PackageKind;
  /** The membership (IoMT) package's id. */
  programId: number;
  now: Date;
  source: 'demo' | 'grant' | 'purchase';
  /** Who granted it (the operator's note, kept with the package). */
  grantedBy?: string;
  /** Calls to grant instead of the package's own number (membership only). */
  calls?: number;
}

/**
 * Gives a user a package from now on (the demo seed, the operator's `packages grant`, a purchase):
 * a membership package with its calls (its number of calls plus its free calls) and call duration
 * for its validity in months; an IoMT package for its months, with the tenant's IoMT call length.
 * Null when the package does not exist (or a membership package is no longer on sale). Every
 * table is filtered by the tenant too: an operator's superuser owner is not narrowed by RLS.
 */
export async function grantPackage(
  sql: Sql,
  tenant: TenantConfig,
  input: GrantInput,
): Promise<{ userPackageId: number; expiresAt: Date; calls: number | null } | null> {
  const source =
    input.kind === 'membership'
      ? `SELECT $2::int AS membership_package_id, NULL::int AS iomt_package_id,
                COALESCE($5::int, number_of_calls + free_calls) AS calls, free_appointments, call_duration_minutes AS minutes,
                validity_months AS months, $6::int AS iomt_minutes
           FROM membership_packages
          WHERE membership_package_id = $2 AND is_active AND tenant_id = current_tenant()`
      : `SELECT NULL::int AS membership_package_id, $2::int AS iomt_package_id, NULL::int AS calls, 0 AS free_appointments,
                $6::int AS minutes, duration_months AS months, $5::int AS calls_asked
           FROM iomt_packages WHERE iomt_package_id = $2 AND tenant_id = current_tenant()`;
  const { rows } = await sql.query<{ user_package_id: number; expires_at: Date; calls_total: number | null }>(
    `INSERT INTO user_packages (user_id, membership_package_id, iomt_package_id, calls_total, calls_left,
       free_appointments_total, free_appointments_left, call_minutes, starts_at, expires_at, source, granted_by, created_at)
     SELECT $1, p.membership_package_id, p.iomt_package_id, p.calls, p.calls, p.free_appointments, p.free_appointments, p.minutes, $3,
            $3::timestamptz + make_interval(months => p.months), $4, $7, $3
       FROM (${source}) p
     RETURNING user_package_id, expires_at, calls_total`,
    [
      input.userId,
      input.programId,
      input.now,
      input.source,
      input.calls ?? null,
      tenant.directCall.iomtCallMinutes,
      input.grantedBy ?? '',
    ],
  );
  const row = rows[0];
  return row
    ? { userPackageId: row.user_package_id, expiresAt: row.expires_at, calls: row.calls_total }
    : null;
}
