import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * VNPay 2.1.0, the protocol alone (no I/O): payment URL, callback verification, refund request.
 * The `sandbox` provider runs exactly this code with its own secret, so every test and demo
 * exercises the real signing and verification.
 *
 * Why not the `vnpay` npm package (2.5.0, runs on Node 20): it formats GMT+7 dates with the
 * process's local getters (right only when TZ=UTC), compares hashes with `===`, and divides the
 * refund reply's amount before hashing it. Its published fixtures are in protocol.test.ts.
 */
export const VNP_VERSION = '2.1.0';
/** VNPay's goods category for medical services. */
export const ORDER_TYPE_MEDICAL = '270000';

export type VnpParams = Record<string, string>;

/** application/x-www-form-urlencoded (spaces as '+'), keys sorted ascending, empty values left out. */
export function canonicalQuery(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  return search.toString();
}

export function hmacSha512(secret: string, data: string): string {
  return createHmac('sha512', secret).update(Buffer.from(data, 'utf8')).digest('hex');
}

/** Signs a parameter set: the canonical query plus `vnp_SecureHash`. */
export function signParams(secret: string, params: Record<string, string | number | null | undefined>) {
  const query = canonicalQuery(params);
  return { query, hash: hmacSha512(secret, query) };
}

/** True when `vnp_SecureHash` is the HMAC-SHA512 of the other parameters (constant-time compare). */
export function verifyParams(secret: string, received: Record<string, unknown>): boolean {
  const given = typeof received.vnp_SecureHash === 'string' ? received.vnp_SecureHash.toLowerCase() : '';
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  const rest: Record<string, string> = {};
  for (const [key, value] of Object.entries(received)) {
    if (key === 'vnp_SecureHash' || key === 'vnp_SecureHashType') continue;
    if (!key.startsWith('vnp_')) continue;
    if (typeof value === 'string' || typeof value === 'number') rest[key] = String(value);
  }
  return safeEqualHex(hmacSha512(secret, canonicalQuery(rest)), given);
}

function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const GMT7_MS = 7 * 60 * 60 * 1000;

