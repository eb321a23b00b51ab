import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { setNow } from './clock';
import { onTenant, caller, createUser, DEVICE_A, DEVICE_B, PASSWORD } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => setNow(null));

const login = (userName: string, password = PASSWORD, device = DEVICE_A, tenant = 'songkhoe') =>
  caller(t.app, tenant).post('Auth/Login', { userName, password, deviceType: 0 }, { device });

describe('Auth/Login outcomes', () => {
  it('signs in with email or phone; the first device is trusted; a token works only on its tenant', async () => {
    await createUser(t.db, 'songkhoe', { email: 'an@example.com', mobile: '911111111' });
    const byEmail = await login('an@example.com');
    expect(byEmail.status).toBe(200);
    expect(byEmail.json.codeMessageRespond).toBeNull();
    expect(byEmail.json.data.token).toEqual(expect.any(String));
    expect(byEmail.json.data.refreshToken).toEqual(expect.any(String));
    const byPhone = await caller(t.app, 'songkhoe').post(
      'Auth/Login',
      { userName: '0911111111', password: PASSWORD, countryId: 1 },
      { device: DEVICE_A },
    );
    expect(byPhone.json.data.token).toEqual(expect.any(String));
    const id = byEmail.json.data.userId;
    const own = await caller(t.app, 'songkhoe').get(`Users/GetUser/${id}`, {
      token: byEmail.json.data.token,
    });
    expect(own.json.data.email).toBe('an@example.com');
    const other = await caller(t.app, 'songhong').get(`Users/GetUser/${id}`, {
      token: byEmail.json.data.token,
    });
    expect(other.status).toBe(401);
    expect(other.json.codeMessageRespond).toBe('token_tenant_mismatch');
    const notMine = await caller(t.app, 'songkhoe').get(`Users/GetUser/${id + 1000}`, {
      token: byEmail.json.data.token,
    });
    expect(notMine.status).toBe(403);
  });

  it('an account of tenant A cannot sign in on tenant B', async () => {
    await createUser(t.db, 'songkhoe', { email: 'only-a@example.com' });
    const res = await login('only-a@example.com', PASSWORD, DEVICE_A, 'songhong');
    expect(res.status).toBe(401);
    expect(res.json.codeMessageRespond).toBe('UserNameOrPasswordFail');
  });

  it('a later unknown device gets LoginStrangeDevice, then the code trusts it', async () => {
    await createUser(t.db, 'songkhoe', { email: 'dev@example.com' });
    expect((await login('dev@example.com')).json.data.token).toBeTruthy();
    const strange = await login('dev@example.com', PASSWORD, DEVICE_B);
    expect(strange.json.codeMessageRespond).toBe('LoginStrangeDevice');
    expect(strange.json.data.token).toBeNull();
    const api = caller(t.app, 'songkhoe');
    const wrong = await api.post(
      'Auth/VerifyOTPReliableDevice',
      { userName: 'dev@example.com', otp: '000000' },
      { device: DEVICE_B },
    );
    expect(wrong.json.errors).toEqual(['enter_valid_OTP']);
    const code = await api.lastCode('dev@example.com');
    const ok = await api.post(
      'Auth/VerifyOTPReliableDevice',
      { userName: 'dev@example.com', otp: code },
      { device: DEVICE_B },
    );
    expect(ok.json.data.token).toBeTruthy();
    expect((await login('dev@example.com', PASSWORD, DEVICE_B)).json.data.token).toBeTruthy();
  });

  it('AccountNotActive for a pending account, with a code to activate it', async () => {
    const id = await createUser(t.db, 'songkhoe', { email: 'pending@example.com', status: 'pending' });
    const res = await login('pending@example.com');
    expect(res.json.codeMessageRespond).toBe('AccountNotActive');
    expect(res.json.data.userId).toBe(id);
    const code = await caller(t.app, 'songkhoe').lastCode('pending@example.com');
    const verify = await caller(t.app, 'songkhoe').post('Users/VerifyCreateUserWithOTP', {
      otp: code,
      userId: id,
    });
    expect(verify.json.data.token).toBeTruthy();
  });

  it('PassNew: ChangePasswordNew sets the password and signs in', async () => {
    await createUser(t.db, 'songkhoe', { email: 'new@example.com', extra: { must_change_password: true } });
    expect((await login('new@example.com')).json.codeMessageRespond).toBe('PassNew');
    const api = caller(t.app, 'songkhoe');
    const weak = await api.post('Auth/ChangePasswordNew', {
      UserName: 'new@example.com',
      Password: 'abc',
      currentPassword: PASSWORD,
    });
    expect(weak.json.codeMessageRespond).toBe('weak_password');
    const res = await api.post('Auth/ChangePasswordNew', {
      UserName: 'new@example.com',
      Password: 'Fresh#2024x',
      currentPassword: PASSWORD,
    });
    expect(res.json.data.token).toBeTruthy();
    expect((await login('new@example.com', 'Fresh#2024x')).json.data.token).toBeTruthy();
  });

  it('AccountLocked after 5 wrong passwords in 15 minutes; forgot password unlocks', async () => {
    await createUser(t.db, 'songkhoe', { email: 'lock@example.com' });
    for (let i = 1; i <= 4; i++)
      expect((await login('lock@example.com', 'Wrong@123')).json.codeMessageRespond).toBe(
        'UserNameOrPasswordFail',
      );
    const fifth = await login('lock@example.com', 'Wrong@123');
    expect(fifth.status).toBe(423);
    expect(fifth.json.codeMessageRespond).toBe('AccountLocked');
    expect((await login('lock@example.com')).json.codeMessageRespond).toBe('AccountLocked');
    const api = caller(t.app, 'songkhoe');
    await api.post('Auth/RequestOTP', { username: 'lock@example.com', otpType: 1 });
    const code = await api.lastCode('lock@example.com');
    expect(
      (await api.post('Auth/VerifyOTP', { otp: code, otpType: 1, username: 'lock@example.com' })).status,
    ).toBe(200);
    const changed = await api.post('Auth/ChangePassword', {
      otp: code,
      otpType: 1,
      username: 'lock@example.com',
      password: 'Again#2024',
      passwordConfirm: 'Again#2024',
    });
    expect(changed.status).toBe(200);
    expect((await login('lock@example.com', 'Again#2024')).json.data.token).toBeTruthy();
  });

  it('counts concurrent wrong passwords one by one: the fifth locks, later ones see the lock', async () => {
    await createUser(t.db, 'songkhoe', { email: 'burst@example.com' });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => login('burst@example.com', 'Wrong@123').then((r) => r.status)),
    );
    expect(replies.filter((s) => s === 401)).toHaveLength(4);
    expect(replies.filter((s) => s === 423)).toHaveLength(4);
    expect((await login('burst@example.com')).json.codeMessageRespond).toBe('AccountLocked');
  });

  it('failures older than 15 minutes do not count toward the lock', async () => {
    await createUser(t.db, 'songkhoe', { email: 'slow@example.com' });
    const start = Date.now();
    for (let i = 0; i < 4; i++) await login('slow@example.com', 'Wrong@123');
    setNow(new Date(start + 16 * 60_000));
    expect((await login('slow@example.com', 'Wrong@123')).json.codeMessageRespond).toBe(
      'UserNameOrPasswordFail',
    );
  });

  it('AccountLockedByAdmin', async () => {
    await createUser(t.db, 'songkhoe', {
      email: 'admin-locked@example.com',
      extra: { locked_by_admin: true },
    });
    const res = await login('admin-locked@example.com');
    expect(res.status).toBe(403);
    expect(res.json.codeMessageRespond).toBe('AccountLockedByAdmin');
  });

  it('audits every attempt without the password', async () => {
    await createUser(t.db, 'songkhoe', { email: 'audit@example.com' });
    await login('audit@example.com', 'Secret#Wrong1');
    await login('audit@example.com');
    const rows = await onTenant<Record<string, unknown>>(
      t.db,
      'songkhoe',
      `SELECT * FROM audit_log WHERE login_name = 'audit@example.com' OR user_id = (SELECT user_id FROM users WHERE email = 'audit@example.com')`,
    );
    expect(rows.map((r) => r.outcome)).toEqual(expect.arrayContaining(['wrong_password', 'success']));
    expect(JSON.stringify(rows)).not.toMatch(/Secret#Wrong1|Strong@123/);
    expect(rows.every((r) => r.ip && r.device_key === DEVICE_A)).toBe(true);
  });
});
