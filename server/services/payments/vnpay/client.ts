import { REFUND_REPLY_HASH_FIELDS, verifyPipeHash } from './protocol';

export interface RefundReply {
  /**
   * VNPay's vnp_ResponseCode ('00' accepted), or 'http_<status>' / 'network' / 'bad_reply' /
   * 'unsigned' / 'bad_signature'.
   */
  code: string;
  ok: boolean;
  /** The reply carried VNPay's signature and it matched: only then is its code believed. */
  verified: boolean;
  raw: Record<string, unknown>;
}

/**
 * POSTs a refund request (JSON) to the tenant's merchant API (merchant_webapi/api/transaction) and
 * believes the reply only when it is signed with the merchant's secret: an unsigned "00" (a proxy's
 * page, a forged answer) is not a refund.
 */
export async function postRefund(
  apiUrl: string,
  body: Record<string, string>,
  secret: string,
  timeoutMs = 15_000,
): Promise<RefundReply> {
  let response: Response;
  try {
    response = await fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { code: 'network', ok: false, verified: false, raw: {} };
  }
  if (!response.ok) return { code: `http_${response.status}`, ok: false, verified: false, raw: {} };
  let raw: Record<string, unknown>;
  try {
    raw = (await response.json()) as Record<string, unknown>;
  } catch {
    return { code: 'bad_reply', ok: false, verified: false, raw: {} };
  }
  if (typeof raw.vnp_SecureHash !== 'string' || raw.vnp_SecureHash === '') {
    return { code: 'unsigned', ok: false, verified: false, raw };
  }
  if (!verifyPipeHash(secret, REFUND_REPLY_HASH_FIELDS, raw)) {
    return { code: 'bad_signature', ok: false, verified: false, raw };
  }
  const code = String(raw.vnp_ResponseCode ?? '');
  return { code, ok: code === '00', verified: true, raw };
}
