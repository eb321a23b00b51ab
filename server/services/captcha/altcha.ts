import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHmac } from 'node:crypto';
import type { Sql } from '../../db/database';

/**
 * Self-hosted ALTCHA proof-of-work captcha for any public form: a challenge signed with secrets
 * derived from the keyring's current `captcha` key and bound to a tenant, accepted once (spent
 * signatures in the tenant's `captcha_used` table). Any readable captcha key verifies, so a
 * challenge issued before a rotation can still be submitted.
 */

/** The keyring's readable `captcha` keys, current first. */
export type CaptchaKeys = readonly { kid: string; material: Buffer }[];

/** How long a challenge may be solved and submitted. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** The two HMAC secrets of ALTCHA, derived from a captcha key. */
export function captchaSecrets(key: Buffer) {
  const derive = (label: string) => createHmac('sha256', key).update(`altcha/${label}`).digest('hex');
  return { signature: derive('signature'), keySignature: derive('key-signature') };
}

/**
 * A signed proof-of-work challenge for the ALTCHA widget, bound to a tenant (in its signed data).
 * PBKDF2/SHA-256 with 5 000 rounds and a counter of 5 000-10 000: a second or two in a browser,
 * costly in bulk. With the key signature, verifying is one HMAC (no re-derivation).
 * `counter` is for tests, which solve the challenge themselves.
 */
export function createCaptchaChallenge(
  keys: CaptchaKeys,
  tenant: string,
  options: { counter?: number; now?: number } = {},
): Promise<Challenge> {
  const secrets = captchaSecrets(keys[0]!.material);
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 5_000,
    counter: options.counter ?? randomInt(5_000, 10_000),
    deriveKey,
    data: { tenant },
    expiresAt: Math.floor((options.now ?? Date.now()) / 1000) + CAPTCHA_TTL_SECONDS,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}

/** The widget's payload: base64 of { challenge, solution }; null when it is not that. */
function decodePayload(captcha: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8')) as Partial<Payload>;
    const ok =
      typeof parsed.challenge?.signature === 'string' &&
      typeof parsed.challenge.parameters === 'object' &&
      typeof parsed.solution?.derivedKey === 'string' &&
      typeof parsed.solution.counter === 'number';
    return ok ? (parsed as Payload) : null;
  } catch {
    return null;
  }
}

/**
 * Accepts a solved challenge once: valid signature and solution, not expired, issued for this
 * tenant, and its signature not spent before. Spent signatures are stored in captcha_used (inside
 * the caller's tenant transaction) until the challenge expires; expired ones are swept here.
 * The INSERT ... ON CONFLICT DO NOTHING makes two simultaneous replays race safely: one wins.
 */
export async function consumeCaptcha(
  sql: Sql,
  keys: CaptchaKeys,
  tenant: string,
  captcha: string,
): Promise<boolean> {
  const payload = decodePayload(captcha);
  if (!payload) return false;
  let verified = false;
  for (const key of keys) {
    const secrets = captchaSecrets(key.material);
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secrets.signature,
        hmacKeySignatureSecret: secrets.keySignature,
      });
      verified = result.verified;
    } catch {
      return false;
    }
    if (verified) break;
  }
  const { parameters, signature } = payload.challenge;
  if (!verified || !signature || parameters.data?.tenant !== tenant || !parameters.expiresAt) return false;
  await sql.query('DELETE FROM captcha_used WHERE expires_at < now()');
  const { rows } = await sql.query(
    `INSERT INTO captcha_used (signature, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT DO NOTHING RETURNING 1`,
    [signature, parameters.expiresAt],
  );
  return rows.length === 1;
}
