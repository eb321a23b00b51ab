import { REFUND_REPLY_HASH_FIELDS, verifyPipeHash } from './protocol';

export interface RefundReply {
  /** VNPay's vnp_ResponseCode ('00' accepted), or 'http_<status>' / 'network' / 'bad_signature'. */
  code: string;
  ok: boolean;
  raw: Record<string, unknown>;
}

/**
 * POSTs a refund request (JSON) to the tenant's merchant API (merchant_webapi/api/transaction) and
 * checks the reply's signature when it carries one.
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
    return { code: 'network', ok: false, raw: {} };
  }
  if (!response.ok) return { code: `http_${response.status}`, ok: false, raw: {} };
  let raw: Record<string, unknown>;
  try {
    raw = (await response.json()) as Record<string, unknown>;
  } catch {
    return { code: 'bad_reply', ok: false, raw: {} };
  }
  if (raw.vnp_SecureHash !== undefined && !verifyPipeHash(secret, REFUND_REPLY_HASH_FIELDS, raw)) {
    return { code: 'bad_signature', ok: false, raw };
  }
  const code = String(raw.vnp_ResponseCode ?? '');
  return { code, ok: code === '00', raw };
}
