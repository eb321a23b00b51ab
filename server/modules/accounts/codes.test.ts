import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { setNow } from './clock';
import { caller, createUser, DEVICE_A } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setNow(null));

const api = () => caller(t.app, 'songkhoe');
const requestCode = (username: string, otpType = 0) => api().post('Auth/RequestOTP', { username, otpType });
const otpLogin = (userName: string, otp: string) =>
  api().post(
    'Auth/LoginWithOTP',
    { userName, otp, deviceType: 0, deviceTokenWeb: 'web' },
    { device: DEVICE_A },
  );

describe('one-time codes', () => {
  it('logs in with a Login code to a phone; the code is single use', async () => {
    await createUser(t.db, 'songkhoe', { mobile: '922222222' });
    const sent = await requestCode('0922222222');
    expect(sent.status).toBe(200);
    expect(sent.json.data.userId).toEqual(expect.any(Number));
    const code = await api().lastCode('+84922222222');
    expect(code).toMatch(/^\d{6}$/);
    expect((await otpLogin('0922222222', code)).json.data.token).toBeTruthy();
    const reused = await otpLogin('0922222222', code);
    expect(reused.status).toBe(400);
    expect(reused.json.errors).toEqual(['enter_valid_OTP']);
  });

  it('expires after 5 minutes', async () => {
    await createUser(t.db, 'songkhoe', { email: 'exp@example.com' });
    const start = Date.now();
    setNow(new Date(start));
    await requestCode('exp@example.com');
    const code = await api().lastCode('exp@example.com');
    setNow(new Date(start + 5 * 60_000 + 1000));
    expect((await otpLogin('exp@example.com', code)).json.errors).toEqual(['enter_valid_OTP']);
  });

  it('a code of another purpose is refused', async () => {
    await createUser(t.db, 'songkhoe', { email: 'purpose@example.com' });
    await requestCode('purpose@example.com', 1); // ForgotPassword
    const code = await api().lastCode('purpose@example.com');
    expect((await otpLogin('purpose@example.com', code)).json.errors).toEqual(['enter_valid_OTP']);
  });

  it('the sixth try fails even with the right code, and a new code does not reset the count', async () => {
    await createUser(t.db, 'songkhoe', { email: 'tries@example.com' });
    const start = Date.now();
    setNow(new Date(start));
    await requestCode('tries@example.com');
    for (let i = 0; i < 3; i++) expect((await otpLogin('tries@example.com', '000001')).status).toBe(400);
    setNow(new Date(start + 61_000));
    await requestCode('tries@example.com');
    const code = await api().lastCode('tries@example.com');
    for (let i = 0; i < 2; i++) expect((await otpLogin('tries@example.com', '000001')).status).toBe(400);
    const sixth = await otpLogin('tries@example.com', code);
    expect(sixth.status).toBe(429);
  });

  it('counts concurrent wrong codes one by one: five are checked, the rest refused', async () => {
    await createUser(t.db, 'songkhoe', { email: 'burst@example.com' });
    await requestCode('burst@example.com');
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => otpLogin('burst@example.com', '000001').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('refuses a resend within 60 seconds', async () => {
    await createUser(t.db, 'songkhoe', { email: 'resend@example.com' });
    const start = Date.now();
    setNow(new Date(start));
    expect((await requestCode('resend@example.com')).status).toBe(200);
    setNow(new Date(start + 30_000));
    const soon = await requestCode('resend@example.com');
    expect(soon.status).toBe(429);
    expect(soon.json.codeMessageRespond).toBe('otp_resend_too_soon');
    setNow(new Date(start + 61_000));
    expect((await requestCode('resend@example.com')).status).toBe(200);
  });

  it('limits codes per address (10 an hour)', async () => {
    await createUser(t.db, 'songkhoe', { email: 'many@example.com' });
    const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000; // start of an hour window
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      setNow(new Date(start + i * 61_000));
      statuses.push((await requestCode('many@example.com')).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('NotFoundActiveAccount when no active account matches', async () => {
    const res = await requestCode('nobody@example.com', 1);
    expect(res.status).toBe(404);
    expect(res.json.codeMessageRespond).toBe('NotFoundActiveAccount');
  });

  it('codes for purposes 2, 3 and 7 need a signed-in caller', async () => {
    const res = await requestCode('new@example.com', 3);
    expect(res.status).toBe(401);
  });

  it('messages are translated and branded per tenant', async () => {
    await createUser(t.db, 'saomai', { email: 'brand@example.com' });
    await caller(t.app, 'saomai', 'en').post('Auth/RequestOTP', {
      username: 'brand@example.com',
      otpType: 0,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?to=brand@example.com',
      headers: { companycode: 'saomai', host: '127.0.0.1:8080' },
    });
    const message = res.json().data[0];
    const name = t.registry.byCode.get('saomai')!.config.name.en;
    expect(message.subject).toContain(name);
    expect(message.body).toMatch(/sign-in code/);
  });
});
