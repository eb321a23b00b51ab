import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRefund } from './client';
import { pipeHash, REFUND_REPLY_HASH_FIELDS } from './protocol';

/**
 * The merchant API's refund reply, faked at its boundary (a local HTTP server answering what the
 * test says): only a reply signed with the merchant's secret is believed.
 */
const SECRET = 'merchant-secret-for-tests';
let answer: Record<string, unknown> = {};
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/merchant_webapi/api/transaction`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const accepted = {
  vnp_ResponseId: 'r1',
  vnp_Command: 'refund',
  vnp_ResponseCode: '00',
  vnp_Message: 'Refund success',
  vnp_TmnCode: 'SKTEST01',
  vnp_TxnRef: 'SK1',
  vnp_Amount: '30000000',
  vnp_BankCode: 'NCB',
  vnp_PayDate: '20261127100000',
  vnp_TransactionNo: '14000001',
  vnp_TransactionType: '02',
  vnp_TransactionStatus: '05',
  vnp_OrderInfo: 'Hoan tien',
};
const signed = (reply: Record<string, unknown>, secret = SECRET) => ({
  ...reply,
  vnp_SecureHash: pipeHash(secret, REFUND_REPLY_HASH_FIELDS, reply),
});

describe('the refund reply of the VNPay merchant API', () => {
  it('believes an accepted reply signed with the merchant secret', async () => {
    answer = signed(accepted);
    expect(await postRefund(url, {}, SECRET)).toMatchObject({ ok: true, code: '00', verified: true });
  });

  it('refuses an unsigned "00" as unsigned, not verified', async () => {
    answer = accepted;
    expect(await postRefund(url, {}, SECRET)).toMatchObject({ ok: false, code: 'unsigned', verified: false });
    answer = { ...accepted, vnp_SecureHash: '' };
    expect(await postRefund(url, {}, SECRET)).toMatchObject({ ok: false, code: 'unsigned', verified: false });
  });

  it('refuses a reply signed with another secret, or changed after signing', async () => {
    answer = signed(accepted, 'someone-else');
    expect(await postRefund(url, {}, SECRET)).toMatchObject({
      ok: false,
      code: 'bad_signature',
      verified: false,
    });
    answer = { ...signed({ ...accepted, vnp_ResponseCode: '91' }), vnp_ResponseCode: '00' };
    expect(await postRefund(url, {}, SECRET)).toMatchObject({
      ok: false,
      code: 'bad_signature',
      verified: false,
    });
  });

  it('believes a signed refusal as a refusal', async () => {
    answer = signed({ ...accepted, vnp_ResponseCode: '94', vnp_Message: 'Duplicate' });
    expect(await postRefund(url, {}, SECRET)).toMatchObject({ ok: false, code: '94', verified: true });
  });
});
