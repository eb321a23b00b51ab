import { PaymentStatus } from '../../../schemas/codes';
import { randomBytes } from 'node:crypto';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Env } from '../../config/env';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { TenantRegistry } from '../../tenancy/registry';
import { paymentsClock } from './clock';
import { resolveProvider, type ProviderConfig } from './credentials';
import { lockPaidPayment, recordEvent } from './repository';
import { sandboxRefundReply } from './sandbox-bank';
import { postRefund, type RefundReply } from './vnpay/client';
import {
  buildPaymentUrl,
  buildRefundRequest,
  REFUND_REPLY_HASH_FIELDS,
  verifyPipeHash,
} from './vnpay/protocol';
import type { PaymentService, RefundInput, RefundResult, StartedPayment, StartPaymentInput } from './types';

export type * from './types';
export type { ProviderConfig } from './credentials';
export { paymentsClock, setPaymentsNow } from './clock';
// For the payments routes (server/modules/payments): callbacks, the sandbox bank, payment rows.
export { lockPaymentByTxnRef, paymentByTxnRef, recordEvent, type PaymentRow } from './repository';
// For booking's after-care (where a refund went).
export { providerRefunds } from './repository';
export { sandboxCallback, type SandboxDecision } from './sandbox-bank';
export {
  canonicalQuery,
  parseVnpDate,
  signParams,
  toVnpAmount,
  verifyParams,
  vnpOnly,
  type VnpParams,
} from './vnpay/protocol';

type OrderColumn = 'appointment_id' | 'purchase_id';

/**
 * The order a payment is for: its column, its reference (the appointment number, or PU + the
 * purchase id: txn_ref is the reference plus the attempt, unique per tenant) and its attempts so far.
 */
async function orderOf(
  sql: Sql,
  input: StartPaymentInput,
): Promise<{ column: OrderColumn; id: number; reference: string; attempts: number }> {
  const [column, id, reference]: [OrderColumn, number, string] =
    input.purchaseId !== undefined
      ? ['purchase_id', input.purchaseId, `'PU' || $1::bigint::text`]
      : [
          'appointment_id',
          input.appointmentId,
          '(SELECT appointment_number FROM appointments WHERE appointment_id = $1::bigint)',
        ];
  const { rows } = await sql.query<{ reference: string | null; attempts: number }>(
    `SELECT ${reference} AS reference,
            (SELECT coalesce(max(p.attempt), 0)::int FROM payments p WHERE p.${column} = $1::bigint) AS attempts`,
    [id],
  );
  const row = rows[0];
  if (!row?.reference) throw new Error(`payments.start: ${column} ${id} not found`);
  return { column, id, reference: row.reference, attempts: row.attempts };
}

/** Where the browser comes back and where the sandbox bank lives, relative to the portal's origin. */
export const RETURN_PATH = '/api/v1/Payments/VnpayReturn';
export const IPN_PATH = '/api/v1/Payments/VnpayIpn';
export const SANDBOX_PAY_PATH = '/api/v1/Payments/SandboxPay';

/**
 * The payment service plus what the payments routes need: each tenant's provider configuration
 * (to verify callbacks) and the configuration problems found at start.
 */
export interface PaymentGateway extends PaymentService {
  /** The tenant's provider and credentials; throws ApiError 503 `payment_provider_unconfigured`. */
  providerOf(tenant: TenantConfig): ProviderConfig;
  /** Tenants configured for vnpay without credentials (outside production the process still starts). */
  readonly problems: readonly string[];
}

/**
 * The payment service of the process. Providers per tenant: `sandbox` (default; the app's own bank
 * page, secret derived from JWT_SECRET) or `vnpay` (credentials from the environment variables
 * that tenant.json names). In production a vnpay tenant without credentials stops the start.
 */
