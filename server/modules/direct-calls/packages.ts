import type { PackageKind, UserPackage } from '../../../schemas/direct-calls';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/** A package the user holds, as the direct call reads it (inside the patient's tenant transaction). */
export interface HeldPackage {
  user_package_id: number;
  kind: PackageKind;
  program_id: number;
  name: string;
  calls_total: number | null;
  calls_left: number | null;
  call_minutes: number;
  free_appointments_total: number;
  free_appointments_left: number;
  starts_at: Date;
  expires_at: Date;
}

const statusOf = (p: HeldPackage, now: Date): UserPackage['status'] =>
  new Date(p.expires_at).getTime() <= now.getTime() || new Date(p.starts_at).getTime() > now.getTime()
    ? 'expired'
    : p.calls_left === 0
      ? 'used_up'
      : 'active';

export const userPackageOf = (p: HeldPackage, now: Date): UserPackage => ({
  userPackageId: p.user_package_id,
  kind: p.kind,
  programId: p.program_id,
  name: p.name,
  callsTotal: p.calls_total,
  callsLeft: p.calls_left,
  callMinutes: p.call_minutes,
  freeAppointmentsTotal: p.free_appointments_total,
  freeAppointmentsLeft: p.free_appointments_left,
  startsAt: new Date(p.starts_at).toISOString(),
  expiresAt: new Date(p.expires_at).toISOString(),
  status: statusOf(p, now),
});

/** The user's packages of every kind, newest expiry first (GetAllCallDiriectOfUser, the login reply). */
export async function heldPackages(
  sql: Sql,
  userId: number,
  lang: LanguageCode,
  kind?: PackageKind,
): Promise<HeldPackage[]> {
  const { rows } = await sql.query<HeldPackage>(
    `SELECT up.user_package_id,
            CASE WHEN up.membership_package_id IS NOT NULL THEN 'membership' ELSE 'iomt' END AS kind,
            COALESCE(up.membership_package_id, up.iomt_package_id) AS program_id,
            COALESCE(m.${localized('name', lang)}, i.${localized('name', lang)}) AS name,
            up.calls_total, up.calls_left, up.call_minutes, up.free_appointments_total, up.free_appointments_left,
            up.starts_at, up.expires_at
       FROM user_packages up
       LEFT JOIN membership_packages m ON m.membership_package_id = up.membership_package_id
       LEFT JOIN iomt_packages i ON i.iomt_package_id = up.iomt_package_id
      WHERE up.user_id = $1
        AND ($2::text IS NULL OR (up.membership_package_id IS NOT NULL) = ($2 = 'membership'))
      ORDER BY up.expires_at DESC, up.user_package_id DESC`,
    [userId, kind ?? null],
  );
  return rows;
}

/**
 * The package a call is made on, or the spec's reason why none can be (section 8): none of that
 * kind at all (user_not_join), none valid now (package_expired), none with a call left
 * (validate_number_call). `programId` picks one package; without it the valid package with calls
 * that expires first is used, so calls bought earlier are spent first.
 */
export function packageForCall(
  held: HeldPackage[],
  now: Date,
  programId?: number,
): HeldPackage | 'user_not_join' | 'package_expired' | 'validate_number_call' {
  const chosen = programId === undefined ? held : held.filter((p) => p.program_id === programId);
  if (!chosen.length) return 'user_not_join';
  const valid = chosen.filter((p) => statusOf(p, now) !== 'expired');
  if (!valid.length) return 'package_expired';
  const withCalls = valid
    .filter((p) => p.calls_left === null || p.calls_left > 0)
    .sort((a, b) => new Date(a.expires_at).getTime() - new Date(b.expires_at).getTime());
  return withCalls[0] ?? 'validate_number_call';
}
