import { PaymentStatus } from '../../../schemas/codes';
import type { Database, Sql } from '../../db/database';
import {
  lockPaymentByTxnRef,
  paymentByTxnRef,
  paymentsClock,
  recordEvent,
  toVnpAmount,
  verifyParams,
  vnpOnly,
  type PaymentGateway,
  type PaymentRow,
  type PurchaseSettlementHandler,
  type SettlementHandler,
  type VnpParams,
} from '../../services/payments/index';
import { dataChanged } from '../../lib/response-cache';
import type { Tenant } from '../../tenancy/registry';
import { payments as paymentsCounter } from '../../services/metrics/index';

/** VNPay's IPN answer codes (and nothing else: the IPN reply is not the API envelope). */
export const IPN = {
  success: { RspCode: '00', Message: 'Confirm Success' },
  notFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'Invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  unknown: { RspCode: '99', Message: 'Unknown error' },
} as const;
export type IpnAnswer = (typeof IPN)[keyof typeof IPN];

export interface IpnDeps {
  db: Database;
  payments: PaymentGateway;
  onSettled: SettlementHandler;
  /** The purchases module's settlement (payments of packages and programs). */
  onPurchaseSettled: PurchaseSettlementHandler;
  log?: { error(obj: unknown, msg?: string): void };
}

/** The tenant's callback secret, or null when its provider is not configured. */
function secretOf(payments: PaymentGateway, tenant: Tenant): string | null {
  try {
    return payments.providerOf(tenant.config).secret;
  } catch {
    return null;
  }
}

/** True when a callback's signature is right for the tenant's provider. */
export function verifyCallback(payments: PaymentGateway, tenant: Tenant, params: VnpParams): boolean {
  const secret = secretOf(payments, tenant);
  return secret !== null && verifyParams(secret, params);
}

/**
 * One IPN, in VNPay's order: signature (97) -> order exists (01) -> amount (04) -> still pending
 * (02) -> record and settle (00); anything unexpected 99 and nothing changes. Paid only when
 * vnp_ResponseCode and vnp_TransactionStatus are both 00 and the amount matches; otherwise the
 * payment is Failed and the settlement handler hears `failed`. The sandbox page calls this same
 * function, so its callbacks go through the real verification.
 */
export async function processIpn(
  deps: IpnDeps,
  tenant: Tenant,
  query: Record<string, unknown>,
): Promise<IpnAnswer> {
  const answer = await answerIpn(deps, tenant, query);
  paymentsCounter.inc({ tenant: tenant.config.code, outcome: answer.outcome });
  // A booking whose payment failed gave its slot back (booking's settlement, committed by now):
  // the public lists and the doctor cards show it free at once, not when their cache expires.
  if (answer.outcome === 'failed' || answer.outcome === 'invalid_amount')
    await dataChanged(tenant.config.code, 'availability');
  return answer.reply;
}

/** The IPN's answer to the provider, and its outcome for the payments_total metric. */
async function answerIpn(
  deps: IpnDeps,
  tenant: Tenant,
  query: Record<string, unknown>,
): Promise<{ reply: IpnAnswer; outcome: string }> {
  const { db, payments } = deps;
  const params = vnpOnly(query);
  const code = tenant.config.code;
  const txnRef = params.vnp_TxnRef ?? '';
  try {
    if (!verifyCallback(payments, tenant, params)) {
      await db.tenant(code, (sql) =>
        recordEvent(sql, { paymentId: null, txnRef, kind: 'ipn', verified: false, outcome: '97', params }),
      );
      return { reply: IPN.invalidSignature, outcome: 'invalid_signature' };
    }
    return await db.tenant(code, async (sql) => {
      const payment = txnRef ? await lockPaymentByTxnRef(sql, txnRef) : null;
      if (!payment) {
        await recordEvent(sql, {
          paymentId: null,
          txnRef,
          kind: 'ipn',
          verified: true,
          outcome: '01',
          params,
        });
        return { reply: IPN.notFound, outcome: 'not_found' };
      }
      const event = (outcome: string) =>
        recordEvent(sql, {
          paymentId: payment.payment_id,
          txnRef,
          kind: 'ipn',
          verified: true,
          outcome,
          params,
        });
      const amountMatches = params.vnp_Amount === String(toVnpAmount(payment.amount));
      const paid = amountMatches && params.vnp_ResponseCode === '00' && params.vnp_TransactionStatus === '00';
      // Still pending, or cancelled on our side (the hold lapsed) while the bank took the money: the
      // provider has not confirmed it yet, so a payment is recorded (booking credits it back).
      const open =
        payment.status === PaymentStatus.Pending || (payment.status === PaymentStatus.Cancelled && paid);
      if (!amountMatches) {
        await event('04');
        if (payment.status === PaymentStatus.Pending) await settle(deps, sql, tenant, payment, params, false);
        return { reply: IPN.invalidAmount, outcome: 'invalid_amount' };
      }
      if (!open) {
        await event('02');
        return { reply: IPN.alreadyConfirmed, outcome: 'already_confirmed' };
      }
      await event('00');
      await settle(deps, sql, tenant, payment, params, paid);
      return { reply: IPN.success, outcome: paid ? 'paid' : 'failed' };
    });
  } catch (error) {
    deps.log?.error({ err: error, txnRef }, 'payment IPN failed');
    try {
      await db.tenant(code, async (sql) => {
        const payment = txnRef ? await paymentByTxnRef(sql, txnRef) : null;
        await recordEvent(sql, {
          paymentId: payment?.payment_id ?? null,
          txnRef,
          kind: 'ipn',
          verified: true,
          outcome: '99',
          params,
        });
      });
    } catch {
      // The answer stays 99 whether or not the event could be written.
    }
    return { reply: IPN.unknown, outcome: 'error' };
  }
}

/** Records the provider's verdict on the payment and lets the appointment follow (same transaction). */
async function settle(
  deps: IpnDeps,
  sql: Sql,
  tenant: Tenant,
  payment: PaymentRow,
  p: VnpParams,
  paid: boolean,
): Promise<void> {
  const now = paymentsClock.now();
  await sql.query(
    `UPDATE payments SET status = $2, provider_txn_no = $3, bank_code = $4, response_code = $5,
       transaction_status = $6, pay_date = $7, paid_at = $8, updated_at = $9
     WHERE payment_id = $1`,
    [
      payment.payment_id,
      paid ? PaymentStatus.Completed : PaymentStatus.Failed,
      p.vnp_TransactionNo ?? null,
      p.vnp_BankCode ?? null,
      p.vnp_ResponseCode ?? null,
      p.vnp_TransactionStatus ?? null,
      p.vnp_PayDate ?? null,
      paid ? now : null,
      now,
    ],
  );
  const outcome = paid ? 'paid' : 'failed';
  if (payment.purchase_id !== null)
    await deps.onPurchaseSettled(sql, tenant.config, {
      purchaseId: payment.purchase_id,
      paymentId: payment.payment_id,
      outcome,
    });
  else
    await deps.onSettled(sql, tenant.config, {
      appointmentId: payment.appointment_id!,
      paymentId: payment.payment_id,
      outcome,
    });
}
