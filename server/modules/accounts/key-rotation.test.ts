import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { command as keys } from '../../admin/commands/keys';
import { legacyKeys, readKeySet } from '../../services/keyring/index';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { setNow } from './clock';
import { onTenant, caller, createUser, DEVICE_A, PASSWORD } from './test-support';

// Keys that can rotate (ARCHITECTURE.md "Keys", deploy/README.md "Rotating keys"): after
// `keys rotate` every user still signs in with their second factor and reads their PIN, and
// sessions continue until a retired key ends them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setNow(null));

const api = () => caller(t.app, 'songkhoe');
const secret = () => t.env.jwtSecret;

async function rotate(...args: string[]) {
  const lines: string[] = [];
  const code = await keys.run({
    db: t.db,
    registry: t.registry,
    env: t.env,
    args: ['rotate', ...args],
    print: (line) => lines.push(line),
  });
  expect(code, lines.join('\n')).toBe(0);
  return Object.fromEntries(
    lines.flatMap((l) => {
      const m = /^(\S+): new current key (\S+)$/.exec(l);
      return m ? [[m[1]!, m[2]!]] : [];
    }),
  ) as Record<'access-token' | 'code-hmac' | 'seal', string>;
}

/** The sealing and hashing of values written before key ids (no kid, keys derived from JWT_SECRET). */
function legacySeal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', legacyKeys(secret()).seal, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}
const legacyHash = (code: string) =>
  createHmac('sha256', legacyKeys(secret())['code-hmac']).update(code).digest('hex');

/** An access token as issued before key ids: HS256 with JWT_SECRET itself, no `kid` header. */
const legacyAccessToken = (userId: number) =>
  new SignJWT({ tid: 'songkhoe', did: DEVICE_A })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer('songkhoe-api')
    .setAudience('songkhoe')
    .setIssuedAt()
    .setExpirationTime('15m')
    .sign(legacyKeys(secret())['access-token']);

let clockAt = Date.now();
/** Moves the clock 30 s on: each TOTP sign-in needs a step not used before. */
function nextStep(): number {
  clockAt += 30_000;
  setNow(new Date(clockAt));
  return clockAt;
}

async function signInWithTotp(email: string, totp: TOTP) {
  const at = nextStep();
  const step = await api().post('Auth/Login', { userName: email, password: PASSWORD }, { device: DEVICE_A });
  expect(step.json.data.tokenTwo2NFLogin, JSON.stringify(step.json)).toBeTruthy();
  const done = await api().post('Auth/VerifyOTPTwo2NF', {
    two2NFType: 2,
    otp: totp.generate({ timestamp: at }),
    tokenTwo2NFLogin: step.json.data.tokenTwo2NFLogin,
  });
  return done.json.data as { token: string | null; refreshToken: string };
}

async function signInWithRecovery(email: string, code: string) {
  const step = await api().post('Auth/Login', { userName: email, password: PASSWORD }, { device: DEVICE_A });
  const done = await api().post('Auth/VerifyOTPTwo2NF', {
    two2NFType: 2,
    otp: code,
    tokenTwo2NFLogin: step.json.data.tokenTwo2NFLogin,
  });
  return done.json.data?.token as string | undefined;
}

async function viewPin(token: string, email: string) {
  nextStep(); // a new code may be sent 60 s after the last one
  nextStep();
  await api().post('Auth/RequestOTP', { username: email, otpType: 7 }, { token });
  const view = await api().post('Users/ViewPinCode', { otp: await api().lastCode(email) }, { token });
  return view.json.data?.pinCode as string | undefined;
}

const sessionWorks = async (token: string, userId: number) =>
  (await api().get(`Users/GetUser/${userId}`, { token })).status === 200;

