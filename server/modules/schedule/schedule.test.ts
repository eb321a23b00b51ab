import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createCatalogueTestApp, publicReads, sideCallDoctor } from '../catalogue/test-support';

let t: TestApp;
let doctorId: number;
beforeAll(async () => {
  t = await createCatalogueTestApp(20);
  doctorId = await sideCallDoctor(t);
});
afterAll(() => t?.close());

const { get, data } = publicReads(() => t);

describe('the slot list', () => {
  it('groups free future slots by local day and time of day', async () => {
    const days = await data(`/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=14`);
    expect(days.length).toBeGreaterThan(0);
    for (const day of days) {
      for (const group of day.timeSlots) {
        expect([0, 1, 2]).toContain(group.timeSlot);
        for (const slot of group.slots) {
          expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now());
          const local = new Date(Date.parse(slot.startsAt) + 7 * 3_600_000);
          expect(local.toISOString().slice(0, 10)).toBe(day.date);
        }
      }
    }
    const slotIds = days.flatMap((d: { timeSlots: { slots: { slotId: number }[] }[] }) =>
      d.timeSlots.flatMap((g) => g.slots.map((s) => s.slotId)),
    );
    const booked = await t.db.tenant(
      'songkhoe',
      async (sql) =>
        (
          await sql.query('SELECT 1 FROM doctor_slots WHERE slot_id = ANY($1::bigint[]) AND is_booked', [
            slotIds,
          ])
        ).rows,
    );
    expect(booked).toHaveLength(0);
    expect(
      (await get(`/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctorId}&days=15`)).statusCode,
    ).toBe(400);
  });
});
