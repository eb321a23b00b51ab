import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addAddress,
  addPatient,
  addSlot,
  asOwner,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  NOW,
  post,
  PRICES,
  rows,
  type DoctorWorld,
} from './booking-fixtures';
import { onDataChanged } from '../../lib/response-cache';
import { setBookingNow } from './clock';

let t: TestApp;
let hong: DoctorWorld; // songhong: every feature on
let khoe: DoctorWorld; // songkhoe: no hospital fee guarantee
let mai: DoctorWorld; // saomai: no video, home visit or wallet
beforeAll(async () => {
  t = await createBookingApp();
  hong = await createDoctor(t, 'songhong');
  khoe = await createDoctor(t, 'songkhoe');
  mai = await createDoctor(t, 'saomai');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

describe('MakeAppointment: the three kinds and four payment methods', () => {
  it('books a hospital visit paid in cash: Booked, payment Pending, queue number, readable number', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(1, '09:00'));
    // The booking announces whose availability changed (cached lists and this doctor's card drop).
    const announced: unknown[][] = [];
    const stop = onDataChanged((...change) => announced.push(change));
    const r = await book(t, hong, b, slotId, { note: 'Đau họng' }).finally(stop);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(announced).toEqual([['songhong', 'availability', [hong.doctorId]]]);
    const a = r.json.data;
    expect(a).toMatchObject({
      status: 4,
      paymentStatus: 1,
      paymentMethod: 0,
      serviceTypeId: 0,
      hospitalId: hong.hospitalId,
      finalPrice: PRICES.hospital,
      price: PRICES.hospital,
      queueNumber: 1,
      localDate: '2030-03-05',
      timeZone: 'Asia/Ho_Chi_Minh',
      timeSlot: 0,
      paymentUrl: null,
      holdExpiresAt: null,
      canCancel: true,
      canReschedule: true,
    });
    expect(a.appointmentNumber).toMatch(/^SH-300304-\d{5}$/);
    const [slot] = await rows<{ booked_count: number; is_booked: boolean }>(
      t,
      'songhong',
      'SELECT booked_count, is_booked FROM doctor_slots WHERE slot_id = $1',
      [slotId],
    );
    expect(slot).toEqual({ booked_count: 1, is_booked: true });
    const [day] = await rows(
      t,
      'songhong',
      'SELECT active_count, issued FROM booking_day_counts WHERE doctor_id = $1',
      [hong.doctorId],
    );
    expect(day).toEqual({ active_count: 1, issued: 1 });
    // Reminders were scheduled with the booking.
    const reminders = await rows(
      t,
      'songhong',
      'SELECT 1 FROM appointment_reminders WHERE appointment_id = $1',
      [a.appointmentId],
    );
    expect(reminders.length).toBeGreaterThan(0);
  });

  it('confirms a hospital visit in a message naming the doctor, the patient and the hospital with its address', async () => {
    const b = await createBooker(t, 'songhong');
    await asOwner(t, 'songhong', (sql) =>
      sql.query(`UPDATE hospitals SET address = $2, address_en = $3 WHERE hospital_id = $1`, [
        hong.hospitalId,
        '12 Lý Thường Kiệt, Hà Nội',
        '12 Ly Thuong Kiet St, Hanoi',
      ]),
    );
    const r = await book(t, hong, b, await addSlot(t, hong, at(6, '10:00')));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const a = r.json.data;
    const sent = await rows<{ channel: string; payload: unknown }>(
      t,
      'songhong',
      `SELECT channel, payload FROM message_deliveries WHERE dedup_key LIKE $1 ORDER BY channel`,
      [`booking-confirmed:${a.appointmentId}:%`],
    );
    expect(sent.map((d) => d.channel)).toEqual(['email', 'push']); // the booker has no phone number
    for (const d of sent)
      expect(d.payload).toEqual({
        appointmentId: a.appointmentId,
        appointmentNumber: a.appointmentNumber,
        startsAt: a.startsAt,
        doctorName: 'Nguyễn Văn An',
        patientName: a.patientName,
        video: false,
        place: {
          vi: 'Bệnh viện Test, 12 Lý Thường Kiệt, Hà Nội',
          en: 'Bệnh viện Test, 12 Ly Thuong Kiet St, Hanoi',
        },
        path: `/me/appointments-list/${a.appointmentId}`,
      });
  });

  it('books a video consultation paid online: PaymentInitiated, hold, payment URL', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(1, '14:00'));
    const r = await book(t, hong, b, slotId, { serviceTypeId: 1, paymentMethod: 1 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 1,
      paymentStatus: 1,
      hospitalId: null,
      queueNumber: null,
      timeSlot: 1,
    });
    expect(r.json.data.paymentUrl).toMatch(/^https?:\/\//);
    expect(r.json.data.holdExpiresAt).toBe(new Date(NOW.getTime() + 10 * 60_000).toISOString());
  });

  it('books a home visit for a family member at their address with fee coverage: Pending/Pending', async () => {
    const b = await createBooker(t, 'songhong');
    const member = await addPatient(t, b);
    const addressId = await addAddress(t, b);
    const slotId = await addSlot(t, hong, at(2, '18:30'));
    const r = await book(t, hong, b, slotId, {
      serviceTypeId: 2,
      paymentMethod: 3,
      patientId: member,
      addressId,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 0,
      paymentStatus: 1,
      patientId: member,
      finalPrice: PRICES.home,
    });
    expect(r.json.data.addressText).toContain('12 Hàng Bài');
  });

  it('books free when a promo and the wallet cover the price: Booked, wallet debited', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 1_000_000 });
    const slotId = await addSlot(t, hong, at(3, '09:00'));
    const r = await book(t, hong, b, slotId, {
      serviceTypeId: 1,
      paymentMethod: 2,
      promoCode: `giam20-${hong.doctorId}`,
      useWallet: true,
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    // 20% of 200 000 = 40 000 (under the 50 000 cap); the wallet pays the rest.
    expect(r.json.data).toMatchObject({ status: 4, discount: 40_000, walletAmount: 160_000, finalPrice: 0 });
    const [w] = await rows(t, 'songhong', 'SELECT balance FROM wallet_balances WHERE user_id = $1', [
      b.userId,
    ]);
    expect(w).toEqual({ balance: 840_000 });
    const tx = await rows(
      t,
      'songhong',
      'SELECT amount, kind FROM wallet_transactions WHERE user_id = $1 ORDER BY wallet_transaction_id',
      [b.userId],
    );
    expect(tx).toEqual([
      { amount: 1_000_000, kind: 'topup' },
      { amount: -160_000, kind: 'payment' },
    ]);
  });

  it('answers the messages in the request language', async () => {
    const b = await createBooker(t, 'songhong');
    const r = await post(t, b, 'Appointments/MakeAppointment', { doctorId: hong.doctorId });
    expect(r.status).toBe(400);
    expect(r.json.errors).toEqual(expect.arrayContaining(['select_patient', 'select_symptom']));
  });
});

