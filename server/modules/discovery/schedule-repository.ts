import type { Static } from 'typebox';
import type { ScheduleDay } from '../../../schemas/discovery';
import type { Sql } from '../../db/database';

const DAY_MS = 86_400_000;

/**
 * A doctor's free future slots from local day `fromDate` for `days` days, grouped by local day
 * (`offsetMinutes` east of UTC, +420 for Vietnam) then Morning 0 / AfterNoon 1 / Evening 2.
 * Booked and past slots are left out. Days without a free slot are left out too.
 */
export async function scheduleSlots(
  sql: Sql,
  doctorId: number,
  fromDate: string,
  days: number,
  offsetMinutes: number,
): Promise<Static<typeof ScheduleDay>[]> {
  const start = new Date(Date.parse(`${fromDate}T00:00:00Z`) - offsetMinutes * 60_000);
  const end = new Date(start.getTime() + days * DAY_MS);
  const { rows } = await sql.query<{
    slot_id: string | number;
    starts_at: Date | string;
    ends_at: Date | string;
    hospital_id: number | null;
    time_slot: 0 | 1 | 2;
  }>(
    `SELECT slot_id, starts_at, ends_at, hospital_id, time_slot FROM doctor_slots
      WHERE doctor_id = $1 AND NOT is_booked AND starts_at > now() AND starts_at >= $2 AND starts_at < $3
      ORDER BY starts_at`,
    [doctorId, start.toISOString(), end.toISOString()],
  );
  const byDay = new Map<string, Map<0 | 1 | 2, Static<typeof ScheduleDay>['timeSlots'][number]['slots']>>();
  for (const r of rows) {
    const startsAt = new Date(r.starts_at);
    const date = new Date(startsAt.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
    const day = byDay.get(date) ?? new Map();
    byDay.set(date, day);
    const list = day.get(r.time_slot) ?? [];
    day.set(r.time_slot, list);
    list.push({
      slotId: Number(r.slot_id),
      startsAt: startsAt.toISOString(),
      endsAt: new Date(r.ends_at).toISOString(),
      hospitalId: r.hospital_id,
    });
  }
  return [...byDay].map(([date, groups]) => ({
    date,
    timeSlots: [...groups].sort(([a], [b]) => a - b).map(([timeSlot, slots]) => ({ timeSlot, slots })),
  }));
}