export function createPaymentService({
  env,
  registry,
  source = process.env,
}: {
  env: Env;
  registry: TenantRegistry;
  /** Where credentials are read (tests pass their own). */
  source?: NodeJS.ProcessEnv;
}): PaymentGateway {
  const configs = new Map<string, ProviderConfig>();
  const problems: string[] = [];
  for (const tenant of registry.byCode.values()) {
    const result = resolveProvider(tenant.config, env.jwtSecret, source);
    if (result.ok) configs.set(tenant.config.code, result.config);
    else problems.push(result.problem);
  }
  if (problems.length > 0 && env.NODE_ENV === 'production') {
    throw new Error(`payments: ${problems.join('\n')}`);
  }

  const providerOf = (tenant: TenantConfig): ProviderConfig => {
    const config = configs.get(tenant.code);
    if (!config) throw new ApiError(503, 'payment_provider_unconfigured');
    return config;
  };

  async function start(sql: Sql, tenant: TenantConfig, input: StartPaymentInput): Promise<StartedPayment> {
    const provider = providerOf(tenant);
    const order = await orderOf(sql, input);
    // A new attempt supersedes a pending one (one pending payment per order).
    await cancelPendingOf(sql, order.column, order.id);
    const attempt = order.attempts + 1;
    const txnRef = `${order.reference.replace(/[^A-Za-z0-9]/g, '')}P${attempt}`;
    const origin = input.origin.replace(/\/+$/, '');
    const createdAt = paymentsClock.now();
    const { url, params } = buildPaymentUrl({
      payUrl: provider.payUrl ?? `${origin}${SANDBOX_PAY_PATH}`,
      tmnCode: provider.tmnCode,
      secret: provider.secret,
      amountVnd: input.amount,
      txnRef,
      orderInfo: input.orderInfo,
      locale: input.locale,
      returnUrl: `${origin}${RETURN_PATH}`,
      ipAddr: input.ipAddr,
      createdAt,
      expiresAt: input.expiresAt,
    });
    const inserted = await sql.query<{ payment_id: number }>(
      `INSERT INTO payments (${order.column}, provider, attempt, txn_ref, amount, order_info, create_date, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING payment_id::int AS payment_id`,
      [
        order.id,
        provider.provider,
        attempt,
        txnRef,
        input.amount,
        params.vnp_OrderInfo ?? '',
        params.vnp_CreateDate,
        input.expiresAt,
        createdAt,
      ],
    );
    const paymentId = Number(inserted.rows[0]!.payment_id);
    await recordEvent(sql, { paymentId, txnRef, kind: 'start', verified: true, outcome: 'pending', params });
    return { paymentId, txnRef, paymentUrl: url };
  }

  async function cancelPendingOf(sql: Sql, column: OrderColumn, id: number): Promise<void> {
    const { rows } = await sql.query<{ payment_id: number; txn_ref: string }>(
      `UPDATE payments SET status = ${PaymentStatus.Cancelled}, cancelled_at = $2, updated_at = $2
       WHERE ${column} = $1 AND status = ${PaymentStatus.Pending} RETURNING payment_id::int AS payment_id, txn_ref`,
      [id, paymentsClock.now()],
    );
    for (const row of rows) {
      await recordEvent(sql, {
        paymentId: row.payment_id,
        txnRef: row.txn_ref,
        kind: 'cancel',
        verified: true,
        outcome: 'cancelled',
        params: {},
      });
    }
  }
  const cancelPending = (sql: Sql, appointmentId: number) =>
    cancelPendingOf(sql, 'appointment_id', appointmentId);
  const cancelPendingPurchase = (sql: Sql, purchaseId: number) =>
    cancelPendingOf(sql, 'purchase_id', purchaseId);

  async function refund(sql: Sql, tenant: TenantConfig, input: RefundInput): Promise<RefundResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
      return { ok: false, code: 'invalid_refund_amount' };
    const payment = await lockPaidPayment(sql, input);
    if (!payment) return { ok: false, code: 'payment_not_found' };
    if (payment.refunded_amount + input.amount > payment.amount)
      return { ok: false, code: 'refund_exceeds_payment' };
    const provider = providerOf(tenant);
    if (provider.provider !== payment.provider) return { ok: false, code: 'payment_provider_changed' };
    const now = paymentsClock.now();
    const request = buildRefundRequest({
      tmnCode: provider.tmnCode,
      secret: provider.secret,
      requestId: randomBytes(8).toString('hex'),
      transactionType: payment.refunded_amount === 0 && input.amount === payment.amount ? '02' : '03',
      txnRef: payment.txn_ref,
      amountVnd: input.amount,
      transactionNo: payment.provider_txn_no ?? '0',
      transactionDate: payment.create_date,
      createBy: input.requestedBy.slice(0, 255) || 'system',
      createdAt: now,
      ipAddr: input.ipAddr ?? '127.0.0.1',
      orderInfo: input.reason || `Refund ${payment.txn_ref}`,
    });
    let reply: RefundReply;
    if (provider.apiUrl === null) {
      // Sandbox: no network; the bank side checks the request and signs its reply, and the reply is
      // checked with the same code as VNPay's.
      const raw = sandboxRefundReply(request, provider.secret, now);
      const verified = verifyPipeHash(provider.secret, REFUND_REPLY_HASH_FIELDS, raw);
      reply = verified
        ? { code: raw.vnp_ResponseCode ?? '', ok: raw.vnp_ResponseCode === '00', verified, raw }
        : { code: 'bad_signature', ok: false, verified, raw };
    } else {
      reply = await postRefund(provider.apiUrl, request, provider.secret);
    }
    await recordEvent(sql, {
      paymentId: payment.payment_id,
      txnRef: payment.txn_ref,
      kind: 'refund',
      verified: reply.verified,
      outcome: reply.code,
      params: { request, reply: reply.raw },
    });
    if (!reply.ok) return { ok: false, code: `refund_failed_${reply.code}` };
    await sql.query(
      `UPDATE payments SET status = ${PaymentStatus.Refunded}, refunded_amount = refunded_amount + $2, refunded_at = $3, updated_at = $3
       WHERE payment_id = $1`,
      [payment.payment_id, input.amount, now],
    );
    return { ok: true };
  }

  return { start, cancelPending, cancelPendingPurchase, refund, providerOf, problems };
}
