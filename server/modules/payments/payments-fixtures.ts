import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp, ROOT, type TestApp } from '../../../tests/helpers/test-app';
import { loadEnv } from '../../config/env';
import type { Database } from '../../db/database';
import {
  createPaymentService,
  signParams,
  type PaymentGateway,
  type PaymentSettlement,
} from '../../services/payments/index';
import { loadTenantRegistry } from '../../tenancy/registry';
import { createUser, onTenant } from '../accounts/test-support';
import { paymentsRoutes } from './routes';

/**
 * The payments tests' world: saomai on VNPay (credentials from the environment, the secret through
 * a _FILE), the others on the sandbox, a local server on 127.0.0.1 playing VNPay's merchant API for
 * refunds, and the payments routes mounted again under /api/v1/t with a settlement handler the
 * tests control. `usePaymentsWorld()` registers the hooks; `t` and `gateway` are live bindings.
 */

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const VNPAY_SECRET = 'saomai-vnpay-hash-secret-for-tests';

// saomai runs on VNPay (credentials from the environment, the secret through a _FILE), the others on
// the sandbox. A local server on 127.0.0.1 plays VNPay's merchant API for refunds.
const dir = mkdtempSync(path.join(tmpdir(), 'payments-test-'));
export const tenantsDir = path.join(dir, 'tenants');
let fake: http.Server;
export const refundCalls: Record<string, string>[] = [];
let refundAnswer = '00';
/** What the fake merchant API answers to the next refunds (reset to '00' before each test). */
export const setRefundAnswer = (code: string) => {
  refundAnswer = code;
};

export let t: TestApp;
export let gateway: PaymentGateway;
/** The settlement the test instance hears (booking's handler stands in): one per verified IPN. */
export const settled: PaymentSettlement[] = [];
export const explodeFor = new Set<number>();
/** The same routes as the app's under /api/v1/t, with a settlement handler this test controls. */
export const T = '/api/v1/t';

export function usePaymentsWorld(): void {
  beforeAll(setUp);
  afterAll(tearDown);
  beforeEach(() => {
    settled.length = 0;
    refundCalls.length = 0;
    refundAnswer = '00';
  });
}

async function setUp(): Promise<void> {
  fake = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const request = JSON.parse(body) as Record<string, string>;
      refundCalls.push(request);
      const reply: Record<string, string> = {
        vnp_ResponseId: 'R1',
        vnp_Command: 'refund',
        vnp_ResponseCode: refundAnswer,
        vnp_Message: 'ok',
        vnp_TmnCode: request.vnp_TmnCode!,
        vnp_TxnRef: request.vnp_TxnRef!,
        vnp_Amount: request.vnp_Amount!,
        vnp_BankCode: 'NCB',
        vnp_PayDate: '20260101000000',
        vnp_TransactionNo: request.vnp_TransactionNo!,
        vnp_TransactionType: request.vnp_TransactionType!,
        vnp_TransactionStatus: '05',
        vnp_OrderInfo: request.vnp_OrderInfo!,
      };
      const piped = [
        'vnp_ResponseId',
        'vnp_Command',
        'vnp_ResponseCode',
        'vnp_Message',
        'vnp_TmnCode',
        'vnp_TxnRef',
        'vnp_Amount',
        'vnp_BankCode',
        'vnp_PayDate',
        'vnp_TransactionNo',
        'vnp_TransactionType',
        'vnp_TransactionStatus',
        'vnp_OrderInfo',
      ]
        .map((k) => reply[k])
        .join('|');
      reply.vnp_SecureHash = createHmac('sha512', VNPAY_SECRET).update(piped).digest('hex');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;

  cpSync(path.join(ROOT, 'tenants'), tenantsDir, { recursive: true });
  const file = path.join(tenantsDir, 'saomai', 'tenant.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  config.payments = {
    provider: 'vnpay',
    vnpay: {
      tmnCodeEnv: 'TEST_SAOMAI_VNP_TMN',
      hashSecretEnv: 'TEST_SAOMAI_VNP_SECRET',
      payUrl: 'https://pay.vnpay.test/paymentv2/vpcpay.html',
      apiUrl: `http://127.0.0.1:${port}/merchant_webapi/api/transaction`,
    },
  };
  writeFileSync(file, JSON.stringify(config));
  writeFileSync(path.join(dir, 'vnp-secret'), `${VNPAY_SECRET}\n`);
  process.env.TEST_SAOMAI_VNP_TMN = 'SAOMAI01';
  process.env.TEST_SAOMAI_VNP_SECRET_FILE = path.join(dir, 'vnp-secret');

  const env = loadEnv({ NODE_ENV: 'test', JWT_SECRET, TENANTS_DIR: tenantsDir });
  const registry = loadTenantRegistry({
    tenantsDir,
    themesDir: path.join(ROOT, 'themes'),
    defaultCode: 'songkhoe',
  });
  gateway = createPaymentService({ env, registry });
  const db = {
    tenant: (code: string, fn: Parameters<Database['tenant']>[1]) => t.db.tenant(code, fn),
  } as unknown as Database;
  t = await createTestApp({
    env: { TENANTS_DIR: tenantsDir, JWT_SECRET },
    extend: async (app) => {
      await app.register(paymentsRoutes, {
        prefix: T,
        db,
        payments: gateway,
        onSettled: async (sql, tenant, settlement) => {
          if (explodeFor.has(settlement.appointmentId)) throw new Error('settlement failed');
          settled.push(settlement);
          await sql.query(
            'UPDATE appointments SET status = $2, payment_status = $3, hold_expires_at = NULL WHERE appointment_id = $1',
            [settlement.appointmentId, ...(settlement.outcome === 'paid' ? [4, 2] : [3, 4])],
          );
        },
        // These tests pay appointments only (purchases have their own tests).
        onPurchaseSettled: () => Promise.reject(new Error('no purchase in the payments tests')),
      });
    },
  });
}

