import { describe, expect, it } from 'vitest';
import { AppointmentStatus, PaymentStatus } from '../../../schemas/codes';
import { command as walletCommand } from '../../admin/commands/wallet';
import { onTenant } from '../accounts/test-support';
import { expireLapsedHolds } from '../appointments/index';
import {
  appointment,
  callback,
  gateway,
  heldAppointment,
  ipn,
  payment,
  settled,
  start,
  t,
  usePaymentsWorld,
} from './payments-fixtures';

/**
 * A payment that arrives after its hold lapsed, through the app's own IPN route and booking's real
 * settlement (settleAppointmentPayment, wired by server/modules/index.ts; the fixtures' stand-in
 * under /api/v1/t never hears it): the money goes to the wallet when the tenant has one, else the
 * payment is recorded Completed on the lapsed appointment for an operator to refund.
 */
usePaymentsWorld();

const APP = '/api/v1';

/** Holds an appointment, starts its payment, then lets the hold lapse as the periodic job does. */
async function lapsedHoldWithPayment(code: string, amount: number) {
  const id = await heldAppointment(code, amount);
  const { txnRef } = await start(code, id, amount);
  const lapsed = await t.db.tenant(code, (sql) =>
    expireLapsedHolds(sql, new Date(Date.now() + 11 * 60_000), undefined, gateway),
  );
  expect(lapsed.map((h) => h.appointmentId)).toContain(id);
  expect(await appointment(code, id)).toEqual({
    status: AppointmentStatus.PaymentCancel,
    payment_status: PaymentStatus.Cancelled,
  });
  expect((await payment(code, id)).status).toBe(PaymentStatus.Cancelled);
  const [owner] = await onTenant<{ user_id: number; appointment_number: string }>(
    t.db,
    code,
    'SELECT user_id, appointment_number FROM appointments WHERE appointment_id = $1',
    [id],
  );
  return { id, txnRef, userId: owner!.user_id, number: owner!.appointment_number };
}

const walletOf = (code: string, userId: number) =>
  onTenant<{ amount: number; kind: string; appointment_id: number; description: string }>(
    t.db,
    code,
    `SELECT amount, kind, appointment_id::int AS appointment_id, description FROM wallet_transactions
      WHERE user_id = $1 ORDER BY wallet_transaction_id`,
    [userId],
  );

async function reconcile(code: string) {
  const lines: string[] = [];
  const exit = await walletCommand.run({
    db: t.db,
    registry: t.registry,
    args: ['reconcile', code],
    print: (l) => lines.push(l),
  });
  return { exit, lines };
}

describe('a payment after its hold lapsed (real settlement)', () => {
  it('is credited to the wallet once (songhong has a wallet): payment Completed, appointment Refunded', async () => {
    const { id, txnRef, userId, number } = await lapsedHoldWithPayment('songhong', 150_000);
    const paid = callback('songhong', txnRef, 15_000_000);
    expect((await ipn('songhong.example', paid, APP)).body.RspCode).toBe('00');
    expect(settled).toEqual([]); // the stand-in handler was not involved
    expect((await payment('songhong', id)).status).toBe(PaymentStatus.Completed);
    expect(await appointment('songhong', id)).toEqual({
      status: AppointmentStatus.PaymentCancel,
      payment_status: PaymentStatus.Refunded,
    });
    const credit = [{ amount: 150_000, kind: 'refund', appointment_id: id, description: `late ${number}` }];
    expect(await walletOf('songhong', userId)).toEqual(credit);
    // VNPay repeats its IPN: already confirmed, nothing credited twice.
    expect((await ipn('songhong.example', paid, APP)).body.RspCode).toBe('02');
    expect(await walletOf('songhong', userId)).toEqual(credit);
    const [balance] = await onTenant(
      t.db,
      'songhong',
      'SELECT balance FROM wallet_balances WHERE user_id = $1',
      [userId],
    );
    expect(balance).toEqual({ balance: 150_000 });
    expect((await reconcile('songhong')).exit).toBe(0);
  });

  it('is recorded Completed for an operator when the tenant has no wallet (saomai), nothing credited', async () => {
    const { id, txnRef, userId } = await lapsedHoldWithPayment('saomai', 90_000);
    expect((await ipn('saomai.example', callback('saomai', txnRef, 9_000_000), APP)).body.RspCode).toBe('00');
    expect(settled).toEqual([]);
    expect((await payment('saomai', id)).status).toBe(PaymentStatus.Completed);
    expect(await appointment('saomai', id)).toEqual({
      status: AppointmentStatus.PaymentCancel,
      payment_status: PaymentStatus.Completed,
    });
    expect(await walletOf('saomai', userId)).toEqual([]);
  });
});
