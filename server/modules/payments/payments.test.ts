import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
const VNPAY_SECRET = 'saomai-vnpay-hash-secret-for-tests';

// saomai runs on VNPay (credentials from the environment, the secret through a _FILE), the others on
// the sandbox. A local server on 127.0.0.1 plays VNPay's merchant API for refunds.
const dir = mkdtempSync(path.join(tmpdir(), 'payments-test-'));
const tenantsDir = path.join(dir, 'tenants');
let fake: http.Server;
const refundCalls: Record<string, string>[] = [];
let refundAnswer = '00';

let t: TestApp;
let gateway: PaymentGateway;
/** The settlement the test instance hears (booking's handler stands in): one per verified IPN. */
const settled: PaymentSettlement[] = [];
const explodeFor = new Set<number>();
/** The same routes as the app's under /api/v1/t, with a settlement handler this test controls. */
const T = '/api/v1/t';

beforeAll(async () => {
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
      });
    },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake?.close(resolve));
  delete process.env.TEST_SAOMAI_VNP_TMN;
  delete process.env.TEST_SAOMAI_VNP_SECRET_FILE;
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  settled.length = 0;
  refundCalls.length = 0;
  refundAnswer = '00';
});

const config = (code: string) => t.registry.byCode.get(code)!.config;
let serial = 0;