async function tearDown(): Promise<void> {
  await t?.close();
  await new Promise((resolve) => fake?.close(resolve));
  delete process.env.TEST_SAOMAI_VNP_TMN;
  delete process.env.TEST_SAOMAI_VNP_SECRET_FILE;
  rmSync(dir, { recursive: true, force: true });
}

export const config = (code: string) => t.registry.byCode.get(code)!.config;
let serial = 0;

/** An appointment held for online payment (PaymentInitiated), inserted directly. */
export async function heldAppointment(code: string, amount: number): Promise<number> {
  serial += 1;
  const userId = await createUser(t.db, code, { email: `payer${serial}@example.com` });
  const [patient] = await onTenant<{ id: number }>(
    t.db,
    code,
    'INSERT INTO patients (user_id, is_self, full_name) VALUES ($1, true, $2) RETURNING patient_id AS id',
    [userId, 'Nguyễn Văn An'],
  );
  const [doctor] = await onTenant<{ id: number }>(
    t.db,
    code,
    `INSERT INTO doctors (full_name, gender) VALUES ('Đặng Thị Hồng', 'F') RETURNING doctor_id AS id`,
  );
  const start = new Date(Date.UTC(2030, 0, 1, 2, 0) + serial * 3_600_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const [slot] = await onTenant<{ id: string }>(
    t.db,
    code,
    `INSERT INTO doctor_slots (doctor_id, starts_at, ends_at, time_slot, booked_count) VALUES ($1, $2, $3, 0, 1)
     RETURNING slot_id AS id`,
    [doctor!.id, start, end],
  );
  const [appointment] = await onTenant<{ id: string }>(
    t.db,
    code,
    `INSERT INTO appointments (appointment_number, user_id, patient_id, doctor_id, slot_id, service_type_id,
       starts_at, ends_at, local_date, status, payment_status, payment_method, price, final_price, hold_expires_at)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, 1, 1, 1, $9, $9, $10) RETURNING appointment_id AS id`,
    [
      `${code.slice(0, 2).toUpperCase()}-${String(serial).padStart(6, '0')}`,
      userId,
      patient!.id,
      doctor!.id,
      slot!.id,
      start,
      end,
      start.toISOString().slice(0, 10),
      amount,
      new Date(Date.now() + 10 * 60_000),
    ],
  );
  return Number(appointment!.id);
}

export async function start(code: string, appointmentId: number, amount: number, locale: 'vi' | 'en' = 'vi') {
  return t.db.tenant(code, (sql) =>
    gateway.start(sql, config(code), {
      appointmentId,
      amount,
      orderInfo: `Thanh toán lịch khám ${appointmentId}`,
      ipAddr: '203.0.113.7',
      expiresAt: new Date(Date.now() + 10 * 60_000),
      locale,
      origin: `http://${code}.example`,
    }),
  );
}

/** What VNPay (or the sandbox bank) sends: signed with the given tenant's secret. */
export function callback(signer: string, txnRef: string, vnpAmount: number, rc = '00', ts = '00') {
  const params: Record<string, string> = {
    vnp_Amount: String(vnpAmount),
    vnp_BankCode: 'NCB',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan',
    vnp_PayDate: '20300101090000',
    vnp_ResponseCode: rc,
    vnp_TmnCode: gateway.providerOf(config(signer)).tmnCode,
    vnp_TransactionNo: '14422574',
    vnp_TransactionStatus: ts,
    vnp_TxnRef: txnRef,
  };
  const { query, hash } = signParams(gateway.providerOf(config(signer)).secret, params);
  return `${query}&vnp_SecureHash=${hash}`;
}

export async function ipn(host: string, query: string, prefix = T) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${prefix}/Payments/VnpayIpn?${query}`,
    headers: { host },
  });
  return { status: res.statusCode, body: res.json() as { RspCode: string; Message: string } };
}

export const payment = async (code: string, appointmentId: number) =>
  (
    await onTenant<{
      status: number;
      provider_txn_no: string | null;
      paid_at: Date | null;
      refunded_amount: number;
    }>(
      t.db,
      code,
      'SELECT status, provider_txn_no, paid_at, refunded_amount FROM payments WHERE appointment_id = $1 ORDER BY payment_id DESC LIMIT 1',
      [appointmentId],
    )
  )[0]!;
export const appointment = async (code: string, id: number) =>
  (
    await onTenant<{ status: number; payment_status: number }>(
      t.db,
      code,
      'SELECT status, payment_status FROM appointments WHERE appointment_id = $1',
      [id],
    )
  )[0]!;
