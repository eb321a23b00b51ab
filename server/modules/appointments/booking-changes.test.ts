import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/helpers/test-app';
import {
  addSlot,
  at,
  book,
  createBooker,
  createBookingApp,
  createDoctor,
  post,
  PRICES,
  rows,
  type Booker,
  type DoctorWorld,
} from './booking-fixtures';
import { setBookingNow } from './clock';
import { cancelAppointmentBy, settleAppointmentPayment } from './index';

let t: TestApp;
let w: DoctorWorld;
let k: DoctorWorld;
beforeAll(async () => {
  t = await createBookingApp();
  w = await createDoctor(t, 'songhong');
  k = await createDoctor(t, 'songkhoe');
});
afterAll(async () => {
  setBookingNow(null);
  await t?.close();
});

const cancel = (b: Booker, appointmentId: number, extra: Record<string, unknown> = {}) =>
  post(t, b, 'Appointments/CancelAppintment', {
    appointmentId,
    reason: 'Bận việc',
    remark: 'Xin lỗi',
    ...extra,
  });
const reschedule = (b: Booker, appointmentId: number, slotId: number, extra: Record<string, unknown> = {}) =>
  post(t, b, 'Appointments/rescheduleAppointment', {
    appointmentId,
    slotId,
    reason: 'Đổi giờ',
    remark: 'Trùng lịch họp',
    ...extra,
  });
const bookedCount = async (tenant: string, slotId: number) =>
  (
    await rows<{ booked_count: number }>(
      t,
      tenant,
      'SELECT booked_count FROM doctor_slots WHERE slot_id = $1',
      [slotId],
    )
  )[0]!.booked_count;
const settle = (appointmentId: number, outcome: 'paid' | 'failed') =>
  t.db.tenant('songhong', (sql) =>
    settleAppointmentPayment(sql, t.registry.byCode.get('songhong')!.config, {
      appointmentId,
      paymentId: 0,
      outcome,
    }),
  );