/** An appointment held for online payment (PaymentInitiated), inserted directly. */
async function heldAppointment(code: string, amount: number): Promise<number> {
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

async function start(code: string, appointmentId: number, amount: number, locale: 'vi' | 'en' = 'vi') {
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
function callback(signer: string, txnRef: string, vnpAmount: number, rc = '00', ts = '00') {
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

async function ipn(host: string, query: string, prefix = T) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${prefix}/Payments/VnpayIpn?${query}`,
    headers: { host },
  });
  return { status: res.statusCode, body: res.json() as { RspCode: string; Message: string } };
}

const payment = async (code: string, appointmentId: number) =>
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
const appointment = async (code: string, id: number) =>
  (
    await onTenant<{ status: number; payment_status: number }>(
      t.db,
      code,
      'SELECT status, payment_status FROM appointments WHERE appointment_id = $1',
      [id],
    )
  )[0]!;

describe('start', () => {
  it('records a pending payment with a unique txn ref and a signed URL (VND x 100 once)', async () => {
    const id = await heldAppointment('saomai', 150000);
    const first = await start('saomai', id, 150000, 'en');
    const url = new URL(first.paymentUrl);
    expect(url.origin + url.pathname).toBe('https://pay.vnpay.test/paymentv2/vpcpay.html');
    expect(url.searchParams.get('vnp_Amount')).toBe('15000000');
    expect(url.searchParams.get('vnp_TmnCode')).toBe('SAOMAI01');
    expect(url.searchParams.get('vnp_ReturnUrl')).toBe('http://saomai.example/api/v1/Payments/VnpayReturn');
    expect(url.searchParams.get('vnp_OrderInfo')).toBe(`Thanh toan lich kham ${id}`);
    expect(url.searchParams.get('vnp_Locale')).toBe('en');
    expect(first.txnRef).toMatch(/^SA\d{6}P1$/);
    // A second attempt cancels the first and gets its own reference.
    const second = await start('saomai', id, 150000);
    expect(second.txnRef).toMatch(/P2$/);
    const rows = await onTenant<{ status: number }>(
      t.db,
      'saomai',
      'SELECT status FROM payments WHERE appointment_id = $1 ORDER BY attempt',
      [id],
    );
    expect(rows.map((r) => r.status)).toEqual([3, 1]);
    await t.db.tenant('saomai', (sql) => gateway.cancelPending(sql, id));
    expect((await payment('saomai', id)).status).toBe(3);
  });

  it('a vnpay tenant without credentials stops a production start and is reported elsewhere', () => {
    const registry = loadTenantRegistry({
      tenantsDir,
      themesDir: path.join(ROOT, 'themes'),
      defaultCode: 'songkhoe',
    });
    const prod = loadEnv({
      NODE_ENV: 'production',
      JWT_SECRET,
      DATABASE_URL: 'postgres://x/y',
      TENANTS_DIR: tenantsDir,
    });
    expect(() => createPaymentService({ env: prod, registry, source: {} })).toThrow(
      /saomai.*TEST_SAOMAI_VNP_TMN/,
    );
    const dev = loadEnv({ NODE_ENV: 'development', JWT_SECRET, TENANTS_DIR: tenantsDir });
    const service = createPaymentService({ env: dev, registry, source: {} });
    expect(service.problems.join()).toMatch(/TEST_SAOMAI_VNP_SECRET/);
    expect(() => service.providerOf(config('saomai'))).toThrow('payment_provider_unconfigured');
    expect(service.providerOf(config('songhong')).provider).toBe('sandbox');
  });
});

describe('VnpayIpn', () => {
  it('answers 97 on a bad signature, on the app route itself, and changes nothing', async () => {
    const id = await heldAppointment('songhong', 200000);
    const { txnRef } = await start('songhong', id, 200000);
    const tampered = callback('songhong', txnRef, 20000000).replace(
      'vnp_ResponseCode=00',
      'vnp_ResponseCode=24',
    );
    for (const prefix of [T, '/api/v1']) {
      const res = await ipn('songhong.example', tampered, prefix);
      expect(res).toEqual({ status: 200, body: { RspCode: '97', Message: 'Invalid signature' } });
    }
    expect((await ipn('songhong.example', 'vnp_TxnRef=x', '/api/v1')).body.RspCode).toBe('97');
    expect((await payment('songhong', id)).status).toBe(1);
    expect(settled).toEqual([]);
  });

  it('answers 01 for an unknown order, and for tenant A’s order sent to tenant B’s host', async () => {
    const id = await heldAppointment('songhong', 200000);
    const { txnRef } = await start('songhong', id, 200000);
    expect((await ipn('songhong.example', callback('songhong', 'NOPE1', 20000000), '/api/v1')).body).toEqual({
      RspCode: '01',
      Message: 'Order not found',
    });
    // Signed with B's own secret (a valid callback for B), but the order is A's: B does not see it.
    expect(
      (await ipn('songkhoe.example', callback('songkhoe', txnRef, 20000000), '/api/v1')).body.RspCode,
    ).toBe('01');
    // Signed with A's secret and sent to B: B cannot verify it.
    expect(
      (await ipn('songkhoe.example', callback('songhong', txnRef, 20000000), '/api/v1')).body.RspCode,
    ).toBe('97');
    expect((await payment('songhong', id)).status).toBe(1);
    const events = await onTenant<{ outcome: string }>(
      t.db,
      'songkhoe',
      'SELECT outcome FROM payment_events WHERE txn_ref = $1',
      [txnRef],
    );
    expect(events.map((e) => e.outcome).sort()).toEqual(['01', '97']);
  });

  it('answers 04 on a wrong amount (the payment fails), then 00 never follows', async () => {
    const id = await heldAppointment('songhong', 200000);
    const { txnRef, paymentId } = await start('songhong', id, 200000);
    // 200000 VND sent as if not multiplied (or multiplied twice): both wrong.
    expect((await ipn('songhong.example', callback('songhong', txnRef, 200000))).body.RspCode).toBe('04');
    expect((await payment('songhong', id)).status).toBe(4);
    expect(settled).toEqual([{ appointmentId: id, paymentId, outcome: 'failed' }]);
    expect((await ipn('songhong.example', callback('songhong', txnRef, 20000000000))).body.RspCode).toBe(
      '04',
    );
    expect((await ipn('songhong.example', callback('songhong', txnRef, 20000000))).body.RspCode).toBe('02');
    expect(settled).toHaveLength(1);
  });

  it('00: paid only when both codes are 00; a replayed IPN answers 02 and changes nothing', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef, paymentId } = await start('songhong', id, 150000);
    const query = callback('songhong', txnRef, 15000000);
    expect((await ipn('songhong.example', query)).body).toEqual({
      RspCode: '00',
      Message: 'Confirm Success',
    });
    const paid = await payment('songhong', id);
    expect(paid).toMatchObject({ status: 2, provider_txn_no: '14422574' });
    expect(paid.paid_at).not.toBeNull();
    expect(await appointment('songhong', id)).toEqual({ status: 4, payment_status: 2 });
    expect(settled).toEqual([{ appointmentId: id, paymentId, outcome: 'paid' }]);

    expect((await ipn('songhong.example', query)).body).toEqual({
      RspCode: '02',
      Message: 'Order already confirmed',
    });
    expect(await payment('songhong', id)).toEqual(paid);
    expect(settled).toHaveLength(1);
    const events = await onTenant<{ kind: string; outcome: string; verified: boolean }>(
      t.db,
      'songhong',
      'SELECT kind, outcome, verified FROM payment_events WHERE payment_id = $1 ORDER BY payment_event_id',
      [paymentId],
    );
    expect(events).toEqual([
      { kind: 'start', outcome: 'pending', verified: true },
      { kind: 'ipn', outcome: '00', verified: true },
      { kind: 'ipn', outcome: '02', verified: true },
    ]);
  });

  it('a response code 00 with transaction status other than 00 is a failed payment', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef, paymentId } = await start('songhong', id, 150000);
    expect(
      (await ipn('songhong.example', callback('songhong', txnRef, 15000000, '00', '02'))).body.RspCode,
    ).toBe('00');
    expect((await payment('songhong', id)).status).toBe(4);
    expect(settled).toEqual([{ appointmentId: id, paymentId, outcome: 'failed' }]);
  });

  it('99 when settling throws: everything rolls back and the IPN can be retried', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef } = await start('songhong', id, 150000);
    explodeFor.add(id);
    const query = callback('songhong', txnRef, 15000000);
    expect((await ipn('songhong.example', query)).body).toEqual({ RspCode: '99', Message: 'Unknown error' });
    expect((await payment('songhong', id)).status).toBe(1);
    explodeFor.delete(id);
    expect((await ipn('songhong.example', query)).body.RspCode).toBe('00');
    expect((await payment('songhong', id)).status).toBe(2);
  });

  it('records a late payment of a cancelled attempt instead of losing it', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef } = await start('songhong', id, 150000);
    await t.db.tenant('songhong', (sql) => gateway.cancelPending(sql, id));
    expect(
      (await ipn('songhong.example', callback('songhong', txnRef, 15000000, '24', '02'))).body.RspCode,
    ).toBe('02');
    expect((await ipn('songhong.example', callback('songhong', txnRef, 15000000))).body.RspCode).toBe('00');
    expect((await payment('songhong', id)).status).toBe(2);
  });

  it('is in the OpenAPI document with its query and reply schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const op = doc.paths['/api/v1/Payments/VnpayIpn'].get;
    const names = op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(
      expect.arrayContaining(['query:vnp_TxnRef', 'query:vnp_Amount', 'query:vnp_SecureHash']),
    );
    const schema = op.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['RspCode', 'Message']);
  });
});

describe('VnpayReturn', () => {
  it('verifies, never settles, and redirects to the confirmation page with the stored state', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef } = await start('songhong', id, 150000);
    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/Payments/VnpayReturn?${query}`,
        headers: { host: 'songhong.example' },
      });
      return [res.statusCode, res.headers.location];
    };
    // The bank says 00 but no IPN came yet: pending, and nothing is settled by the browser.
    expect(await get(callback('songhong', txnRef, 15000000))).toEqual([
      302,
      `/appointment-confirmed/${id}?payment=pending`,
    ]);
    expect((await payment('songhong', id)).status).toBe(1);
    expect(await get(callback('songhong', txnRef, 15000000, '24', '02'))).toEqual([
      302,
      `/appointment-confirmed/${id}?payment=failed`,
    ]);
    const forged = callback('songhong', txnRef, 15000000).replace(
      /vnp_SecureHash=[0-9a-f]+/,
      `vnp_SecureHash=${'0'.repeat(128)}`,
    );
    expect(await get(forged)).toEqual([302, `/appointment-confirmed/${id}?payment=invalid`]);
    expect(await get(callback('songhong', 'NOPE2', 15000000))).toEqual([
      302,
      '/me/appointments-list/?payment=invalid',
    ]);
    await ipn('songhong.example', callback('songhong', txnRef, 15000000));
    expect(await get(callback('songhong', txnRef, 15000000))).toEqual([
      302,
      `/appointment-confirmed/${id}?payment=success`,
    ]);
  });
});