/** yyyyMMddHHmmss in GMT+7 (VNPay's clock), whatever the server's time zone. */
export function vnpDate(date: Date): string {
  const d = new Date(date.getTime() + GMT7_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`
  );
}

/** The instant of a yyyyMMddHHmmss GMT+7 stamp, or null. */
export function parseVnpDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - GMT7_MS);
}

/**
 * Order info as VNPay wants it: Vietnamese without accents (đ -> d), and only characters that every
 * form-urlencoder writes alike (letters, digits, space and - _ . , : #), at most 255.
 */
export function plainOrderInfo(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 _.,:#-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
}

/** VND (an integer) -> vnp_Amount (VND x 100). The one place the factor of 100 is applied. */
export function toVnpAmount(vnd: number): number {
  if (!Number.isSafeInteger(vnd) || vnd <= 0)
    throw new RangeError(`amount must be a positive VND integer, got ${vnd}`);
  return vnd * 100;
}

export interface PayUrlInput {
  payUrl: string;
  tmnCode: string;
  secret: string;
  /** VND, converted here (x100) and nowhere else. */
  amountVnd: number;
  txnRef: string;
  orderInfo: string;
  locale: 'vi' | 'en';
  returnUrl: string;
  ipAddr: string;
  createdAt: Date;
  expiresAt: Date;
  bankCode?: string;
}

/** The signed payment URL (vnp_Command pay) and the parameters it carries. */
export function buildPaymentUrl(input: PayUrlInput): { url: string; params: VnpParams } {
  const params: VnpParams = {
    vnp_Version: VNP_VERSION,
    vnp_Command: 'pay',
    vnp_TmnCode: input.tmnCode,
    vnp_Amount: String(toVnpAmount(input.amountVnd)),
    vnp_CurrCode: 'VND',
    vnp_TxnRef: input.txnRef,
    vnp_OrderInfo: plainOrderInfo(input.orderInfo),
    vnp_OrderType: ORDER_TYPE_MEDICAL,
    vnp_Locale: input.locale === 'en' ? 'en' : 'vn',
    vnp_ReturnUrl: input.returnUrl,
    vnp_IpAddr: input.ipAddr,
    vnp_CreateDate: vnpDate(input.createdAt),
    vnp_ExpireDate: vnpDate(input.expiresAt),
    vnp_BankCode: input.bankCode ?? '',
  };
  const { query, hash } = signParams(input.secret, params);
  const url = `${input.payUrl}?${query}&vnp_SecureHash=${hash}`;
  return { url, params: { ...Object.fromEntries(new URLSearchParams(query)), vnp_SecureHash: hash } };
}

/** Only vnp_ parameters of a callback, as strings (the route's query may carry others). */
export function vnpOnly(query: Record<string, unknown>): VnpParams {
  const out: VnpParams = {};
  for (const [key, value] of Object.entries(query)) {
    if (key.startsWith('vnp_') && (typeof value === 'string' || typeof value === 'number'))
      out[key] = String(value);
  }
  return out;
}

/** The field order VNPay hashes a refund request in (pipe-joined). */
export const REFUND_HASH_FIELDS = [
  'vnp_RequestId',
  'vnp_Version',
  'vnp_Command',
  'vnp_TmnCode',
  'vnp_TransactionType',
  'vnp_TxnRef',
  'vnp_Amount',
  'vnp_TransactionNo',
  'vnp_TransactionDate',
  'vnp_CreateBy',
  'vnp_CreateDate',
  'vnp_IpAddr',
  'vnp_OrderInfo',
] as const;

/** The field order of the hash of VNPay's refund reply. */
export const REFUND_REPLY_HASH_FIELDS = [
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
] as const;

export function pipeHash(secret: string, fields: readonly string[], data: Record<string, unknown>): string {
  const text = fields
    .map((f) => (data[f] === undefined || data[f] === null ? '' : String(data[f])))
    .join('|');
  return hmacSha512(secret, text);
}

export interface RefundRequestInput {
  tmnCode: string;
  secret: string;
  requestId: string;
  /** '02' full, '03' partial. */
  transactionType: '02' | '03';
  txnRef: string;
  amountVnd: number;
  transactionNo: string;
  /** vnp_CreateDate of the original payment (yyyyMMddHHmmss GMT+7). */
  transactionDate: string;
  createBy: string;
  createdAt: Date;
  ipAddr: string;
  orderInfo: string;
}

/** The JSON body of a refund call (vnp_Command refund) with its pipe-joined HMAC-SHA512. */
export function buildRefundRequest(input: RefundRequestInput): Record<string, string> {
  const body: Record<string, string> = {
    vnp_RequestId: input.requestId,
    vnp_Version: VNP_VERSION,
    vnp_Command: 'refund',
    vnp_TmnCode: input.tmnCode,
    vnp_TransactionType: input.transactionType,
    vnp_TxnRef: input.txnRef,
    vnp_Amount: String(toVnpAmount(input.amountVnd)),
    vnp_TransactionNo: input.transactionNo,
    vnp_TransactionDate: input.transactionDate,
    vnp_CreateBy: input.createBy,
    vnp_CreateDate: vnpDate(input.createdAt),
    vnp_IpAddr: input.ipAddr,
    vnp_OrderInfo: plainOrderInfo(input.orderInfo),
  };
  return { ...body, vnp_SecureHash: pipeHash(input.secret, REFUND_HASH_FIELDS, body) };
}

/** Verifies a pipe-hashed message (a refund request or reply) in constant time. */
export function verifyPipeHash(
  secret: string,
  fields: readonly string[],
  data: Record<string, unknown>,
): boolean {
  const given = typeof data.vnp_SecureHash === 'string' ? data.vnp_SecureHash.toLowerCase() : '';
  if (!/^[0-9a-f]{128}$/.test(given)) return false;
  return safeEqualHex(pipeHash(secret, fields, data), given);
}