describe('CancelAppintment', () => {
  it('cancels a cash booking: Cancelled by the patient, payment Cancelled, slot free again', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, w, at(2, '09:00'));
    const id = (await book(t, w, b, slotId)).json.data.appointmentId;
    const r = await cancel(b, id);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 5,
      paymentStatus: 3,
      cancelledBy: 'patient',
      cancelReason: 'Bận việc',
      cancelRemark: 'Xin lỗi',
      canCancel: false,
    });
    expect(await bookedCount('songhong', slotId)).toBe(0);
    const [day] = await rows(
      t,
      'songhong',
      'SELECT active_count FROM booking_day_counts WHERE doctor_id = $1 AND local_date = $2',
      [w.doctorId, '2030-03-06'],
    );
    expect(day).toEqual({ active_count: 0 });
    // The freed slot can be booked by someone else, and a second cancel is refused.
    expect((await book(t, w, await createBooker(t, 'songhong'), slotId)).status).toBe(200);
    const again = await cancel(b, id);
    expect([again.status, again.json.codeMessageRespond]).toEqual([409, 'cancel_not_allowed']);
  });

  it('requires a reason and a remark', async () => {
    const b = await createBooker(t, 'songhong');
    const id = (await book(t, w, b, await addSlot(t, w, at(2, '10:00')))).json.data.appointmentId;
    const noReason = await cancel(b, id, { reason: '   ' });
    expect([noReason.status, noReason.json.errors]).toEqual([400, ['cancel_reason_required']]);
    const noRemark = await post(t, b, 'Appointments/CancelAppintment', { appointmentId: id, reason: 'x' });
    expect([noRemark.status, noRemark.json.errors]).toEqual([400, ['remark_required']]);
  });

  it('refuses after the tenant’s latest cancel time with a clear reason', async () => {
    const b = await createBooker(t, 'songhong');
    const id = (await book(t, w, b, await addSlot(t, w, at(0, '11:30')))).json.data.appointmentId;
    const r = await cancel(b, id);
    expect([r.status, r.json.codeMessageRespond, r.json.errors]).toEqual([
      409,
      'cancel_not_allowed',
      ['cancel_too_late'],
    ]);
    expect(r.json.message).toBeTruthy();
  });

  it('answers 404 for another user’s and another tenant’s appointment', async () => {
    const owner = await createBooker(t, 'songhong');
    const id = (await book(t, w, owner, await addSlot(t, w, at(2, '11:00')))).json.data.appointmentId;
    const stranger = await createBooker(t, 'songhong');
    const foreign = await createBooker(t, 'songkhoe');
    for (const who of [stranger, foreign]) {
      const c = await cancel(who, id);
      expect([c.status, c.json.codeMessageRespond]).toEqual([404, 'appointment_error']);
      const r = await reschedule(who, id, await addSlot(t, who === foreign ? k : w, at(3, '11:00')));
      expect([r.status, r.json.codeMessageRespond]).toEqual([404, 'appointment_error']);
    }
    const [row] = await rows(t, 'songhong', 'SELECT status FROM appointments WHERE appointment_id = $1', [
      id,
    ]);
    expect(row).toEqual({ status: 4 });
  });

  it('refunds a paid online booking to the wallet (songhong refundTo wallet), payment Refunded', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 20_000 });
    const slotId = await addSlot(t, w, at(4, '09:00'));
    const made = await book(t, w, b, slotId, { serviceTypeId: 1, paymentMethod: 1, useWallet: true });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect(made.json.data).toMatchObject({ walletAmount: 20_000, finalPrice: PRICES.video - 20_000 });
    await settle(made.json.data.appointmentId, 'paid');
    const r = await cancel(b, made.json.data.appointmentId);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({ status: 5, paymentStatus: 5 });
    const [wallet] = await rows(t, 'songhong', 'SELECT balance FROM wallet_balances WHERE user_id = $1', [
      b.userId,
    ]);
    expect(wallet).toEqual({ balance: PRICES.video });
    const history = await rows(
      t,
      'songhong',
      'SELECT amount, kind FROM wallet_transactions WHERE user_id = $1 ORDER BY wallet_transaction_id',
      [b.userId],
    );
    expect(history).toEqual([
      { amount: 20_000, kind: 'topup' }, // the booker's wallet (a ledger entry)
      { amount: -20_000, kind: 'payment' },
      { amount: 20_000, kind: 'refund' },
      { amount: PRICES.video - 20_000, kind: 'refund' },
    ]);
  });
});

