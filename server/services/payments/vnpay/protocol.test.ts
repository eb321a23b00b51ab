import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildPaymentUrl,
  buildRefundRequest,
  canonicalQuery,
  parseVnpDate,
  plainOrderInfo,
  toVnpAmount,
  verifyParams,
  vnpDate,
} from './protocol';

// Published fixtures of the maintained `vnpay` npm package (github.com/lehuygiang28/vnpay,
// test/__helpers__/test-fixtures.ts and test/integration/vnpay/verify-return-url.test.ts): a
// return/IPN query signed with the secret 'test_secret'.
const FIXTURE_SECRET = 'test_secret';
const FIXTURE_RETURN = {
  vnp_Amount: '1000000',
  vnp_BankCode: 'NCB',
  vnp_BankTranNo: 'VNP14422574',
  vnp_CardType: 'ATM',
  vnp_OrderInfo: 'Thanh toan don hang 2024-05-21T02:17:31.249Z',
  vnp_PayDate: '20240521091806',
  vnp_ResponseCode: '00',
  vnp_TmnCode: 'TEST_TMN_CODE',
  vnp_TransactionNo: '14422574',
  vnp_TransactionStatus: '00',
  vnp_TxnRef: '1716257871703',
  vnp_SecureHash:
    '649982421beb422556a1374713c74e58e716ecbd05007c0c0e1f7effdfaf361dbf146889ca446139afe11b9954c4d5c486e99e3b86fcfab6957f29eb0be72895',
};
const FIXTURE_RETURN_99_HASH =
  '503194f6d93b57b357b2d1d09742565e67e86d771352c5dca4fc8d39df3d392c6b3809add9405f97cfb9631f445e36c80656cfbf47eac67d97fa165865c13e1b';

describe('VNPay signing against the vnpay package fixtures', () => {
  it('verifies the published return query and its 99 variant', () => {
    expect(verifyParams(FIXTURE_SECRET, FIXTURE_RETURN)).toBe(true);
    expect(
      verifyParams(FIXTURE_SECRET, {
        ...FIXTURE_RETURN,
        vnp_ResponseCode: '99',
        vnp_SecureHash: FIXTURE_RETURN_99_HASH,
      }),
    ).toBe(true);
    // Same hash, changed field: refused. Upper-case hex and vnp_SecureHashType are accepted.
    expect(verifyParams(FIXTURE_SECRET, { ...FIXTURE_RETURN, vnp_ResponseCode: '99' })).toBe(false);
    expect(verifyParams('other', FIXTURE_RETURN)).toBe(false);
    expect(
      verifyParams(FIXTURE_SECRET, {
        ...FIXTURE_RETURN,
        vnp_SecureHash: FIXTURE_RETURN.vnp_SecureHash.toUpperCase(),
        vnp_SecureHashType: 'HmacSHA512',
      }),
    ).toBe(true);
    expect(verifyParams(FIXTURE_SECRET, { ...FIXTURE_RETURN, vnp_SecureHash: 'abc' })).toBe(false);
  });

  it('builds the same signed URL as vnpay@2.5.0 buildPaymentUrl for the same input', () => {
    // Output of vnpay@2.5.0 `new VNPay({ tmnCode: 'TEST_TMN_CODE', secureSecret: 'test_secret' })
    // .buildPaymentUrl({ vnp_Amount: 150000, vnp_OrderInfo: 'Thanh toan lich kham SH-000123',
    // vnp_TxnRef: 'SH000123-1', vnp_IpAddr: '127.0.0.1', vnp_ReturnUrl: ..., vnp_Locale: 'vn',
    // vnp_OrderType: '270000', vnp_CreateDate: 20260102030405, vnp_ExpireDate: 20260102031405 })`.
    const expected =
      'vnp_Amount=15000000&vnp_Command=pay&vnp_CreateDate=20260102030405&vnp_CurrCode=VND&vnp_ExpireDate=20260102031405&vnp_IpAddr=127.0.0.1&vnp_Locale=vn&vnp_OrderInfo=Thanh+toan+lich+kham+SH-000123&vnp_OrderType=270000&vnp_ReturnUrl=https%3A%2F%2Fsonghong.example%2Fapi%2Fv1%2FPayments%2FVnpayReturn&vnp_TmnCode=TEST_TMN_CODE&vnp_TxnRef=SH000123-1&vnp_Version=2.1.0&vnp_SecureHash=d5a8a6916edbc7b17cc3ad31cb7415164a4488f6128ec01654298118bb0a669b78e288ae4997b8b09c97756c8e4efca625c201987d50655163e7daca813b2fde';
    const { url } = buildPaymentUrl({
      payUrl: 'https://pay.example/paymentv2/vpcpay.html',
      tmnCode: 'TEST_TMN_CODE',
      secret: FIXTURE_SECRET,
      amountVnd: 150000,
      txnRef: 'SH000123-1',
      orderInfo: 'Thanh toán lịch khám SH-000123',
      locale: 'vi',
      returnUrl: 'https://songhong.example/api/v1/Payments/VnpayReturn',
      ipAddr: '127.0.0.1',
      createdAt: new Date('2026-01-01T20:04:05Z'), // 03:04:05 on 2 January in GMT+7
      expiresAt: new Date('2026-01-01T20:14:05Z'),
    });
    expect(url).toBe(`https://pay.example/paymentv2/vpcpay.html?${expected}`);
  });

  it('hashes a refund request like vnpay@2.5.0 refund() for the same input', () => {
    // Body that vnpay@2.5.0 `refund({ vnp_RequestId: 'REFUND123456', vnp_TransactionType: '02',
    // vnp_TxnRef: 'TXN123456789', vnp_Amount: 10000, vnp_TransactionDate: 20231221103000,
    // vnp_CreateDate: 20231221103000, vnp_CreateBy: 'merchant_user', vnp_IpAddr: '127.0.0.1',
    // vnp_OrderInfo: 'Test refund order', vnp_TransactionNo: 14422574 })` POSTed (its fixture input).
    const body = buildRefundRequest({
      tmnCode: 'TEST_TMN_CODE',
      secret: FIXTURE_SECRET,
      requestId: 'REFUND123456',
      transactionType: '02',
      txnRef: 'TXN123456789',
      amountVnd: 10000,
      transactionNo: '14422574',
      transactionDate: '20231221103000',
      createBy: 'merchant_user',
      createdAt: new Date('2023-12-21T03:30:00Z'),
      ipAddr: '127.0.0.1',
      orderInfo: 'Test refund order',
    });
    expect(body.vnp_Amount).toBe('1000000');
    expect(body.vnp_CreateDate).toBe('20231221103000');
    expect(body.vnp_SecureHash).toBe(
      '1b0d3f82bc64cda12af250a284e72895b965ad745fef5a5b4f2b0ab50142e0089598fd9fd28e73d1c4ede96932996c3b08b4e9ab8a02fa5e88ecc555afba9a33',
    );
    const piped =
      'REFUND123456|2.1.0|refund|TEST_TMN_CODE|02|TXN123456789|1000000|14422574|20231221103000|merchant_user|20231221103000|127.0.0.1|Test refund order';
    expect(body.vnp_SecureHash).toBe(createHmac('sha512', FIXTURE_SECRET).update(piped).digest('hex'));
  });
});