/** Polls a condition of the running app (it hears of a rotation by NOTIFY, a moment later). */
async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The running app reads the ring again when `keys rotate` notifies; waits until it signs with `kid`. */
async function appSignsWith(kid: string, email: string, totp: TOTP) {
  for (let i = 0; i < 50; i++) {
    const { token } = await signInWithTotp(email, totp);
    if (token && decodeProtectedHeader(token).kid === kid) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the app never signed with key ${kid}`);
}

describe('keys that can rotate', () => {
  it('keeps TOTP, recovery codes, PINs and sessions working across rotations; a retired key ends its sessions', async () => {
    // A user from before key ids: TOTP secret, PIN and a recovery code stored without a kid.
    const oldTotp = new TOTP({ secret: new Secret(), digits: 6, period: 30 });
    const oldId = await createUser(t.db, 'songkhoe', {
      email: 'legacy@example.com',
      extra: {
        two_factor_type: 2,
        totp_secret: legacySeal(oldTotp.secret.base32),
        pin_hash: 'unused',
        pin_sealed: legacySeal('1357'),
      },
    });
    await onTenant(t.db, 'songkhoe', 'INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
      oldId,
      legacyHash('abcde-fghij'),
    ]);
    const legacySession = await legacyAccessToken(oldId);
    expect(await sessionWorks(legacySession, oldId)).toBe(true);

    // A user enrolled through the API with today's key ids.
    const newId = await createUser(t.db, 'songkhoe', { email: 'fresh@example.com' });
    setNow(new Date(clockAt));
    const first = await api().post('Auth/Login', { userName: 'fresh@example.com', password: PASSWORD });
    const firstToken = first.json.data.token as string;
    expect(decodeProtectedHeader(firstToken).kid).toBe('0');
    const enrol = await api().post(
      'Users/ConfigTwo2NFUser',
      { two2NFType: 2, password: PASSWORD },
      { token: firstToken },
    );
    const newTotp = new TOTP({ secret: Secret.fromBase32(enrol.json.data.secret), digits: 6, period: 30 });
    const confirm = await api().post(
      'Users/ConfigTwo2NFUser',
      { two2NFType: 2, password: PASSWORD, otp: newTotp.generate({ timestamp: clockAt }) },
      { token: firstToken },
    );
    const recovery: string[] = confirm.json.data.recoveryCodes;
    await api().post(
      'Users/setPinCode',
      { pinCode: '2468', confirmPinCode: '2468', password: PASSWORD },
      { token: firstToken },
    );

    // First rotation: new keys current, every earlier key still reads.
    const r1 = await rotate();
    const rotatedToken = await appSignsWith(r1['access-token'], 'fresh@example.com', newTotp);
    expect(await sessionWorks(firstToken, newId)).toBe(true);
    expect(await sessionWorks(legacySession, oldId)).toBe(true);
    const legacySignIn = await signInWithTotp('legacy@example.com', oldTotp);
    expect(decodeProtectedHeader(legacySignIn.token!).kid).toBe(r1['access-token']);
    expect(await viewPin(legacySignIn.token!, 'legacy@example.com')).toBe('1357');
    expect(await viewPin(rotatedToken, 'fresh@example.com')).toBe('2468');
    expect(await signInWithRecovery('legacy@example.com', 'abcde-fghij')).toBeTruthy();
    expect(await signInWithRecovery('fresh@example.com', recovery[0]!)).toBeTruthy();
    // Nothing was rewritten yet: the stored values still name their old keys.
    const [before] = await onTenant<{ pin_sealed: string }>(
      t.db,
      'songkhoe',
      'SELECT pin_sealed FROM users WHERE user_id = $1',
      [newId],
    );
    expect(before!.pin_sealed.startsWith('0.')).toBe(true);

    // Second rotation, re-encrypting and keeping only the newest key of each retirable purpose.
    const r2 = await rotate('--keep', '1');
    expect(r2.seal).not.toBe(r1.seal);
    const sealed = await onTenant<{ totp_secret: string | null; pin_sealed: string }>(
      t.db,
      'songkhoe',
      'SELECT totp_secret, pin_sealed FROM users WHERE user_id = ANY($1::int[])',
      [[oldId, newId]],
    );
    for (const row of sealed) {
      expect(row.totp_secret!.startsWith(`${r2.seal}.`)).toBe(true);
      expect(row.pin_sealed.startsWith(`${r2.seal}.`)).toBe(true);
    }
    const latest = await appSignsWith(r2['access-token'], 'fresh@example.com', newTotp);
    // Documented: a retired access-token key ends the sessions it signed as soon as the app hears
    // of the retirement (its own notice, after the re-encryption), key 0's included; the refresh
    // token, unaffected, renews them.
    await until(async () => !(await sessionWorks(rotatedToken, newId)));
    expect(await sessionWorks(rotatedToken, newId)).toBe(false);
    expect(await sessionWorks(legacySession, oldId)).toBe(false);
    const renewed = await api().post('Auth/RefreshToken', { refreshToken: legacySignIn.refreshToken });
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    expect(decodeProtectedHeader(renewed.json.data.token).kid).toBe(r2['access-token']);
    const again = await signInWithTotp('legacy@example.com', oldTotp);
    expect(await viewPin(again.token!, 'legacy@example.com')).toBe('1357');
    expect(await viewPin(latest, 'fresh@example.com')).toBe('2468');
    // Code-hash keys are never retired: recovery codes (which cannot be rehashed) keep working.
    expect(await signInWithRecovery('fresh@example.com', recovery[1]!)).toBeTruthy();
  });

  it('accepts an email sign-in code sent before a rotation; codes sent after carry the new key id', async () => {
    await createUser(t.db, 'songkhoe', { email: 'plain@example.com' });
    await createUser(t.db, 'songkhoe', { email: 'mailcode@example.com', extra: { two_factor_type: 1 } });
    setNow(new Date(clockAt));
    const login = (email: string) =>
      api().post('Auth/Login', { userName: email, password: PASSWORD }, { device: DEVICE_A });
    const codeKids = async () =>
      (
        await onTenant<{ code_hash: string }>(
          t.db,
          'songkhoe',
          `SELECT code_hash FROM otp_codes WHERE address = 'mailcode@example.com' ORDER BY created_at`,
        )
      ).map((r) => r.code_hash.split('.')[0]);
    const step = await login('mailcode@example.com');
    const code = await api().lastCode('mailcode@example.com');
    const r = await rotate();
    expect((await codeKids())[0]).not.toBe(r['code-hmac']);
    // Wait until the app itself uses the new keys, so the old code is checked by a rotated app.
    for (let i = 0; i < 50; i++) {
      const token = (await login('plain@example.com')).json.data.token as string;
      if (decodeProtectedHeader(token).kid === r['access-token']) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const done = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 1,
      otp: code,
      tokenTwo2NFLogin: step.json.data.tokenTwo2NFLogin,
    });
    expect(decodeProtectedHeader(done.json.data.token).kid).toBe(r['access-token']);
    nextStep();
    nextStep(); // a new code may be sent 60 s later
    await login('mailcode@example.com');
    expect((await codeKids()).at(-1)).toBe(r['code-hmac']);
  });

  it('refuses a token naming a key not in the ring, or signed with another key under a known id', async () => {
    const id = await createUser(t.db, 'songkhoe', { email: 'forged@example.com' });
    const sign = (kid: string | undefined, key: Uint8Array) =>
      new SignJWT({ tid: 'songkhoe', did: DEVICE_A })
        .setProtectedHeader(kid ? { alg: 'HS256', kid } : { alg: 'HS256' })
        .setSubject(String(id))
        .setIssuer('songkhoe-api')
        .setAudience('songkhoe')
        .setExpirationTime('15m')
        .sign(key);
    const current = (await readKeySet(t.db, secret()))['access-token'][0]!;
    expect(await sessionWorks(await sign(current.kid, current.material), id)).toBe(true);
    expect(await sessionWorks(await sign('nosuchkey', current.material), id)).toBe(false);
    expect(await sessionWorks(await sign(current.kid, randomBytes(32)), id)).toBe(false);
    expect(await sessionWorks(await sign(undefined, randomBytes(32)), id)).toBe(false);
  });

  it('keeps key material from the app role: only the owner reads the keyring', async () => {
    await rotate();
    await expect(t.db.anonymous((sql) => sql.query('SELECT material FROM keyring'))).rejects.toThrow(
      /permission denied/,
    );
    await expect(t.db.tenant('songkhoe', (sql) => sql.query('SELECT count(*) FROM keyring'))).rejects.toThrow(
      /permission denied/,
    );
    const { rows } = await t.db.owner((sql) =>
      sql.query<{ n: number }>('SELECT count(*)::int AS n FROM keyring WHERE retired_at IS NULL'),
    );
    expect(rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad usage with the usage line', async () => {
    const lines: string[] = [];
    const run = (args: string[], env = t.env) =>
      keys.run({ db: t.db, registry: t.registry, env, args, print: (l) => lines.push(l) });
    expect(await run(['spin'])).toBe(2);
    expect(await run(['rotate', '--keep', '0'])).toBe(2);
    expect(await run(['rotate', '--bogus'])).toBe(2);
    expect(lines.at(-1)).toMatch(/^usage: npm run admin -- keys /);
    expect(await run(['change-secret'])).toBe(2);
    expect(await run(['rotate', '--old-secret-env', 'X'])).toBe(2);
    expect(await run(['change-secret', '--old-secret-env', 'SONGKHOE_TEST_UNSET_SECRET'])).toBe(2);
    expect(lines.at(-1)).toMatch(/SONGKHOE_TEST_UNSET_SECRET is not set/);
    process.env.SONGKHOE_TEST_WRONG_SECRET = 'not-the-old-secret-not-the-old-secret';
    try {
      expect(await run(['change-secret', '--old-secret-env', 'SONGKHOE_TEST_WRONG_SECRET'])).toBe(1);
      expect(lines.at(-1)).toMatch(/does not open with the old secret/);
    } finally {
      delete process.env.SONGKHOE_TEST_WRONG_SECRET;
    }
    expect(await run(['list'])).toBe(0);
    expect(lines.join('\n')).toMatch(
      /^code-hmac 0 (derived from JWT_SECRET|kept from an earlier JWT_SECRET) readable$/m,
    );
  });
});
