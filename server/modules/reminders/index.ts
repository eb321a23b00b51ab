/**
 * Reminders and the waitlist: public API for the booking module and the job service.
 *
 * Booking calls these inside its own transaction (the `sql` of `db.tenant()`), so reminders exist
 * exactly when the appointment does:
 * - `scheduleReminders(sql, tenant, { appointmentId, userId, startsAt, lang })` after MakeAppointment;
 * - `moveReminders(sql, tenant, appointmentId, newStartsAt)` on reschedule;
 * - `cancelReminders(sql, appointmentId)` on cancel or a lapsed hold;
 * - `notifyWaitlist(sql, tenant, { doctorId, localDate, slotId })` when a place frees up.
 * `tenant` is `request.tenant.config`. The job service runs `dispatchDueReminders` every minute: a
 * due reminder becomes an `appointment-reminder` message event (server/modules/messages).
 */
export { scheduleReminders, moveReminders, cancelReminders, type ReminderTarget } from './schedule';
export { notifyWaitlist, settleWaitlist, WAITLIST_NOTIFY_COUNT, type FreedPlace } from './waitlist';
export { dispatchDueReminders, type DispatchOptions, type DispatchReport } from './dispatch';
export { reminderStatus, type ReminderStatusRow } from './operator';
export { remindNow } from './remind-now';
