import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addSlot,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  get,
  NOW,
  rows,
  type DoctorWorld,
} from './booking-fixtures';
import { setBookingNow } from './clock';
import { expireLapsedHolds } from './index';

let t: TestApp;
let w: DoctorWorld;
beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

interface Day {
  date: string;
  fullyBooked?: boolean;
  closed?: boolean;
  timeSlots: { timeSlot: number; slots: { slotId: number; startsAt: string }[] }[];
}
const schedule = async (fromDate: string, days = 7, headers: Record<string, string> = {}) => {
  const r = await get(
    t,
    'songhong',
    `Appointments/GetDoctorScheduleTimingSlots?doctorId=${w.doctorId}&fromDate=${fromDate}&days=${days}`,
    headers,
  );
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data as Day[];
};
const slotIds = (days: Day[]) =>
  days.flatMap((d) => d.timeSlots.flatMap((g) => g.slots.map((s) => s.slotId)));
const later = (minutes: number) => setBookingNow(new Date(NOW.getTime() + minutes * 60_000));

describe('online-payment holds', () => {
  it('a lapsed hold frees its slot: PaymentCancel, shown again in the schedule', async () => {
    const slotId = await addSlot(t, w, at(1, '09:00'));
    const b = await createBooker(t, 'songhong');
    const made = await book(t, w, b, slotId, { paymentMethod: 1 });
    expect(made.json.data.status).toBe(1);
    const held = await schedule('2030-03-05', 1);
    expect(slotIds(held)).not.toContain(slotId);
    expect(held[0]).toMatchObject({ date: '2030-03-05', fullyBooked: true, timeSlots: [] });
    try {
      later(11);
      const freed = await schedule('2030-03-05', 1);
      expect(slotIds(freed)).toContain(slotId);
      expect(freed[0]!.fullyBooked).toBe(false);
      const [row] = await rows(
        t,
        'songhong',
        'SELECT status, payment_status FROM appointments WHERE appointment_id = $1',
        [made.json.data.appointmentId],
      );
      expect(row).toEqual({ status: 2, payment_status: 3 });
    } finally {
      setBookingNow(NOW);
    }
  });

  it('a booking of a slot whose hold lapsed releases the hold first', async () => {
    const slotId = await addSlot(t, w, at(1, '10:00'));
    const first = await book(t, w, await createBooker(t, 'songhong'), slotId, { paymentMethod: 1 });
    expect(first.status).toBe(200);
    const second = await createBooker(t, 'songhong');
    expect((await book(t, w, second, slotId)).json.codeMessageRespond).toBe('slot_unavailable');
    try {
      later(10);
      const r = await book(t, w, second, slotId);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    } finally {
      setBookingNow(NOW);
    }
    const [slot] = await rows(t, 'songhong', 'SELECT booked_count FROM doctor_slots WHERE slot_id = $1', [
      slotId,
    ]);
    expect(slot).toEqual({ booked_count: 1 });
  });

  it('expireLapsedHolds (the periodic job) gives back the slot, the day count and the wallet part', async () => {
    const slotId = await addSlot(t, w, at(2, '09:00'));
    const b = await createBooker(t, 'songhong', { wallet: 40_000 });
    const made = await book(t, w, b, slotId, { paymentMethod: 1, useWallet: true });
    expect(made.json.data.walletAmount).toBe(40_000);
    const tenant = 'songhong';
    expect(await t.db.tenant(tenant, (sql) => expireLapsedHolds(sql, NOW))).toEqual([]);
    const released = await t.db.tenant(tenant, (sql) =>
      expireLapsedHolds(sql, new Date(NOW.getTime() + 11 * 60_000)),
    );
    expect(released.map((h) => h.appointmentId)).toEqual([made.json.data.appointmentId]);
    // A second run finds nothing: a hold is released once.
    expect(
      await t.db.tenant(tenant, (sql) => expireLapsedHolds(sql, new Date(NOW.getTime() + 12 * 60_000))),
    ).toEqual([]);
    const [slot] = await rows(t, tenant, 'SELECT booked_count FROM doctor_slots WHERE slot_id = $1', [
      slotId,
    ]);
    expect(slot).toEqual({ booked_count: 0 });
    const [day] = await rows(
      t,
      tenant,
      'SELECT active_count FROM booking_day_counts WHERE doctor_id = $1 AND local_date = $2',
      [w.doctorId, '2030-03-06'],
    );
    expect(day).toEqual({ active_count: 0 });
    const [wallet] = await rows(t, tenant, 'SELECT balance FROM wallet_balances WHERE user_id = $1', [
      b.userId,
    ]);
    expect(wallet).toEqual({ balance: 40_000 });
  });
});

describe('GetDoctorScheduleTimingSlots in the tenant’s time zone', () => {
  it('groups by the hospital’s day and Morning/Afternoon/Evening whatever the visitor’s zone', async () => {
    const morning = await addSlot(t, w, at(3, '08:00'));
    const evening = await addSlot(t, w, at(3, '19:30'));
    for (const offset of ['420', '-300', '600']) {
      const days = await schedule('2030-03-07', 1, { 'x-timezone-offset': offset });
      expect(days).toHaveLength(1);
      expect(days[0]!.date).toBe('2030-03-07');
      expect(days[0]!.timeSlots.map((g) => [g.timeSlot, g.slots.map((s) => s.slotId)])).toEqual([
        [0, [morning]],
        [2, [evening]],
      ]);
    }
  });

  it('hides days beyond maxDaysAhead and today after the same-day cut-off', async () => {
    const lastDay = await addSlot(t, w, at(30, '09:00'));
    const beyond = await addSlot(t, w, at(31, '09:00'));
    const ids = slotIds(await schedule('2030-04-02', 3));
    expect(ids).toContain(lastDay);
    expect(ids).not.toContain(beyond);

    const tonight = await addSlot(t, w, at(0, '19:00'));
    expect(slotIds(await schedule('2030-03-04', 1))).toContain(tonight);
    try {
      setBookingNow(at(0, '16:00'));
      const [today] = await schedule('2030-03-04', 1);
      expect(today).toMatchObject({ date: '2030-03-04', closed: true, timeSlots: [] });
    } finally {
      setBookingNow(NOW);
    }
  });
});