describe('MakeAppointment: refusals', () => {
  it('refuses a service type the tenant or the doctor does not offer', async () => {
    const b = await createBooker(t, 'saomai');
    const slotId = await addSlot(t, mai, at(1, '09:00'));
    const r = await book(t, mai, b, slotId, { serviceTypeId: 1 });
    expect([r.status, r.json.codeMessageRespond]).toEqual([400, 'service_not_offered']);
    await asOwner(t, 'songhong', (sql) =>
      sql.query('DELETE FROM doctor_prices WHERE doctor_id = $1 AND service_type_id = 2', [hong.doctorId]),
    );
    const hb = await createBooker(t, 'songhong');
    const other = await addSlot(t, hong, at(1, '10:00'));
    const r2 = await book(t, hong, hb, other, { serviceTypeId: 2, addressId: await addAddress(t, hb) });
    expect([r2.status, r2.json.codeMessageRespond]).toEqual([400, 'service_not_offered']);
    await asOwner(t, 'songhong', (sql) =>
      sql.query('INSERT INTO doctor_prices (doctor_id, service_type_id, price) VALUES ($1, 2, $2)', [
        hong.doctorId,
        PRICES.home,
      ]),
    );
  });

  it('refuses past slots, other doctors’ slots and unknown slots with 409 slot_unavailable', async () => {
    const b = await createBooker(t, 'songkhoe');
    const past = await addSlot(t, khoe, at(0, '08:00'));
    const other = await createDoctor(t, 'songkhoe', 'Trần Thị B');
    const foreign = await addSlot(t, other, at(1, '09:00'));
    for (const slotId of [past, foreign, 999_999_999]) {
      const r = await book(t, khoe, b, slotId);
      expect([r.status, r.json.codeMessageRespond], String(slotId)).toEqual([409, 'slot_unavailable']);
    }
  });

  it('refuses beyond maxDaysAhead and today after the same-day cut-off (booking_closed)', async () => {
    const b = await createBooker(t, 'songkhoe');
    const far = await addSlot(t, khoe, at(31, '09:00'));
    expect((await book(t, khoe, b, far)).json.codeMessageRespond).toBe('booking_closed');
    const tonight = await addSlot(t, khoe, at(0, '19:00'));
    setBookingNow(at(0, '16:30'));
    try {
      const r = await book(t, khoe, b, tonight);
      expect([r.status, r.json.codeMessageRespond]).toEqual([400, 'booking_closed']);
    } finally {
      setBookingNow(NOW);
    }
    // Before the cut-off the same slot is bookable.
    expect((await book(t, khoe, b, tonight)).status).toBe(200);
  });

  it('checks payment methods against the tenant and the price', async () => {
    const b = await createBooker(t, 'songkhoe');
    const slotId = await addSlot(t, khoe, at(2, '09:00'));
    for (const paymentMethod of [2, 3]) {
      const r = await book(t, khoe, b, slotId, { paymentMethod });
      expect([r.status, r.json.codeMessageRespond]).toEqual([400, 'payment_method_not_allowed']);
    }
    const free = await book(t, khoe, b, slotId, { paymentMethod: 0, promoCode: `FREE-${khoe.doctorId}` });
    expect(free.json.codeMessageRespond).toBe('payment_method_not_allowed');
    expect(
      (await book(t, khoe, b, slotId, { paymentMethod: 2, promoCode: `FREE-${khoe.doctorId}` })).status,
    ).toBe(200);
  });

  it('asks for missing personal information with the missing fields', async () => {
    const b = await createBooker(t, 'songkhoe', { incomplete: true });
    const slotId = await addSlot(t, khoe, at(2, '10:00'));
    const r = await book(t, khoe, b, slotId);
    expect([r.status, r.json.codeMessageRespond]).toEqual([400, 'personal_info_required']);
    expect(r.json.errors).toEqual(['select_date_of_birth']);
    expect(r.json.message).toBeTruthy();
  });

  it('refuses another user’s patient, address and health record with 404', async () => {
    const b = await createBooker(t, 'songhong');
    const stranger = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(2, '11:00'));
    const theirAddress = await addAddress(t, stranger);
    const theirRecord = await asOwner(t, 'songhong', async (sql) =>
      Number(
        (
          await sql.query<{ id: number }>(
            `INSERT INTO health_records (user_id, record_name) VALUES ($1, 'X') RETURNING health_record_id AS id`,
            [stranger.userId],
          )
        ).rows[0]!.id,
      ),
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ patientId: stranger.patientId }, 'patient_not_found'],
      [{ serviceTypeId: 2, addressId: theirAddress }, 'address_not_found'],
      [{ healthRecordIds: [theirRecord] }, 'health_record_not_found'],
    ];
    for (const [extra, key] of cases) {
      const r = await book(t, hong, b, slotId, extra);
      expect([r.status, r.json.codeMessageRespond], key).toEqual([404, key]);
    }
    expect((await book(t, hong, b, slotId, { serviceTypeId: 2 })).json.codeMessageRespond).toBe(
      'select_address',
    );
  });

  it('refuses symptoms the doctor does not treat and a hospital not the doctor’s', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, hong, at(2, '12:00'));
    const r = await book(t, hong, b, slotId, { symptomIds: [hong.foreignSymptomId] });
    expect([r.status, r.json.codeMessageRespond]).toEqual([400, 'select_symptom']);
    const h = await book(t, hong, b, slotId, { hospitalId: hong.otherHospitalId });
    expect([h.status, h.json.codeMessageRespond]).toEqual([400, 'hospital_not_offered']);
  });

  it('refuses invalid promo codes and an ineligible wallet', async () => {
    const b = await createBooker(t, 'songhong');
    const other = await createDoctor(t, 'songhong', 'Lê Văn C');
    const slotId = await addSlot(t, hong, at(2, '13:00'));
    for (const promoCode of ['NOPE', `HET-${hong.doctorId}`, `BS-${other.doctorId}`]) {
      const r = await book(t, hong, b, slotId, { promoCode });
      expect([r.status, r.json.codeMessageRespond], promoCode).toEqual([400, 'promo_code_invalid']);
    }
    const w = await book(t, hong, b, slotId, { useWallet: true });
    expect([w.status, w.json.codeMessageRespond]).toEqual([400, 'wallet_not_eligible']);
    const rich = await createBooker(t, 'saomai', { wallet: 1_000_000 });
    const maiSlot = await addSlot(t, mai, at(2, '13:00'));
    const off = await book(t, mai, rich, maiSlot, { useWallet: true });
    expect([off.status, off.json.codeMessageRespond]).toEqual([400, 'wallet_not_eligible']);
  });

  it('books a follow-up only from the caller’s completed appointment with the same doctor', async () => {
    const b = await createBooker(t, 'songhong');
    const first = await book(t, hong, b, await addSlot(t, hong, at(3, '08:00')));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const firstId = first.json.data.appointmentId;
    const next = await addSlot(t, hong, at(5, '08:00'));
    // Not completed yet: no follow-up.
    const early = await book(t, hong, b, next, { followUpOf: firstId });
    expect([early.status, early.json.codeMessageRespond]).toEqual([409, 'follow_up_not_allowed']);
    await asOwner(t, 'songhong', (sql) =>
      sql.query('UPDATE appointments SET status = 10 WHERE appointment_id = $1', [firstId]),
    );
    // Another doctor's slot, or another user's appointment: refused.
    const other = await createDoctor(t, 'songhong', 'Trần Văn D');
    const otherSlot = await addSlot(t, other, at(5, '09:00'));
    const wrongDoctor = await book(t, other, b, otherSlot, { followUpOf: firstId });
    expect([wrongDoctor.status, wrongDoctor.json.codeMessageRespond]).toEqual([409, 'follow_up_not_allowed']);
    const stranger = await createBooker(t, 'songhong');
    const notMine = await book(t, hong, stranger, next, { followUpOf: firstId });
    expect([notMine.status, notMine.json.codeMessageRespond]).toEqual([404, 'appointment_error']);
    const ok = await book(t, hong, b, next, { followUpOf: firstId });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const [row] = await rows<{ follow_up_of: string }>(
      t,
      'songhong',
      'SELECT follow_up_of FROM appointments WHERE appointment_id = $1',
      [ok.json.data.appointmentId],
    );
    expect(Number(row!.follow_up_of)).toBe(firstId);
  });

  it('needs a signed-in user', async () => {
    const slotId = await addSlot(t, hong, at(2, '15:00'));
    const r = await post(t, 'songhong', 'Appointments/MakeAppointment', {
      doctorId: hong.doctorId,
      slotId,
      serviceTypeId: 0,
      patientId: 1,
      symptomIds: [hong.symptomIds[0]],
      paymentMethod: 0,
    });
    expect(r.status).toBe(401);
  });
});

