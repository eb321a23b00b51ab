import type { IomtPackageStatus, IomtUserPackage } from '../../../schemas/iomt';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/**
 * The IoMT packages a user holds (user_packages rows of kind iomt, migration 028), read inside the
 * patient's tenant transaction. Granted by the demo seed and the operator command, bought through
 * the purchases contract (a renewal starts when the current term ends).
 */
export interface HeldIomtPackage {
  user_package_id: number;
  iomt_package_id: number;
  name: string;
  description: string;
  devices: string;
  starts_at: Date;
  expires_at: Date;
}

export const statusAt = (
  p: Pick<HeldIomtPackage, 'starts_at' | 'expires_at'>,
  now: Date,
): IomtPackageStatus =>
  new Date(p.expires_at).getTime() <= now.getTime()
    ? 'expired'
    : new Date(p.starts_at).getTime() > now.getTime()
      ? 'upcoming'
      : 'active';

export const iomtUserPackageOf = (p: HeldIomtPackage, now: Date): IomtUserPackage => ({
  userPackageId: p.user_package_id,
  iomtPackageId: p.iomt_package_id,
  name: p.name,
  description: p.description,
  devices: p.devices,
  startsAt: new Date(p.starts_at).toISOString(),
  expiresAt: new Date(p.expires_at).toISOString(),
  status: statusAt(p, now),
});

/** The user's IoMT packages, newest expiry first. */
export async function heldIomtPackages(
  sql: Sql,
  userId: number,
  lang: LanguageCode,
): Promise<HeldIomtPackage[]> {
  const { rows } = await sql.query<HeldIomtPackage>(
    `SELECT up.user_package_id, up.iomt_package_id, i.${localized('name', lang)} AS name,
            i.${localized('description', lang)} AS description, i.${localized('devices', lang)} AS devices,
            up.starts_at, up.expires_at
       FROM user_packages up JOIN iomt_packages i ON i.iomt_package_id = up.iomt_package_id
      WHERE up.user_id = $1 AND up.iomt_package_id IS NOT NULL
      ORDER BY up.expires_at DESC, up.user_package_id DESC`,
    [userId],
  );
  return rows;
}

/**
 * The packages valid now, or the spec's reason why there is none (section 8): no IoMT package at
 * all (user_not_join) or none valid now (package_expired).
 */
export function validPackages(
  held: HeldIomtPackage[],
  now: Date,
): HeldIomtPackage[] | 'user_not_join' | 'package_expired' {
  if (!held.length) return 'user_not_join';
  const valid = held.filter((p) => statusAt(p, now) === 'active');
  return valid.length ? valid : 'package_expired';
}
