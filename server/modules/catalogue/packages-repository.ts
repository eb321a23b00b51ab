import type { IomtPackage, MembershipPackage } from '../../../schemas/catalogue';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/** Membership (direct-call) and remote-monitoring packages of the tenant (inside db.tenant). */

export async function listMembershipPackages(sql: Sql, lang: LanguageCode): Promise<MembershipPackage[]> {
  const { rows } = await sql.query<{
    membership_package_id: number;
    name: string;
    number_of_calls: number;
    validity_months: number;
    call_duration_minutes: number;
    free_calls: number;
    free_appointments: number;
    price: number;
  }>(
    `SELECT membership_package_id, ${localized('name', lang)} AS name, number_of_calls, validity_months,
            call_duration_minutes, free_calls, free_appointments, price
       FROM membership_packages WHERE is_active ORDER BY price, membership_package_id`,
  );
  return rows.map((r) => ({
    membershipPackageId: r.membership_package_id,
    name: r.name,
    numberOfCalls: r.number_of_calls,
    validityMonths: r.validity_months,
    callDurationMinutes: r.call_duration_minutes,
    freeCalls: r.free_calls,
    freeAppointments: r.free_appointments,
    price: r.price,
  }));
}

export async function listIomtPackages(sql: Sql, lang: LanguageCode): Promise<IomtPackage[]> {
  const { rows } = await sql.query<{
    iomt_package_id: number;
    name: string;
    description: string;
    devices: string;
    duration_months: number;
    price: number;
  }>(
    `SELECT iomt_package_id, ${localized('name', lang)} AS name, ${localized('description', lang)} AS description,
            ${localized('devices', lang)} AS devices, duration_months, price
       FROM iomt_packages ORDER BY price, iomt_package_id`,
  );
  return rows.map((r) => ({
    iomtPackageId: r.iomt_package_id,
    name: r.name,
    description: r.description,
    devices: r.devices,
    durationMonths: r.duration_months,
    price: r.price,
  }));
}
