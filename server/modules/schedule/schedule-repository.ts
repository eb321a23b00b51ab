import { AppointmentStatus } from '../../../schemas/codes';
import type { Static } from 'typebox';
import type { ScheduleDay } from '../../../schemas/discovery';
import type { Sql } from '../../db/database';
import { addDays, startOfLocalDay, timeSlotOf, zonedParts } from '../../../schemas/time';
import { dayOpen, type BookingWindow } from '../appointments/index';

type Day = Static<typeof ScheduleDay>;
type Slot = Day['timeSlots'][number]['slots'][number];

/**
 * Whether the doctor has a payment hold past its expiry (status 1 PaymentInitiated): its place
 * still counts as booked until expireDoctorHolds releases it, a write the primary must do.
 */
export async function hasLapsedHolds(sql: Sql, now: Date, doctorId: number): Promise<boolean> {
  const { rows } = await sql.query(
    `SELECT 1 FROM appointments WHERE status = ${AppointmentStatus.PaymentInitiated} AND hold_expires_at <= $1 AND doctor_id = $2 LIMIT 1`,
    [now.toISOString(), doctorId],
  );
  return rows.length > 0;
}

/**
 * A doctor's future slots from local day `fromDate` for `days` days, in the tenant's booking
 * window (`window`: its time zone, same-day cut-off and maxDaysAhead), grouped by local day then
 * Morning 0 / AfterNoon 1 / Evening 2 of that zone. Free slots are listed; a day whose slots are
 * all taken is answered with `fullyBooked` and no slots (the waitlist offer); today past the
 * cut-off is `closed` with no slots; days without slots and days outside the window are left out.
 */
export async function scheduleSlots(
  sql: Sql,
  doctorId: number,
  fromDate: string,
  days: number,
  window: BookingWindow,
  now: Date,
): Promise<Day[]> {
  const first = fromDate > window.today ? fromDate : window.today;
  const afterLast =
    addDays(fromDate, days) < addDays(window.lastDay, 1)
      ? addDays(fromDate, days)
      : addDays(window.lastDay, 1);
  if (first >= afterLast) return [];
  const { rows } = await sql.query<{
    slot_id: string | number;
    starts_at: Date | string;
    ends_at: Date | string;
    hospital_id: number | null;
    is_booked: boolean;
  }>(
    `SELECT slot_id, starts_at, ends_at, hospital_id, is_booked FROM doctor_slots
      WHERE doctor_id = $1 AND starts_at > $2 AND starts_at >= $3 AND starts_at < $4
      ORDER BY starts_at`,
    [
      doctorId,
      now.toISOString(),
      startOfLocalDay(first, window.timeZone).toISOString(),
      startOfLocalDay(afterLast, window.timeZone).toISOString(),
    ],
  );
  const byDay = new Map<string, { groups: Map<0 | 1 | 2, Slot[]>; free: number }>();
  for (const r of rows) {
    const startsAt = new Date(r.starts_at);
    const { date, minutes } = zonedParts(startsAt, window.timeZone);
    const day = byDay.get(date) ?? { groups: new Map(), free: 0 };
    byDay.set(date, day);
    if (r.is_booked || !dayOpen(window, date)) continue;
    day.free += 1;
    const group = timeSlotOf(minutes);
    const list = day.groups.get(group) ?? [];
    day.groups.set(group, list);
    list.push({
      slotId: Number(r.slot_id),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      hospitalId: r.hospital_id,
    });
  }
  return [...byDay].map(([date, { groups, free }]) => {
    const closed = !dayOpen(window, date);
    return {
      date,
      timeSlots: [...groups].sort(([a], [b]) => a - b).map(([timeSlot, slots]) => ({ timeSlot, slots })),
      fullyBooked: !closed && free === 0,
      closed,
    };
  });
}
