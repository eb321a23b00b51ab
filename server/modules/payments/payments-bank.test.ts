import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onDataChanged } from '../../lib/response-cache';
import { onTenant } from '../accounts/test-support';
import {
  appointment,
  callback,
  config,
  gateway,
  heldAppointment,
  ipn,
  payment,
  refundCalls,
  setRefundAnswer,
  settled,
  start,
  t,
  T,
  usePaymentsWorld,
  VNPAY_SECRET,
} from './payments-fixtures';

/**
 * The sandbox bank page (the same signed protocol as VNPay) and refunds on both providers, on a
 * real database (world: payments-fixtures.ts). Checkouts of packages: purchases/purchases.test.ts.
 */
usePaymentsWorld();

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
    // A released slot is announced, so that cached lists and doctor cards show it free at once.
    const announced: string[] = [];
    const stop = onDataChanged((tenant, scope) => announced.push(`${tenant} ${scope}`));
    try {
      for (const [action, expected, announces] of [
        ['approve', { status: 4, payment_status: 2 }, []],
        ['decline', { status: 3, payment_status: 4 }, ['songhong availability']],
      ] as const) {
        const id = await heldAppointment('songhong', 120000);
        const { paymentUrl } = await start('songhong', id, 120000);
        const url = new URL(paymentUrl);
        const fields = formOf((await page('songhong.example', url.pathname + url.search)).body);
        announced.length = 0;
        const res = await post('songhong.example', fields, action, '/api/v1');
        expect(res.statusCode).toBe(303);
        expect(await appointment('songhong', id)).toEqual(expected);
        expect((await payment('songhong', id)).status).toBe(action === 'approve' ? 2 : 4);
        expect(announced, action).toEqual(announces);
      }
    } finally {
      stop();
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
    setRefundAnswer('94');
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
