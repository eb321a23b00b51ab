import { PaymentStatus } from '../../../schemas/codes';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { paths } from '../../../schemas/paths';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import {
  canonicalQuery,
  parseVnpDate,
  paymentByTxnRef,
  paymentsClock,
  recordEvent,
  sandboxCallback,
  verifyParams,
  vnpOnly,
  type PaymentGateway,
  type SandboxDecision,
  type SettlementHandler,
  type PaymentRow,
  type PurchaseSettlementHandler,
} from '../../services/payments/index';
import { IPN, processIpn, verifyCallback } from './ipn';
import { BANK_CSS, renderSandboxError, renderSandboxPage } from './sandbox-page';

export interface PaymentsRoutesOptions {
  db: Database;
  payments: PaymentGateway;
  /** Booking's settlement (appointments module's settleAppointmentPayment). */
  onSettled: SettlementHandler;
  /** The purchases module's settlement (settlePurchasePayment). */
  onPurchaseSettled: PurchaseSettlementHandler;
}

const vnpString = (description: string) => Type.Optional(Type.String({ maxLength: 2000, description }));
/** What VNPay sends to the IPN and the return URL (all text; the signature covers every vnp_ field). */
export const VnpayCallbackQuery = Type.Object(
  {
    vnp_TmnCode: vnpString('Terminal code'),
    vnp_Amount: vnpString('Amount in VND x 100'),
    vnp_BankCode: vnpString('Bank code'),
    vnp_BankTranNo: vnpString('Bank transaction number'),
    vnp_CardType: vnpString('Card type'),
    vnp_PayDate: vnpString('Payment time, yyyyMMddHHmmss GMT+7'),
    vnp_OrderInfo: vnpString('Order info'),
    vnp_TransactionNo: vnpString('VNPay transaction number'),
    vnp_ResponseCode: vnpString('00 = success'),
    vnp_TransactionStatus: vnpString('00 = success'),
    vnp_TxnRef: vnpString('Merchant order reference'),
    vnp_SecureHashType: vnpString('Hash type (ignored)'),
    vnp_SecureHash: vnpString('HMAC-SHA512 of the other vnp_ fields, sorted and form-urlencoded'),
  },
  { additionalProperties: true },
);
export const IpnReply = Type.Object(
  {
    RspCode: Type.String({
      description:
        '00 confirmed, 01 order not found, 02 already confirmed, 04 invalid amount, 97 invalid signature, 99 unknown error',
    }),
    Message: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * Where the web app shows the outcome of a payment: the booking's confirmation page, or the
 * purchase's result page (membership success or failure).
 */
const confirmedPage = (
  payment: Pick<PaymentRow, 'appointment_id' | 'purchase_id'>,
  outcome: 'success' | 'failed' | 'pending' | 'invalid',
) =>
  payment.purchase_id !== null
    ? `${paths.purchaseResult(payment.purchase_id)}?payment=${outcome}`
    : `/appointment-confirmed/${payment.appointment_id}?payment=${outcome}`;

/**
 * Payments: VNPay's IPN (server to server, the only source of truth) and return URL, the sandbox
 * bank page (sandbox tenants only). Checkouts live with what they sell (booking, purchases).
 */
export const paymentsRoutes: FastifyPluginAsyncTypebox<PaymentsRoutesOptions> = async (app, options) => {
  const { db, payments } = options;
  const tags = ['payments'];
  const ipnDeps = { ...options, log: app.log };

  // The sandbox page posts an HTML form; this parser exists only inside this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    '/Payments/VnpayIpn',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'VNPay IPN (server to server): verifies, records and settles a payment; answers {RspCode, Message}',
        querystring: VnpayCallbackQuery,
        response: { 200: IpnReply },
      },
    },
    async (request) => {
      if (request.validationError) return IPN.invalidSignature;
      return processIpn(ipnDeps, request.tenant, request.query as Record<string, unknown>);
    },
  );

  app.get(
    '/Payments/VnpayReturn',
    {
      attachValidation: true,
      schema: {
        tags,
        summary:
          'VNPay return URL (the browser): verifies and redirects to the confirmation page; never settles',
        querystring: VnpayCallbackQuery,
        // Every answer is a redirect (a bad or unknown return included): the browser is sent on.
        response: { 302: { type: 'null', description: 'Redirect to the payment result page' } },
      },
    },
    async (request, reply) => {
      const params = request.validationError ? {} : vnpOnly(request.query as Record<string, unknown>);
      const verified = verifyCallback(payments, request.tenant, params);
      const txnRef = params.vnp_TxnRef ?? '';
      const payment = await db.tenant(request.tenant.config.code, async (sql) => {
        const found = txnRef ? await paymentByTxnRef(sql, txnRef) : null;
        await recordEvent(sql, {
          paymentId: found?.payment_id ?? null,
          txnRef,
          kind: 'return',
          verified,
          outcome: !found ? 'unknown_order' : verified ? `status_${found.status}` : 'invalid',
          params,
        });
        return found;
      });
      if (!payment) return reply.redirect('/me/appointments-list/?payment=invalid', 302);
      // The IPN is the truth: the page shows the payment's state, never what the browser carried.
      const outcome = !verified
        ? 'invalid'
        : payment.status === PaymentStatus.Completed
          ? 'success'
          : payment.status === PaymentStatus.Pending && params.vnp_ResponseCode === '00'
            ? 'pending'
            : 'failed';
      return reply.redirect(confirmedPage(payment, outcome), 302);
    },
  );

  // --- Sandbox bank (tenants whose provider is sandbox; absent for a vnpay tenant) ---
  const sandboxSecret = (request: { tenant: { config: Parameters<PaymentGateway['providerOf']>[0] } }) => {
    const tenant = request.tenant.config;
    if (tenant.payments.provider !== 'sandbox') throw new ApiError(404, 'not_found');
    return payments.providerOf(tenant).secret;
  };

  app.get('/Payments/SandboxPay/bank.css', { schema: { hide: true } }, async (request, reply) => {
    sandboxSecret(request);
    return reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(BANK_CSS);
  });

  app.get(
    '/Payments/SandboxPay',
    { schema: { hide: true, querystring: Type.Object({}, { additionalProperties: true }) } },
    async (request, reply) => {
      const secret = sandboxSecret(request);
      const params = vnpOnly(request.query as Record<string, unknown>);
      const lang = params.vnp_Locale === 'en' ? 'en' : 'vi';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!verifyParams(secret, params) || params.vnp_Command !== 'pay') {
        return reply.status(400).send(renderSandboxError(lang));
      }
      const tenant = request.tenant.config;
      const expiresAt = parseVnpDate(params.vnp_ExpireDate ?? '');
      return reply.send(
        renderSandboxPage({
          lang,
          merchant: tenant.name[lang] || tenant.name.vi || tenant.code,
          amountVnd: Number(params.vnp_Amount) / 100,
          orderInfo: params.vnp_OrderInfo ?? '',
          txnRef: params.vnp_TxnRef ?? '',
          expiresAt,
          expired: expiresAt !== null && expiresAt <= paymentsClock.now(),
          params,
          timeZone: tenant.booking.timeZone,
        }),
      );
    },
  );

  app.post(
    '/Payments/SandboxPay',
    {
      schema: {
        hide: true,
        body: Type.Object(
          { action: Type.Union([Type.Literal('approve'), Type.Literal('decline'), Type.Literal('expire')]) },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      const secret = sandboxSecret(request);
      const body = request.body as Record<string, unknown> & { action: SandboxDecision | 'expire' };
      const pay = vnpOnly(body);
      const lang = pay.vnp_Locale === 'en' ? 'en' : 'vi';
      if (!verifyParams(secret, pay) || pay.vnp_Command !== 'pay') {
        return reply.status(400).type('text/html; charset=utf-8').send(renderSandboxError(lang));
      }
      const expiresAt = parseVnpDate(pay.vnp_ExpireDate ?? '');
      const now = paymentsClock.now();
      if (body.action === 'expire' || (expiresAt !== null && expiresAt <= now)) {
        // Leaving the bank: nothing is sent; the hold lapses on its own.
        const payment = await db.tenant(request.tenant.config.code, (sql) =>
          paymentByTxnRef(sql, pay.vnp_TxnRef ?? ''),
        );
        return reply.redirect(payment ? confirmedPage(payment, 'pending') : '/', 303);
      }
      // Approve/decline: the bank's signed IPN goes through the real IPN code first, then the browser
      // goes to the signed return URL, as VNPay does.
      const callback = sandboxCallback(pay, body.action, secret, now);
      await processIpn(ipnDeps, request.tenant, callback);
      const returnUrl = pay.vnp_ReturnUrl ?? '/';
      const { vnp_SecureHash: hash, ...rest } = callback;
      return reply.redirect(`${returnUrl}?${canonicalQuery(rest)}&vnp_SecureHash=${hash}`, 303);
    },
  );
};