describe('price quotes', () => {
  it('applies a promo code: percent capped by max_discount, doctor codes only for their doctor', async () => {
    const q = await post(t, 'songhong', 'PromoCodes/ApplyPromoCode', {
      doctorId: hong.doctorId,
      serviceTypeId: 2,
      promoCode: `GIAM20-${hong.doctorId}`,
    });
    expect(q.status, JSON.stringify(q.json)).toBe(200);
    expect(q.json.data).toEqual({
      price: PRICES.home,
      discount: 50_000,
      walletAmount: 0,
      walletBalance: 0,
      finalPrice: PRICES.home - 50_000,
      promoCode: `GIAM20-${hong.doctorId}`,
      promoRule: {
        discountPercent: 20,
        maxDiscount: 50_000,
        minAmount: 0,
        serviceTypeIds: null,
        expiresAt: expect.any(String),
      },
      coveredBy: null,
    });
    const own = await post(t, 'songhong', 'PromoCodes/ApplyPromoCode', {
      doctorId: hong.doctorId,
      serviceTypeId: 0,
      promoCode: `BS-${hong.doctorId}`,
    });
    expect(own.json.data.discount).toBe(PRICES.hospital / 2);
    const expired = await post(t, 'songhong', 'PromoCodes/ApplyPromoCode', {
      doctorId: hong.doctorId,
      serviceTypeId: 0,
      promoCode: `HET-${hong.doctorId}`,
    });
    expect([expired.status, expired.json.codeMessageRespond]).toEqual([400, 'promo_code_invalid']);
  });

  it('applies the wallet only with a balance and something left to pay', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 50_000 });
    const q = await post(t, b, 'Appointments/ApplyWalletBalance', {
      doctorId: hong.doctorId,
      serviceTypeId: 1,
    });
    expect(q.json.data).toMatchObject({ walletAmount: 50_000, walletBalance: 50_000, finalPrice: 150_000 });
    const poor = await createBooker(t, 'songhong');
    const none = await post(t, poor, 'Appointments/ApplyWalletBalance', {
      doctorId: hong.doctorId,
      serviceTypeId: 1,
    });
    expect([none.status, none.json.codeMessageRespond]).toEqual([400, 'wallet_not_eligible']);
    const nothingLeft = await post(t, b, 'Appointments/ApplyWalletBalance', {
      doctorId: hong.doctorId,
      serviceTypeId: 1,
      promoCode: `FREE-${hong.doctorId}`,
    });
    expect(nothingLeft.json.codeMessageRespond).toBe('wallet_not_eligible');
    const off = await post(t, await createBooker(t, 'saomai'), 'Appointments/ApplyWalletBalance', {
      doctorId: mai.doctorId,
      serviceTypeId: 0,
    });
    expect([off.status, off.json.codeMessageRespond]).toEqual([404, 'feature_disabled']);
  });
});