describe('cancelAppointmentBy (operator side)', () => {
  it('cancels as the doctor without the patient’s time limit, in the tenant only', async () => {
    const b = await createBooker(t, 'songhong');
    const slotId = await addSlot(t, w, at(0, '11:00'));
    const id = (await book(t, w, b, slotId)).json.data.appointmentId;
    const cfg = (code: string) => t.registry.byCode.get(code)!.config;
    expect(
      await t.db.tenant('songkhoe', (sql) => cancelAppointmentBy(sql, cfg('songkhoe'), id, 'doctor', 'x')),
    ).toBe(false);
    expect(
      await t.db.tenant('songhong', (sql) =>
        cancelAppointmentBy(sql, cfg('songhong'), id, 'doctor', 'Bác sĩ ốm'),
      ),
    ).toBe(true);
    const [row] = await rows(
      t,
      'songhong',
      'SELECT status, cancelled_by, cancel_reason FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ status: 5, cancelled_by: 'doctor', cancel_reason: 'Bác sĩ ốm' });
    expect(await bookedCount('songhong', slotId)).toBe(0);
  });
});

describe('rescheduleAppointment', () => {
  it('moves to another slot of the doctor in one go and records it', async () => {
    const b = await createBooker(t, 'songhong');
    const from = await addSlot(t, w, at(5, '09:00'));
    const to = await addSlot(t, w, at(6, '15:00'));
    const id = (await book(t, w, b, from)).json.data.appointmentId;
    const r = await reschedule(b, id, to);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      status: 4,
      rescheduleCount: 1,
      localDate: '2030-03-10',
      timeSlot: 1,
    });
    expect(r.json.data.reschedules).toEqual([
      expect.objectContaining({
        previousStartsAt: at(5, '09:00').toISOString(),
        newStartsAt: at(6, '15:00').toISOString(),
        rescheduledBy: 'patient',
        reason: 'Đổi giờ',
        remark: 'Trùng lịch họp',
      }),
    ]);
    expect([await bookedCount('songhong', from), await bookedCount('songhong', to)]).toEqual([0, 1]);
  });

  it('stops at the tenant’s maximum number of reschedules', async () => {
    const b = await createBooker(t, 'songhong');
    const id = (await book(t, w, b, await addSlot(t, w, at(7, '09:00')))).json.data.appointmentId;
    expect((await reschedule(b, id, await addSlot(t, w, at(7, '10:00')))).status).toBe(200);
    expect((await reschedule(b, id, await addSlot(t, w, at(7, '11:00')))).status).toBe(200);
    const third = await reschedule(b, id, await addSlot(t, w, at(7, '14:00')));
    expect([third.status, third.json.codeMessageRespond, third.json.errors]).toEqual([
      409,
      'reschedule_not_allowed',
      ['reschedule_limit_reached'],
    ]);
  });

  it('refuses too close to the start, a taken slot and another doctor’s slot', async () => {
    const b = await createBooker(t, 'songhong');
    const soon = (await book(t, w, b, await addSlot(t, w, at(0, '13:00')))).json.data.appointmentId;
    const late = await reschedule(b, soon, await addSlot(t, w, at(8, '09:00')));
    expect([late.status, late.json.errors]).toEqual([409, ['reschedule_too_late']]);

    const id = (await book(t, w, b, await addSlot(t, w, at(8, '10:00')))).json.data.appointmentId;
    const taken = await addSlot(t, w, at(9, '10:00'));
    expect((await book(t, w, await createBooker(t, 'songhong'), taken)).status).toBe(200);
    const full = await reschedule(b, id, taken);
    expect([full.status, full.json.codeMessageRespond]).toEqual([409, 'slot_unavailable']);
    const other = await createDoctor(t, 'songhong', 'Phạm D');
    const elsewhere = await reschedule(b, id, await addSlot(t, other, at(9, '11:00')));
    expect([elsewhere.status, elsewhere.json.codeMessageRespond]).toEqual([409, 'slot_unavailable']);
    const noReason = await reschedule(b, id, taken, { reason: '' });
    expect([noReason.status, noReason.json.errors]).toEqual([400, ['reschedule_reason_required']]);
    // Nothing moved: the appointment still holds its first slot.
    const [row] = await rows(
      t,
      'songhong',
      'SELECT reschedule_count FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ reschedule_count: 0 });
  });
});

describe('payment settlement', () => {
  it('paid: Booked and payment Completed; a repeated callback changes nothing', async () => {
    const b = await createBooker(t, 'songhong');
    const id = (await book(t, w, b, await addSlot(t, w, at(10, '09:00')), { paymentMethod: 1 })).json.data
      .appointmentId;
    await settle(id, 'paid');
    await settle(id, 'paid');
    const [row] = await rows(
      t,
      'songhong',
      'SELECT status, payment_status, hold_expires_at FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ status: 4, payment_status: 2, hold_expires_at: null });
  });

  it('failed: PaymentFailed, slot and day count given back, wallet part refunded', async () => {
    const b = await createBooker(t, 'songhong', { wallet: 30_000 });
    const slotId = await addSlot(t, w, at(10, '10:00'));
    const id = (await book(t, w, b, slotId, { paymentMethod: 1, useWallet: true })).json.data.appointmentId;
    await settle(id, 'failed');
    const [row] = await rows(
      t,
      'songhong',
      'SELECT status, payment_status FROM appointments WHERE appointment_id = $1',
      [id],
    );
    expect(row).toEqual({ status: 3, payment_status: 4 });
    expect(await bookedCount('songhong', slotId)).toBe(0);
    const [wallet] = await rows(t, 'songhong', 'SELECT balance FROM wallet_balances WHERE user_id = $1', [
      b.userId,
    ]);
    expect(wallet).toEqual({ balance: 30_000 });
  });
});
