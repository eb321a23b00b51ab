import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notify } from '../messages/index';

/** How many waiting patients one freed place notifies (first come, first served among them). */
export const WAITLIST_NOTIFY_COUNT = 3;

export interface FreedPlace {
  doctorId: number;
  /** The day of the freed slot in the tenant's time zone ('2025-07-01'). */
  localDate: string;
  slotId: number;
  now?: Date;
}

/**
 * A place with a doctor freed up (cancellation, reschedule away, lapsed hold): in the caller's
 * transaction, the first waiting patients for that doctor and day are told (the
 * `waitlist-place-freed` event: in-app now, email, SMS and push through the message pipeline). Nothing is
 * reserved: whoever books first gets the place. A patient told earlier whose offer window
 * (booking.waitlistOfferMinutes) passed without booking waits again in their original place;
 * one who booked that day meanwhile leaves the list as `booked`. Returns how many were told.
 */
export async function notifyWaitlist(sql: Sql, tenant: TenantConfig, place: FreedPlace): Promise<number> {
  const now = place.now ?? new Date();
  await settleWaitlist(sql, { doctorId: place.doctorId, localDate: place.localDate }, now);
  await sql.query(
    `UPDATE waitlist_entries SET state = 'waiting', updated_at = $3
     WHERE doctor_id = $1 AND local_date = $2::date AND state = 'notified'
       AND notified_at < $3::timestamptz - make_interval(mins => $4)`,
    [place.doctorId, place.localDate, now, tenant.booking.waitlistOfferMinutes],
  );
  const { rows: waiting } = await sql.query<{ waitlist_id: string; user_id: number; doctor_name: string }>(
    `SELECT w.waitlist_id, w.user_id, d.full_name AS doctor_name
     FROM waitlist_entries w JOIN doctors d ON d.doctor_id = w.doctor_id
     WHERE w.doctor_id = $1 AND w.local_date = $2::date AND w.state = 'waiting'
     ORDER BY w.created_at, w.waitlist_id
     LIMIT $3
     FOR UPDATE OF w SKIP LOCKED`,
    [place.doctorId, place.localDate, WAITLIST_NOTIFY_COUNT],
  );
  for (const entry of waiting) {
    const waitlistId = Number(entry.waitlist_id);
    await sql.query(
      `UPDATE waitlist_entries SET state = 'notified', notified_at = $2, updated_at = $2 WHERE waitlist_id = $1`,
      [waitlistId, now],
    );
    await notify(sql, tenant, {
      event: 'waitlist-place-freed',
      userId: Number(entry.user_id),
      key: `waitlist:${waitlistId}:${place.slotId}`,
      waitlistOfferKey: `${waitlistId}:${place.slotId}`,
      values: {
        doctorName: entry.doctor_name,
        localDate: place.localDate,
        path: `/doctor-details/${place.doctorId}`,
      },
      notificationValues: {
        DoctorId: place.doctorId,
        LocalDate: place.localDate,
        SlotId: place.slotId,
        WaitlistId: waitlistId,
      },
      now,
    });
  }
  return waiting.length;
}

/**
 * Marks as `booked` the waiting entries whose patient now holds an active appointment with that
 * doctor on that day (so a booked patient is neither told again nor listed as waiting).
 */
export async function settleWaitlist(
  sql: Sql,
  scope: { doctorId?: number; localDate?: string; userId?: number },
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE waitlist_entries w SET state = 'booked', updated_at = $4
     WHERE w.state IN ('waiting', 'notified')
       AND ($1::int IS NULL OR w.doctor_id = $1)
       AND ($2::date IS NULL OR w.local_date = $2::date)
       AND ($3::int IS NULL OR w.user_id = $3)
       AND EXISTS (SELECT 1 FROM appointments a
                   WHERE a.patient_id = w.patient_id AND a.doctor_id = w.doctor_id
                     AND a.local_date = w.local_date AND a.active)`,
    [scope.doctorId ?? null, scope.localDate ?? null, scope.userId ?? null, now],
  );
}
