import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  rows,
  type Booker,
  type DoctorWorld,
} from './booking-fixtures';
import { setBookingNow } from './clock';

/**
 * No double booking, proved against the database: on PostgreSQL (the server-postgres project)
 * the fifty requests really run in parallel transactions on a pool; on PGlite they queue.
 */
let t: TestApp;
let w: DoctorWorld;
let bookers: Booker[];
beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  bookers = [];
  for (let i = 0; i < 50; i++) bookers.push(await createBooker(t, 'songhong'));
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

describe('concurrent bookings', () => {
  it('50 concurrent bookings of one slot give exactly one appointment, repeatedly', async () => {
    for (let round = 0; round < 4; round++) {
      const slotId = await addSlot(t, w, at(1 + round, '09:00'));
      const replies = await Promise.all(bookers.map((b) => book(t, w, b, slotId)));
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of replies.filter((x) => x.status === 409)) {
        expect(r.json.codeMessageRespond).toBe('slot_unavailable');
        expect(r.json.message).toBeTruthy();
      }
      const active = await rows(
        t,
        'songhong',
        'SELECT count(*)::int AS n FROM appointments WHERE slot_id = $1 AND active',
        [slotId],
      );
      expect(active).toEqual([{ n: 1 }]);
      const [slot] = await rows(t, 'songhong', 'SELECT booked_count FROM doctor_slots WHERE slot_id = $1', [
        slotId,
      ]);
      expect(slot).toEqual({ booked_count: 1 });
    }
    const doubles = await rows(
      t,
      'songhong',
      `SELECT slot_id FROM appointments WHERE active GROUP BY slot_id HAVING count(*) > 1`,
    );
    expect(doubles).toEqual([]);
  });

  it('a slot of capacity 3 takes exactly three of 20 concurrent bookers', async () => {
    const slotId = await addSlot(t, w, at(6, '09:00'), { capacity: 3 });
    const replies = await Promise.all(bookers.slice(0, 20).map((b) => book(t, w, b, slotId)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(17);
  });

  it('the database refuses overlapping appointments of one doctor across two slots', async () => {
    const first = await addSlot(t, w, at(7, '09:00'));
    const overlapping = await addSlot(t, w, at(7, '09:15'));
    const [a, b] = await Promise.all([book(t, w, bookers[0]!, first), book(t, w, bookers[1]!, overlapping)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.json.codeMessageRespond).toBe('doctor_time_conflict');
    // The refused booking left its slot place untouched (the transaction rolled back).
    const counts = await rows(
      t,
      'songhong',
      'SELECT sum(booked_count)::int AS n FROM doctor_slots WHERE slot_id = ANY($1)',
      [[first, overlapping]],
    );
    expect(counts).toEqual([{ n: 1 }]);
  });

  it('one active appointment per patient, doctor and day', async () => {
    const morning = await addSlot(t, w, at(8, '09:00'));
    const afternoon = await addSlot(t, w, at(8, '15:00'));
    expect((await book(t, w, bookers[2]!, morning)).status).toBe(200);
    const second = await book(t, w, bookers[2]!, afternoon);
    expect([second.status, second.json.codeMessageRespond]).toEqual([409, 'patient_same_day']);
  });

  it('the doctor’s daily limit answers registration_exceeded', async () => {
    await asOwner(t, 'songhong', (sql) =>
      sql.query('UPDATE doctors SET daily_booking_limit = 2 WHERE doctor_id = $1', [w.doctorId]),
    );
    const slots = [];
    for (const hhmm of ['09:00', '10:00', '11:00', '14:00']) slots.push(await addSlot(t, w, at(9, hhmm)));
    const replies = await Promise.all(slots.map((s, i) => book(t, w, bookers[10 + i]!, s)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = replies.filter((r) => r.status === 409);
    expect(refused.map((r) => r.json.codeMessageRespond)).toEqual([
      'registration_exceeded',
      'registration_exceeded',
    ]);
    const queue = replies
      .filter((r) => r.status === 200)
      .map((r) => r.json.data.queueNumber)
      .sort();
    expect(queue).toEqual([1, 2]);
    await asOwner(t, 'songhong', (sql) =>
      sql.query('UPDATE doctors SET daily_booking_limit = NULL WHERE doctor_id = $1', [w.doctorId]),
    );
  });
});

describe('Idempotency-Key', () => {
  it('the same key and body give the same appointment once, even concurrently', async () => {
    const b = bookers[20]!;
    const slotId = await addSlot(t, w, at(10, '09:00'));
    const headers = { 'idempotency-key': 'key-one-123456' };
    const first = await book(t, w, b, slotId, {}, headers);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const again = await book(t, w, b, slotId, {}, headers);
    expect(again.status).toBe(200);
    expect(again.json.data.appointmentId).toBe(first.json.data.appointmentId);

    const other = await addSlot(t, w, at(11, '09:00'));
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        book(t, w, bookers[21]!, other, {}, { 'idempotency-key': 'key-burst-0001' }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(burst.map((r) => r.json.data.appointmentId)).size).toBe(1);
    const made = await rows(t, 'songhong', 'SELECT count(*)::int AS n FROM appointments WHERE user_id = $1', [
      bookers[21]!.userId,
    ]);
    expect(made).toEqual([{ n: 1 }]);
  });

  it('the same key with another body is 422 idempotency_key_reused; a bad key is 400', async () => {
    const b = bookers[22]!;
    const slotId = await addSlot(t, w, at(12, '09:00'));
    const headers = { 'idempotency-key': 'key-two-123456' };
    expect((await book(t, w, b, slotId, {}, headers)).status).toBe(200);
    const changed = await book(t, w, b, slotId, { note: 'khác' }, headers);
    expect([changed.status, changed.json.codeMessageRespond]).toEqual([422, 'idempotency_key_reused']);
    const short = await book(t, w, b, slotId, {}, { 'idempotency-key': 'abc' });
    expect([short.status, short.json.errors]).toEqual([400, ['invalid_idempotency_key']]);
  });

  it('a refused request leaves its key unused; a key of an online booking answers its payment page again', async () => {
    const b = bookers[23]!;
    const slotId = await addSlot(t, w, at(13, '09:00'));
    const headers = { 'idempotency-key': 'key-three-12345' };
    const refused = await book(t, w, b, slotId, { doctorId: 999_999 }, headers);
    expect([refused.status, refused.json.codeMessageRespond]).toEqual([404, 'doctor_not_found']);
    const online = await book(t, w, b, slotId, { paymentMethod: 1 }, headers);
    expect(online.status, JSON.stringify(online.json)).toBe(200);
    expect(online.json.data.paymentUrl).toMatch(/^https?:\/\//);
    const again = await book(t, w, b, slotId, { paymentMethod: 1 }, headers);
    expect([again.status, again.json.data.appointmentId, again.json.data.paymentUrl]).toEqual([
      200,
      online.json.data.appointmentId,
      online.json.data.paymentUrl,
    ]);
    const keys = await rows(
      t,
      'songhong',
      'SELECT appointment_id::int AS id FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
      [b.userId, 'key-three-12345'],
    );
    expect(keys).toEqual([{ id: online.json.data.appointmentId }]);
  });
});