describe('sandbox bank page', () => {
  const page = async (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
  /** The hidden fields and buttons of the page's form. */
  const formOf = (html: string) => {
    const fields: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields[m[1]!] = m[2]!
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>');
    }
    return fields;
  };
  const post = (host: string, fields: Record<string, string>, action: string, prefix = T) =>
    t.app.inject({
      method: 'POST',
      url: `${prefix}/Payments/SandboxPay`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, action }).toString(),
    });

  it('shows the order in the tenant language, under the CSP, with three choices', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { paymentUrl, txnRef } = await start('songhong', id, 150000, 'vi');
    const url = new URL(paymentUrl);
    expect(url.pathname).toBe('/api/v1/Payments/SandboxPay');
    const res = await page('songhong.example', url.pathname + url.search);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const html = res.body;
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('Cổng thanh toán thử nghiệm');
    expect(html).toContain(config('songhong').name.vi);
    expect(html).toMatch(/150\.000\s*₫/);
    expect(html).toContain(txnRef);
    expect(html).not.toMatch(/<script|style=/);
    expect(html).toContain('<link rel="stylesheet" href="/theme.css">');
    for (const action of ['approve', 'decline', 'expire'])
      expect(html).toContain(`name="action" value="${action}"`);
    const css = await page('songhong.example', '/api/v1/Payments/SandboxPay/bank.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);

    const en = await start('songhong', await heldAppointment('songhong', 99000), 99000, 'en');
    const enUrl = new URL(en.paymentUrl);
    const enHtml = (await page('songhong.example', enUrl.pathname + enUrl.search)).body;
    expect(enHtml).toContain('<html lang="en">');
    expect(enHtml).toContain('Sandbox payment gateway');

    // A tampered amount is refused by the same verification code.
    const tampered = (
      await page(
        'songhong.example',
        (url.pathname + url.search).replace('vnp_Amount=15000000', 'vnp_Amount=100'),
      )
    ).statusCode;
    expect(tampered).toBe(400);
  });

  it('approve: the signed IPN settles the payment, then the browser returns to a success page', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { paymentUrl, paymentId } = await start('songhong', id, 150000);
    const url = new URL(paymentUrl);
    const fields = formOf((await page('songhong.example', url.pathname + url.search)).body);
    const res = await post('songhong.example', fields, 'approve');
    expect(res.statusCode).toBe(303);
    expect(settled).toEqual([{ appointmentId: id, paymentId, outcome: 'paid' }]);
    expect((await payment('songhong', id)).status).toBe(2);
    const back = new URL(res.headers.location as string);
    expect(back.origin + back.pathname).toBe('http://songhong.example/api/v1/Payments/VnpayReturn');
    expect(back.searchParams.get('vnp_ResponseCode')).toBe('00');
    const ret = await page('songhong.example', back.pathname + back.search);
    expect(ret.headers.location).toBe(`/appointment-confirmed/${id}?payment=success`);
    // Posting the same form again is a replayed IPN: nothing changes.
    await post('songhong.example', fields, 'approve');
    expect(settled).toHaveLength(1);
  });

  it('decline: the payment fails and the browser lands on the failed page; expire sends nothing', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { paymentUrl, paymentId } = await start('songhong', id, 150000);
    const url = new URL(paymentUrl);
    const fields = formOf((await page('songhong.example', url.pathname + url.search)).body);
    const res = await post('songhong.example', fields, 'decline');
    expect(settled).toEqual([{ appointmentId: id, paymentId, outcome: 'failed' }]);
    expect(await appointment('songhong', id)).toEqual({ status: 3, payment_status: 4 });
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get('vnp_ResponseCode')).toBe('24');
    expect((await page('songhong.example', back.pathname + back.search)).headers.location).toBe(
      `/appointment-confirmed/${id}?payment=failed`,
    );

    const other = await heldAppointment('songhong', 80000);
    const second = await start('songhong', other, 80000);
    const u2 = new URL(second.paymentUrl);
    const leave = await post(
      'songhong.example',
      formOf((await page('songhong.example', u2.pathname + u2.search)).body),
      'expire',
    );
    expect([leave.statusCode, leave.headers.location]).toEqual([
      303,
      `/appointment-confirmed/${other}?payment=pending`,
    ]);
    expect((await payment('songhong', other)).status).toBe(1);
    // Forged form fields are refused.
    const forged = await post('songhong.example', { ...fields, vnp_Amount: '100' }, 'approve');
    expect(forged.statusCode).toBe(400);
  });

  it('through the app’s own routes, booking’s settlement books or releases the appointment', async () => {
    for (const [action, expected] of [
      ['approve', { status: 4, payment_status: 2 }],
      ['decline', { status: 3, payment_status: 4 }],
    ] as const) {
      const id = await heldAppointment('songhong', 120000);
      const { paymentUrl } = await start('songhong', id, 120000);
      const url = new URL(paymentUrl);
      const fields = formOf((await page('songhong.example', url.pathname + url.search)).body);
      const res = await post('songhong.example', fields, action, '/api/v1');
      expect(res.statusCode).toBe(303);
      expect(await appointment('songhong', id)).toEqual(expected);
      expect((await payment('songhong', id)).status).toBe(action === 'approve' ? 2 : 4);
    }
    expect(settled).toEqual([]);
  });

  it('does not exist for a vnpay tenant', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { paymentUrl } = await start('songhong', id, 150000);
    const url = new URL(paymentUrl);
    for (const res of [
      await page('saomai.example', url.pathname + url.search),
      await page('saomai.example', '/api/v1/Payments/SandboxPay/bank.css'),
      await post('saomai.example', {}, 'approve', '/api/v1'),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('refund', () => {
  it('sandbox: verified through the same code, partial refunds add up, never beyond the amount', async () => {
    const id = await heldAppointment('songhong', 150000);
    const { txnRef } = await start('songhong', id, 150000);
    await ipn('songhong.example', callback('songhong', txnRef, 15000000));
    const refund = (amount: number) =>
      t.db.tenant('songhong', (sql) =>
        gateway.refund(sql, config('songhong'), {
          appointmentId: id,
          amount,
          reason: 'Hủy lịch',
          requestedBy: 'user 1',
        }),
      );
    expect(await refund(50000)).toEqual({ ok: true });
    expect(await payment('songhong', id)).toMatchObject({ status: 5, refunded_amount: 50000 });
    expect(await refund(100001)).toEqual({ ok: false, code: 'refund_exceeds_payment' });
    expect(await refund(100000)).toEqual({ ok: true });
    expect((await payment('songhong', id)).refunded_amount).toBe(150000);
    const events = await onTenant<{
      outcome: string;
      verified: boolean;
      params: { request: Record<string, string> };
    }>(
      t.db,
      'songhong',
      "SELECT outcome, verified, params FROM payment_events WHERE kind = 'refund' AND txn_ref = $1 ORDER BY payment_event_id",
      [txnRef],
    );
    expect(events.map((e) => [e.outcome, e.verified, e.params.request.vnp_TransactionType])).toEqual([
      ['00', true, '03'],
      ['00', true, '03'],
    ]);
    expect(refundCalls).toEqual([]);
    const unpaid = await heldAppointment('songhong', 1000);
    expect(
      await t.db.tenant('songhong', (sql) =>
        gateway.refund(sql, config('songhong'), {
          appointmentId: unpaid,
          amount: 1000,
          reason: 'x',
          requestedBy: 'system',
        }),
      ),
    ).toEqual({ ok: false, code: 'payment_not_found' });
  });

  it('vnpay: POSTs the documented JSON with the pipe-joined hash to the merchant API', async () => {
    const id = await heldAppointment('saomai', 250000);
    const { txnRef } = await start('saomai', id, 250000);
    const [{ create_date }] = (await onTenant<{ create_date: string }>(
      t.db,
      'saomai',
      'SELECT create_date FROM payments WHERE txn_ref = $1',
      [txnRef],
    )) as [{ create_date: string }];
    expect((await ipn('saomai.example', callback('saomai', txnRef, 25000000))).body.RspCode).toBe('00');
    const result = await t.db.tenant('saomai', (sql) =>
      gateway.refund(sql, config('saomai'), {
        appointmentId: id,
        amount: 250000,
        reason: 'Hoàn tiền lịch khám',
        requestedBy: 'user 7',
        ipAddr: '198.51.100.4',
      }),
    );
    expect(result).toEqual({ ok: true });
    expect(refundCalls).toHaveLength(1);
    const body = refundCalls[0]!;
    expect(body).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'refund',
      vnp_TmnCode: 'SAOMAI01',
      vnp_TransactionType: '02',
      vnp_TxnRef: txnRef,
      vnp_Amount: '25000000',
      vnp_TransactionNo: '14422574',
      vnp_TransactionDate: create_date,
      vnp_CreateBy: 'user 7',
      vnp_IpAddr: '198.51.100.4',
      vnp_OrderInfo: 'Hoan tien lich kham',
    });
    expect(body.vnp_RequestId).toMatch(/^[0-9a-f]{16}$/);
    expect(body.vnp_CreateDate).toMatch(/^\d{14}$/);
    const piped = [
      body.vnp_RequestId,
      '2.1.0',
      'refund',
      'SAOMAI01',
      '02',
      txnRef,
      '25000000',
      '14422574',
      create_date,
      'user 7',
      body.vnp_CreateDate,
      '198.51.100.4',
      'Hoan tien lich kham',
    ].join('|');
    expect(body.vnp_SecureHash).toBe(createHmac('sha512', VNPAY_SECRET).update(piped).digest('hex'));
    expect((await payment('saomai', id)).status).toBe(5);

    // VNPay refuses: nothing changes, the caller gets the provider's code.
    const other = await heldAppointment('saomai', 90000);
    const second = await start('saomai', other, 90000);
    await ipn('saomai.example', callback('saomai', second.txnRef, 9000000));
    refundAnswer = '94';
    expect(
      await t.db.tenant('saomai', (sql) =>
        gateway.refund(sql, config('saomai'), {
          appointmentId: other,
          amount: 40000,
          reason: 'x',
          requestedBy: 'system',
        }),
      ),
    ).toEqual({ ok: false, code: 'refund_failed_94' });
    expect(refundCalls.at(-1)!.vnp_TransactionType).toBe('03');
    expect((await payment('saomai', other)).status).toBe(2);
  });
});

describe('CallDiriectCheckoutRequest', () => {
  const call = async (body: unknown, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Payments/CallDiriectCheckoutRequest',
      headers: { host: 'songhong.example', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: body as object,
    });
    return {
      status: res.statusCode,
      code: res.json().codeMessageRespond as string,
      errors: res.json().errors,
    };
  };

  it('needs a user, validates, and says honestly that there is nothing to pay for yet', async () => {
    const userId = await createUser(t.db, 'songhong', { email: 'caller@example.com' });
    const token = await t.app.issueAccessToken({ userId, tenant: 'songhong', deviceId: 'd' });
    expect((await call({ packageId: 1 })).status).toBe(401);
    expect(await call({ packageId: 'x' }, token)).toMatchObject({ status: 400, errors: ['select_package'] });
    expect(await call({ packageId: 999 }, token)).toMatchObject({ status: 404, code: 'package_not_found' });
    const [pkg] = await onTenant<{ id: number }>(
      t.db,
      'songhong',
      `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes, price)
       VALUES ('Gói', 'Package', 5, 12, 15, 500000) RETURNING membership_package_id AS id`,
    );
    expect(await call({ packageId: pkg!.id }, token)).toMatchObject({
      status: 409,
      code: 'direct_call_checkout_unavailable',
    });
    // Another tenant's package does not exist here.
    const [other] = await onTenant<{ id: number }>(
      t.db,
      'songkhoe',
      `INSERT INTO membership_packages (name_vi, name_en, number_of_calls, validity_months, call_duration_minutes, price)
       VALUES ('Gói', 'Package', 5, 12, 15, 500000) RETURNING membership_package_id AS id`,
    );
    expect(await call({ packageId: other!.id }, token)).toMatchObject({
      status: 404,
      code: 'package_not_found',
    });
  });
});