describe('payment URL parameters', () => {
  const build = (over: Partial<Parameters<typeof buildPaymentUrl>[0]> = {}) =>
    buildPaymentUrl({
      payUrl: 'https://pay.example/vpcpay.html',
      tmnCode: 'TMN00001',
      secret: 's3cret',
      amountVnd: 150000,
      txnRef: 'SH2026000123P1',
      orderInfo: 'Thanh toán lịch khám — Bác sĩ Đặng Thị Hồng',
      locale: 'en',
      returnUrl: 'https://songhong.example/api/v1/Payments/VnpayReturn',
      ipAddr: '203.0.113.9',
      createdAt: new Date('2026-03-10T17:30:00Z'),
      expiresAt: new Date('2026-03-10T17:40:00Z'),
      ...over,
    });

  it('multiplies VND by 100 exactly once: 150000 VND -> vnp_Amount=15000000', () => {
    const { url, params } = build();
    expect(params.vnp_Amount).toBe('15000000');
    expect(new URL(url).searchParams.get('vnp_Amount')).toBe('15000000');
    expect(() => toVnpAmount(1.5)).toThrow();
    expect(() => toVnpAmount(0)).toThrow();
  });

  it('writes dates as yyyyMMddHHmmss in GMT+7 whatever the server zone', () => {
    const { params } = build();
    // 17:30 UTC on 10 March is 00:30 on 11 March in Vietnam.
    expect(params.vnp_CreateDate).toBe('20260311003000');
    expect(params.vnp_ExpireDate).toBe('20260311004000');
    expect(vnpDate(new Date('2025-12-31T17:00:00Z'))).toBe('20260101000000');
    expect(parseVnpDate('20260311003000')?.toISOString()).toBe('2026-03-10T17:30:00.000Z');
    expect(parseVnpDate('2026')).toBeNull();
  });

  it('strips accents and unsafe characters from vnp_OrderInfo', () => {
    expect(build().params.vnp_OrderInfo).toBe('Thanh toan lich kham Bac si Dang Thi Hong');
    expect(plainOrderInfo('Khám  "bệnh" & <thuốc>')).toBe('Kham benh thuoc');
  });

  it('has the protocol fields, leaves empty values out and sorts keys ascending', () => {
    const { url, params } = build();
    expect(params).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: 'TMN00001',
      vnp_CurrCode: 'VND',
      vnp_OrderType: '270000',
      vnp_Locale: 'en',
      vnp_IpAddr: '203.0.113.9',
      vnp_TxnRef: 'SH2026000123P1',
    });
    expect(build({ locale: 'vi' }).params.vnp_Locale).toBe('vn');
    expect('vnp_BankCode' in params).toBe(false);
    expect(url).not.toContain('vnp_BankCode');
    const keys = [...new URL(url).searchParams.keys()];
    expect(keys.at(-1)).toBe('vnp_SecureHash');
    expect(keys.slice(0, -1)).toEqual([...keys.slice(0, -1)].sort());
    expect(canonicalQuery({ b: 'x y', a: '', c: null, d: 'é' })).toBe('b=x+y&d=%C3%A9');
    // The URL's own parameters verify with the same code as a callback.
    expect(verifyParams('s3cret', Object.fromEntries(new URL(url).searchParams))).toBe(true);
  });
});
