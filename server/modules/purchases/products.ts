import type { PackageType } from '../../../schemas/purchases';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/** A package on sale as checkout reads it: its price and name, and what it gives. */
export interface Product {
  type: PackageType;
  id: number;
  name: string;
  price: number;
  /** Membership: calls (its number plus its free calls) and free appointments per term. */
  calls: number;
  freeAppointments: number;
  /** The term in months (0: a health program, which does not lapse). */
  months: number;
}

const QUERIES: Record<PackageType, (lang: LanguageCode, retired: boolean) => string> = {
  membership: (
    lang,
    retired,
  ) => `SELECT membership_package_id AS id, ${localized('name', lang)} AS name, price,
      number_of_calls + free_calls AS calls, free_appointments, validity_months AS months
      FROM membership_packages WHERE membership_package_id = $1 ${retired ? '' : 'AND is_active'}`,
  iomt: (lang) => `SELECT iomt_package_id AS id, ${localized('name', lang)} AS name, price,
      0 AS calls, 0 AS free_appointments, duration_months AS months
      FROM iomt_packages WHERE iomt_package_id = $1`,
  healthProgram: (lang) => `SELECT health_program_id AS id, ${localized('name', lang)} AS name, price,
      0 AS calls, 0 AS free_appointments, 0 AS months
      FROM health_programs WHERE health_program_id = $1`,
};

/**
 * The package of that type and id on sale in the transaction's tenant, or null. `includeRetired`:
 * a membership package taken off sale too (a purchase paid before it was).
 */
export async function productOf(
  sql: Sql,
  type: PackageType,
  id: number,
  lang: LanguageCode,
  options: { includeRetired?: boolean } = {},
): Promise<Product | null> {
  const { rows } = await sql.query<{
    id: number;
    name: string;
    price: number;
    calls: number;
    free_appointments: number;
    months: number;
  }>(QUERIES[type](lang, options.includeRetired ?? false), [id]);
  const r = rows[0];
  return r
    ? {
        type,
        id: r.id,
        name: r.name,
        price: Number(r.price),
        calls: Number(r.calls),
        freeAppointments: Number(r.free_appointments),
        months: Number(r.months),
      }
    : null;
}
