import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The disk driver's presigned URLs, signed by the app: HMAC-SHA256 over the method, tenant, key,
 * expiry, content type and (for a download) file name and disposition, with the keyring's current
 * `url-signing` key, whose id the URL carries (`k`; none: key 0). Served by the uploads module
 * under SIGNED_PATH; a changed byte anywhere, another tenant or key, a retired key or a past
 * expiry fails `verify`.
 */
export const SIGNED_PATH = '/api/v1/Storages/Signed';

/** A signing key and its id (the keyring's `url-signing` keys). */
export interface UrlSigningKey {
  kid: string;
  material: Buffer;
}

export interface SignedRequest {
  method: 'GET' | 'PUT';
  tenant: string;
  key: string;
  /** Expiry, in seconds since the epoch. */
  expires: number;
  contentType: string;
  fileName?: string;
  disposition?: 'inline' | 'attachment';
}

const mac = (secret: Buffer, r: SignedRequest) =>
  createHmac('sha256', secret)
    .update(
      JSON.stringify([
        r.method,
        r.tenant,
        r.key,
        r.expires,
        r.contentType,
        r.fileName ?? '',
        r.disposition ?? '',
      ]),
    )
    .digest();

const LEGACY_KID = '0';

/** The path and query of a signed URL (no origin). */
export function signUrl(key: UrlSigningKey, r: SignedRequest): string {
  const query = new URLSearchParams({ e: String(r.expires), t: r.contentType });
  if (r.method === 'GET') {
    query.set('n', r.fileName ?? '');
    query.set('d', r.disposition ?? 'attachment');
  }
  if (key.kid !== LEGACY_KID) query.set('k', key.kid);
  query.set('s', mac(key.material, r).toString('base64url'));
  return `${SIGNED_PATH}/${r.tenant}/${r.key}?${query}`;
}

/**
 * The signed request a URL's query proves for this method, tenant and key, or why not:
 * 'forbidden' for a missing, malformed or wrong signature, 'expired' past its expiry.
 */
export function verifyUrl(
  keys: readonly UrlSigningKey[],
  method: 'GET' | 'PUT',
  tenant: string,
  key: string,
  query: Record<string, unknown>,
  now = Date.now(),
): SignedRequest | 'forbidden' | 'expired' {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : null);
  const [expires, contentType, signature] = [text('e'), text('t'), text('s')];
  if (expires === null || !/^\d{1,12}$/.test(expires) || contentType === null || signature === null) {
    return 'forbidden';
  }
  const request: SignedRequest = { method, tenant, key, expires: Number(expires), contentType };
  if (method === 'GET') {
    const [fileName, disposition] = [text('n'), text('d')];
    if (fileName === null || (disposition !== 'inline' && disposition !== 'attachment')) return 'forbidden';
    Object.assign(request, { fileName, disposition });
  }
  const signingKey = keys.find((k) => k.kid === (text('k') ?? LEGACY_KID));
  if (!signingKey) return 'forbidden';
  const expected = mac(signingKey.material, request);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forbidden';
  return request.expires * 1000 <= now ? 'expired' : request;
}
