import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../tests/helpers/test-app';
import { loadEnv } from '../../config/env';
import { createPaymentService } from '../../services/payments/index';
import { loadTenantRegistry } from '../../tenancy/registry';
import { onTenant } from '../accounts/test-support';
import {
  appointment,
  callback,
  config,
  explodeFor,
  gateway,
  heldAppointment,
  ipn,
  JWT_SECRET,
  payment,
  settled,
  start,
  t,
  T,
  tenantsDir,
  usePaymentsWorld,
} from './payments-fixtures';

/**
 * Online payment on a real database: starting a payment, VNPay's IPN (every answer code, replays,
 * rollback) and the return URL. The sandbox bank page, refunds and CallDiriectCheckoutRequest are
 * in payments-bank.test.ts over the same world (payments-fixtures.ts).
 */
usePaymentsWorld();

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
