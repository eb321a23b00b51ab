import { randomBytes, randomInt } from 'node:crypto';
import {
  pipeHash,
  REFUND_HASH_FIELDS,
  REFUND_REPLY_HASH_FIELDS,
  signParams,
  verifyPipeHash,
  vnpDate,
  type VnpParams,
} from './vnpay/protocol';

/**
 * The sandbox's bank side: what VNPay would send back, signed with the tenant's sandbox secret, so
 * the app's real verification code (IPN, return, refund reply) is what checks it.
 */
export type SandboxDecision = 'approve' | 'decline';

/** The signed IPN/return parameters VNPay sends for a payment request (`pay` params, verified). */
export function sandboxCallback(
  pay: VnpParams,
  decision: SandboxDecision,
  secret: string,
  now: Date,
): VnpParams {
  const approved = decision === 'approve';
  const params: VnpParams = {
    vnp_Amount: pay.vnp_Amount ?? '',
    vnp_BankCode: 'SANDBOX',
    vnp_BankTranNo: approved ? `SBX${randomInt(10_000_000, 99_999_999)}` : '',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: pay.vnp_OrderInfo ?? '',
    vnp_PayDate: vnpDate(now),
    // 24: the customer cancelled the transaction; 02: transaction not completed.
    vnp_ResponseCode: approved ? '00' : '24',
    vnp_TmnCode: pay.vnp_TmnCode ?? '',
    vnp_TransactionNo: approved ? String(randomInt(10_000_000, 99_999_999)) : '0',
    vnp_TransactionStatus: approved ? '00' : '02',
    vnp_TxnRef: pay.vnp_TxnRef ?? '',
  };
  const { query, hash } = signParams(secret, params);
  return { ...Object.fromEntries(new URLSearchParams(query)), vnp_SecureHash: hash };
}

/** The sandbox's merchant API: checks a refund request's hash and answers a signed reply. */
export function sandboxRefundReply(
  request: Record<string, string>,
  secret: string,
  now: Date,
): Record<string, string> {
  const valid = verifyPipeHash(secret, REFUND_HASH_FIELDS, request);
  const reply: Record<string, string> = {
    vnp_ResponseId: randomBytes(8).toString('hex'),
    vnp_Command: 'refund',
    vnp_ResponseCode: valid ? '00' : '97',
    vnp_Message: valid ? 'Refund success' : 'Invalid signature',
    vnp_TmnCode: request.vnp_TmnCode ?? '',
    vnp_TxnRef: request.vnp_TxnRef ?? '',
    vnp_Amount: request.vnp_Amount ?? '',
    vnp_BankCode: 'SANDBOX',
    vnp_PayDate: vnpDate(now),
    vnp_TransactionNo: request.vnp_TransactionNo ?? '',
    vnp_TransactionType: request.vnp_TransactionType ?? '',
    vnp_TransactionStatus: valid ? '05' : '',
    vnp_OrderInfo: request.vnp_OrderInfo ?? '',
  };
  return { ...reply, vnp_SecureHash: pipeHash(secret, REFUND_REPLY_HASH_FIELDS, reply) };
}
