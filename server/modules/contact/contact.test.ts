import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { createCaptchaChallenge } from '../../services/captcha/index';
import { legacyKeys } from '../../services/keyring/index';
import { channelsFromEnv, dispatchDueMessages } from '../messages/index';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'contact-forms-'));
  t = await createTestApp({ seed: true, doctors: 10, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: unknown, tenant = 'songkhoe') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: tenantHeaders(tenant),
    payload: payload as object,
  });
const inTenant = <T>(tenant: string, text: string, params: unknown[] = []) =>
  t.db.tenant(tenant, async (sql) => (await sql.query<T>(text, params)).rows);

/** A solved captcha payload as the ALTCHA widget sends it (easy challenge: counter 3). */
async function solvedCaptcha(tenant = 'songkhoe'): Promise<string> {
  const challenge = await createCaptchaChallenge(
    [{ kid: '0', material: legacyKeys(t.env.jwtSecret).captcha }],
    tenant,
    { counter: 3 },
  );
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('contact us', () => {
  const message = {
    fullName: 'Trần An',
    email: 'an@example.vn',
    phoneCode: '+84',
    mobileNumber: '912345678',
    message: 'Xin chào',
  };

  it('serves a signed challenge and accepts a solved one once, storing and emailing the message', async () => {
    const challenge = await t.app.inject({
      url: '/api/v1/Captcha/GetChallenge',
      headers: tenantHeaders('songkhoe'),
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json().data.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const captcha = await solvedCaptcha();
    const reply = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
    expect(reply.statusCode, reply.body).toBe(200);
    const replay = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors).toEqual(['select_this']);
    // The message pipeline emails it to the site's contact address (the dev outbox records it).
    await dispatchDueMessages(t.db, t.registry.byCode.get('songkhoe')!, channelsFromEnv(t.env));
    const mail = await inTenant<{ body: string }>(
      'songkhoe',
      `SELECT body FROM outbox_messages WHERE recipient = 'lienhe@songkhoe.example'`,
    );
    expect(mail.some((m) => m.body.includes('Xin chào'))).toBe(true);
    expect(await inTenant('songhong', 'SELECT 1 FROM contact_messages')).toHaveLength(0);
    expect(await inTenant('songkhoe', 'SELECT 1 FROM contact_messages')).toHaveLength(1);
  });

  it('refuses a missing, forged or other-tenant captcha with select_this', async () => {
    for (const captcha of [undefined, 'bm90IGEgcGF5bG9hZA==', await solvedCaptcha('songhong')]) {
      const reply = await post('/ContactUsMessages/AddContactUsMessage', { ...message, captcha });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().errors).toEqual(['select_this']);
    }
    const forged = JSON.parse(Buffer.from(await solvedCaptcha(), 'base64').toString());
    forged.challenge.parameters.expiresAt += 3600;
    const reply = await post('/ContactUsMessages/AddContactUsMessage', {
      ...message,
      captcha: Buffer.from(JSON.stringify(forged)).toString('base64'),
    });
    expect(reply.json().errors).toEqual(['select_this']);
  });

  it('applies every rule of spec section 5 with its message key', async () => {
    const reply = await post('/ContactUsMessages/AddContactUsMessage', {
      fullName: '   ',
      email: 'nothing',
      mobileNumber: '12345',
      message: ' ',
      captcha: '',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors.sort()).toEqual([
      'must_be_bw_7_to_15',
      'select_this',
      'valid_email',
      'valid_full_name',
      'valid_msg',
    ]);
    const missing = await post('/ContactUsMessages/AddContactUsMessage', {});
    expect(missing.json().errors.sort()).toEqual([
      'must_be_bw_7_to_15',
      'select_this',
      'valid_email',
      'valid_full_name',
      'valid_msg',
    ]);
  });
});
