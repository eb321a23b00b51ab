import { daysBetween, DEFAULT_TIME_ZONE, localDateOf } from '../../schemas/time';
import type { Sql } from '../db/database';

/** The day number since 1970-01-01 of an instant's local date in a zone. */
export const localDayNumber = (instant: Date, timeZone: string): number =>
  daysBetween('1970-01-01', localDateOf(instant, timeZone));

/**
 * Working slots of 30 minutes for every approved doctor of a tenant, from the local day of `from`
 * for `days` days: morning (time_slot 0) 08:00-11:30, afternoon (1) 13:30-17:00, evening (2)
 * 18:00-20:30, on the tenant's clock (`timeZone`, daylight saving included). Generated in the database in one statement, because a tenant has
 * tens of thousands of slots and a benchmark a million.
 *
 * Who works when is arithmetic on the doctor id and the day number, not random: the same
 * doctor keeps a stable weekly rhythm, running it again later adds only the missing days
 * (ON CONFLICT DO NOTHING), so the lead can call it at startup to keep 30 days ahead.
 * - Mon-Fri: mornings two days in three, afternoons every other day, and a third of the
 *   doctors one evening in three (about 6.5 slots a doctor a day overall: a realistic share of
 *   a doctor's week offered online, and few enough rows to seed three tenants in seconds).
 * - Saturday: half work the morning. Sunday: one in five works the morning.
 * - One day in 17 is a personal day off; 10-40% of slots (by doctor) are already booked.
 * @returns the number of slots inserted
 */
export async function generateSlots(
  sql: Sql,
  tenantId: string,
  from: Date,
  days: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<number> {
  if (days <= 0) return 0;
  const firstDay = localDayNumber(from, timeZone);
  const { rows } = await sql.query<{ n: number }>(
    `WITH sessions AS (
       SELECT d.doctor_id, h.hospital_id, day.n AS day, s.time_slot, s.first_minute, s.slot_count
         FROM doctors d
         LEFT JOIN LATERAL (SELECT min(dh.hospital_id) AS hospital_id FROM doctor_hospitals dh
                             WHERE dh.doctor_id = d.doctor_id) h ON true
         CROSS JOIN generate_series($2::int, $2::int + $3::int - 1) AS day(n)
         CROSS JOIN (VALUES (0, 480, 7), (1, 810, 7), (2, 1080, 5)) AS s(time_slot, first_minute, slot_count)
        WHERE d.tenant_id = $1 AND d.approval_status = 1
          AND (d.doctor_id * 31 + day.n) % 17 <> 0
          AND CASE (day.n + 4) % 7            -- 1970-01-01 was a Thursday; 0 = Sunday
                WHEN 0 THEN s.time_slot = 0 AND d.doctor_id % 5 = 0
                WHEN 6 THEN s.time_slot = 0 AND d.doctor_id % 2 = 0
                ELSE CASE s.time_slot
                       WHEN 0 THEN (d.doctor_id + day.n) % 3 <> 0
                       WHEN 1 THEN (d.doctor_id + day.n) % 2 = 0
                       ELSE d.doctor_id % 3 = 0 AND (d.doctor_id + day.n) % 3 = 0
                     END
              END),
     slots AS (
       SELECT s.doctor_id, s.hospital_id, s.time_slot,
              ((date '1970-01-01' + s.day) + (s.first_minute + 30 * k.i) * interval '1 minute')
                AT TIME ZONE $4 AS starts_at,
              (s.day::bigint * 48 + s.first_minute / 30 + k.i) AS half_hour
         FROM sessions s CROSS JOIN LATERAL generate_series(0, s.slot_count - 1) AS k(i)),
     inserted AS (
       INSERT INTO doctor_slots (tenant_id, doctor_id, hospital_id, starts_at, ends_at, time_slot, booked_count)
       SELECT $1, doctor_id, hospital_id, starts_at, starts_at + interval '30 minutes', time_slot,
              ((doctor_id::bigint * 7919 + half_hour * 104729) % 100 < 10 + doctor_id % 31)::int
         FROM slots
       ON CONFLICT (doctor_id, starts_at) DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM inserted`,
    [tenantId, firstDay, days, timeZone],
  );
  return rows[0]?.n ?? 0;
}
