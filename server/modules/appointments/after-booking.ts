import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { cancelReminders, moveReminders, notifyWaitlist, scheduleReminders } from '../reminders/index';
import { appointmentMessages, type AppointmentFactsSource } from './messages';

/**
 * What follows a booking change inside its transaction (reminders, waitlist, the patient's
 * messages). One place, so the write paths stay about places and money.
 */
export const afterBooking = {
  /** `facts`: the appointment as the booking wrote it (its message is made without reading it back). */
  booked: async (
    sql: Sql,
    tenant: TenantConfig,
    { facts, lang, now }: { facts: AppointmentFactsSource; lang?: LanguageCode; now: Date },
  ) => {
    const { appointmentId, userId, startsAt } = facts;
    const count = await scheduleReminders(sql, tenant, { appointmentId, userId, startsAt, lang, now });
    await appointmentMessages.booked(sql, tenant, appointmentId, facts);
    return count;
  },
  moved: async (
    sql: Sql,
    tenant: TenantConfig,
    appointmentId: number,
    startsAt: Date,
    before: { startsAt: Date; count: number },
  ) => {
    const count = await moveReminders(sql, tenant, appointmentId, startsAt);
    await appointmentMessages.moved(sql, tenant, appointmentId, before.startsAt, before.count);
    return count;
  },
  cancelled: async (
    sql: Sql,
    tenant: TenantConfig,
    appointmentId: number,
    change: Parameters<typeof appointmentMessages.cancelled>[3],
  ) => {
    const count = await cancelReminders(sql, appointmentId);
    await appointmentMessages.cancelled(sql, tenant, appointmentId, change);
    return count;
  },
  /** A place of a slot was given back: tell the doctor's waitlist for that day. */
  freed: (sql: Sql, tenant: TenantConfig, slot: { doctorId: number; localDate: string; slotId: number }) =>
    notifyWaitlist(sql, tenant, slot),
  paid: appointmentMessages.paid,
  paymentFailed: appointmentMessages.paymentFailed,
};
