import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';

/** Initials of the tenant's English name, at most two letters ("Song Hong General Hospital" -> "SH"). */
export function numberPrefix(tenant: TenantConfig): string {
  const initials = tenant.name.en
    .normalize('NFD')
    .replace(/[^A-Za-z\s]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (initials || tenant.code.toUpperCase()).slice(0, 2).padEnd(2, 'X');
}

/**
 * A new appointment id and its human-readable number, e.g. SH-261123-00042: tenant initials, the
 * local day booked on (YYMMDD), the id. Unique per tenant because the id is unique.
 */
export async function nextAppointmentNumber(
  sql: Sql,
  tenant: TenantConfig,
  localToday: string,
): Promise<{ appointmentId: number; appointmentNumber: string }> {
  const { rows } = await sql.query<{ id: string | number }>(
    `SELECT nextval(pg_get_serial_sequence('appointments', 'appointment_id')) AS id`,
  );
  const appointmentId = Number(rows[0]!.id);
  return {
    appointmentId,
    appointmentNumber: `${appointmentNumberPrefix(tenant, localToday)}${String(appointmentId).padStart(5, '0')}`,
  };
}

/** What precedes the id in an appointment's number ("SH-261123-"), for a number made in SQL. */
export function appointmentNumberPrefix(tenant: TenantConfig, localToday: string): string {
  return `${numberPrefix(tenant)}-${localToday.slice(2).replaceAll('-', '')}-`;
}
