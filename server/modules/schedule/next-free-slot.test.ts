import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp } from '../catalogue/test-support';

/**
 * doctors.next_free_slot, kept by the slot triggers (migrations 008, 040, 041): what search sorts
 * "earliest free slot" by. Booking, freeing and moving slots keep it right, and a booking that
 * does not move it leaves the doctor's row unwritten (no row lock for concurrent bookers).
 */
let t: TestApp;
let doctorId: number;
let otherDoctorId: number;
const slot: Record<'day1' | 'day2' | 'day3', number> = { day1: 0, day2: 0, day3: 0 };

const rows = <T>(text: string, params: unknown[] = []) =>
  t.db.tenant('songkhoe', async (sql) => (await sql.query<T>(text, params)).rows);
const at = (days: number) => `date_trunc('hour', now()) + interval '${days} days'`;

const state = async (id = doctorId) => {
  const [r] = await rows<{ next: Date | null; version: string }>(
    'SELECT next_free_slot AS next, xmin::text AS version FROM doctors WHERE doctor_id = $1',
    [id],
  );
  return { next: r!.next === null ? null : new Date(r!.next).toISOString(), version: r!.version };
};
const startsAt = async (slotId: number) => {
  const [r] = await rows<{ starts_at: Date }>('SELECT starts_at FROM doctor_slots WHERE slot_id = $1', [
    slotId,
  ]);
  return new Date(r!.starts_at).toISOString();
};
const book = (slotId: number, count: number) =>
  rows('UPDATE doctor_slots SET booked_count = $2 WHERE slot_id = $1', [slotId, count]);

beforeAll(async () => {
  t = await createCatalogueTestApp(3);
  const doctors = await rows<{ doctor_id: number }>(
    `INSERT INTO doctors (full_name, gender, approval_status)
     VALUES ('Trần Văn Lịch', 'M', 1), ('Lê Thị Hẹn', 'F', 1) RETURNING doctor_id`,
  );
  [doctorId, otherDoctorId] = doctors.map((d) => d.doctor_id) as [number, number];
  for (const [name, days] of [
    ['day1', 1],
    ['day2', 2],
    ['day3', 3],
  ] as const) {
    const [r] = await rows<{ slot_id: number }>(
      `INSERT INTO doctor_slots (doctor_id, starts_at, ends_at, time_slot, capacity)
       VALUES ($1, ${at(days)}, ${at(days)} + interval '30 minutes', 0, 2) RETURNING slot_id`,
      [doctorId],
    );
    slot[name] = Number(r!.slot_id);
  }
});
afterAll(() => t?.close());

describe('a doctor’s next free slot', () => {
  it('is the earliest free future slot once the schedule is written', async () => {
    expect((await state()).next).toBe(await startsAt(slot.day1));
  });

  it('leaves the doctor’s row alone when a place of a slot is taken but the slot stays free', async () => {
    const before = await state();
    await book(slot.day1, 1); // capacity 2: one place left, still free
    expect(await state()).toEqual(before);
  });

  it('leaves the doctor’s row alone when a later slot is booked full', async () => {
    const before = await state();
    await book(slot.day2, 2);
    expect(await state()).toEqual(before);
  });

  it('moves to the next free slot when the earliest is booked full, skipping booked ones', async () => {
    await book(slot.day1, 2);
    expect((await state()).next).toBe(await startsAt(slot.day3));
  });

  it('moves back to a freed earlier slot', async () => {
    await book(slot.day1, 1);
    expect((await state()).next).toBe(await startsAt(slot.day1));
    const before = await state();
    await book(slot.day2, 0); // freed, but later than the next free slot: nothing to write
    expect(await state()).toEqual(before);
  });

  it('recomputes an unknown value when a slot is freed', async () => {
    await rows('UPDATE doctors SET next_free_slot = NULL WHERE doctor_id = $1', [doctorId]);
    await book(slot.day3, 2);
    await book(slot.day3, 0);
    expect((await state()).next).toBe(await startsAt(slot.day1));
  });

  it('follows a slot moved in time or to another doctor', async () => {
    await rows(
      `UPDATE doctor_slots SET starts_at = ${at(0.5)}, ends_at = ${at(0.5)} + interval '30 minutes' WHERE slot_id = $1`,
      [slot.day3],
    );
    expect((await state()).next).toBe(await startsAt(slot.day3));
    await rows('UPDATE doctor_slots SET doctor_id = $2 WHERE slot_id = $1', [slot.day3, otherDoctorId]);
    expect((await state()).next).toBe(await startsAt(slot.day1));
    expect((await state(otherDoctorId)).next).toBe(await startsAt(slot.day3));
  });
});
