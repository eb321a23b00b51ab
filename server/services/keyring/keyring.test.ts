import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { consumeCaptcha, createCaptchaChallenge } from '../captcha/index';
import { signUrl, verifyUrl, type SignedRequest } from '../storage/index';
import {
  addKeys,
  changeMasterSecret,
  KEY_PURPOSES,
  legacyKeys,
  readKeySet,
  RETIRABLE_PURPOSES,
  retireOldKeys,
  type KeySet,
} from './index';

// The keyring beyond sign-in (ARCHITECTURE.md "Keys"): every derived secret has its own rotating
// keys, key 0 retires like the others, and a new JWT_SECRET keeps every key readable.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW = 'a-new-secret-a-new-secret-a-new-secret-99';
const OLD = () => t.env.jwtSecret;
const ringOf = (secret: string) => readKeySet(t.db, secret);
const comparable = (set: KeySet) =>
  Object.fromEntries(
    KEY_PURPOSES.map((p) => [p, set[p].map((k) => `${k.kid}:${k.material.toString('hex')}`)]),
  );

const download: Omit<SignedRequest, 'expires'> = {
  method: 'GET',
  tenant: 'songkhoe',
  key: 'HealthRecords/a.pdf',
  contentType: 'application/pdf',
  fileName: 'a.pdf',
  disposition: 'attachment',
};
const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

async function solved(keys: KeySet['captcha']) {
  const challenge = await createCaptchaChallenge(keys, 'songkhoe', { counter: 3 });
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('keyring', () => {
  it('signs file URLs with the current key and its id; any readable key verifies; a retired one does not', async () => {
    const expires = Math.floor(Date.now() / 1000) + 300;
    const before = await ringOf(t.env.jwtSecret);
    const oldUrl = signUrl(before['url-signing'][0]!, { ...download, expires });
    expect(queryOf(oldUrl).k).toBeUndefined(); // key 0: the URLs of before key ids
    await t.db.owner((sql) => addKeys(sql, t.env.jwtSecret, new Date()));
    const after = await ringOf(t.env.jwtSecret);
    const current = after['url-signing'][0]!;
    const newUrl = signUrl(current, { ...download, expires });
    expect(queryOf(newUrl).k).toBe(current.kid);
    for (const url of [oldUrl, newUrl]) {
      expect(verifyUrl(after['url-signing'], 'GET', 'songkhoe', download.key, queryOf(url))).toMatchObject({
        key: download.key,
      });
    }
    // Another key under the right id, or an id not in the ring: refused.
    const forged = signUrl({ kid: current.kid, material: Buffer.alloc(32, 1) }, { ...download, expires });
    expect(verifyUrl(after['url-signing'], 'GET', 'songkhoe', download.key, queryOf(forged))).toBe(
      'forbidden',
    );
    const unknown = { ...queryOf(newUrl), k: 'nosuchkey' };
    expect(verifyUrl(after['url-signing'], 'GET', 'songkhoe', download.key, unknown)).toBe('forbidden');

    await t.db.owner((sql) => retireOldKeys(sql, t.env.jwtSecret, 1, RETIRABLE_PURPOSES, new Date()));
    const retired = await ringOf(t.env.jwtSecret);
    expect(retired['url-signing'].map((k) => k.kid)).toEqual([current.kid]);
    expect(verifyUrl(retired['url-signing'], 'GET', 'songkhoe', download.key, queryOf(oldUrl))).toBe(
      'forbidden',
    );
    expect(verifyUrl(retired['url-signing'], 'GET', 'songkhoe', download.key, queryOf(newUrl))).not.toBe(
      'forbidden',
    );
    // Code hashes keep key 0: recovery codes cannot be rehashed.
    expect(retired['code-hmac'].map((k) => k.kid)).toContain('0');
  });

  it('accepts a captcha solved before a rotation, once; refuses it after its key is retired', async () => {
    const ring = await ringOf(t.env.jwtSecret);
    const early = await solved(ring.captcha);
    const spare = await solved(ring.captcha);
    await t.db.owner((sql) => addKeys(sql, t.env.jwtSecret, new Date()));
    const rotated = await ringOf(t.env.jwtSecret);
    expect(rotated.captcha[0]!.kid).not.toBe(ring.captcha[0]!.kid);
    const consume = (keys: KeySet['captcha'], captcha: string) =>
      t.db.tenant('songkhoe', (sql) => consumeCaptcha(sql, keys, 'songkhoe', captcha));
    expect(await consume(rotated.captcha, early)).toBe(true);
    expect(await consume(rotated.captcha, early)).toBe(false); // single use
    expect(await consume(rotated.captcha, await solved(rotated.captcha))).toBe(true);
    await t.db.owner((sql) => retireOldKeys(sql, t.env.jwtSecret, 1, RETIRABLE_PURPOSES, new Date()));
    expect(await consume((await ringOf(t.env.jwtSecret)).captcha, spare)).toBe(false);
  });

  it('moves the ring to a new JWT_SECRET: the same keys read, key 0 of the old secret kept', async () => {
    const before = comparable(await ringOf(OLD()));
    // The wrong old secret changes nothing.
    await expect(
      t.db.owner((sql) => changeMasterSecret(sql, 'not-the-old-secret-not-the-old-secret', NEW)),
    ).rejects.toThrow(/does not open with the old secret/);
    expect(comparable(await ringOf(OLD()))).toEqual(before);

    const result = await t.db.owner((sql) => changeMasterSecret(sql, OLD(), NEW));
    expect(result.kept).toBeGreaterThanOrEqual(1); // code-hmac's key 0 was never stored
    const after = comparable(await ringOf(NEW));
    expect(after).toEqual(before);
    // What the new secret would derive is not in the ring: key 0 is the old secret's.
    const derivedFromNew = legacyKeys(NEW)['code-hmac'].toString('hex');
    expect(after['code-hmac']!.some((k) => k.endsWith(derivedFromNew))).toBe(false);
    await expect(ringOf(OLD())).rejects.toThrow(/does not open with this JWT_SECRET/);
    await expect(t.db.owner((sql) => changeMasterSecret(sql, NEW, NEW))).rejects.toThrow(/the same/);
    // Back, so the other tests of this file keep their secret (order does not matter after this).
    await t.db.owner((sql) => changeMasterSecret(sql, NEW, OLD()));
    expect(comparable(await ringOf(OLD()))).toEqual(before);
  });
});
