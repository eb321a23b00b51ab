import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { cancelReminders, moveReminders, notifyWaitlist, scheduleReminders } from '../reminders/index';

/**
 * What follows a booking change inside its transaction (reminders, waitlist). One place, so the
 * write paths stay about places and money.
 */
export const afterBooking = {
  booked: (
    sql: Sql,
    tenant: TenantConfig,
    a: { appointmentId: number; userId: number; startsAt: Date; lang?: LanguageCode; now: Date },
  ) => scheduleReminders(sql, tenant, a),
  moved: (sql: Sql, tenant: TenantConfig, appointmentId: number, startsAt: Date) =>
    moveReminders(sql, tenant, appointmentId, startsAt),
  cancelled: (sql: Sql, appointmentId: number) => cancelReminders(sql, appointmentId),
  /** A place of a slot was given back: tell the doctor's waitlist for that day. */
  freed: (sql: Sql, tenant: TenantConfig, slot: { doctorId: number; localDate: string; slotId: number }) =>
    notifyWaitlist(sql, tenant, slot),
};
