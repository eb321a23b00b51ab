import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant, caller, createUser, DEVICE_A, DEVICE_B } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (tenant = 'songkhoe') => caller(t.app, tenant);
const register = (emailPhone: string, extra: Record<string, unknown> = {}, tenant = 'songkhoe') =>
  api(tenant).post('Users/CreateUserWithOTP', {
    emailPhone,
    password: 'Strong@123',
    passwordConfirm: 'Strong@123',
    ...extra,
  });

describe('registration', () => {
  it('registers, verifies the code, signs in and trusts the registering device', async () => {
    const inviter = await createUser(t.db, 'songkhoe', { email: 'inviter@example.com' });
    const res = await register('reg@example.com', { referralId: inviter });
    expect(res.status).toBe(200);
    const { userId } = res.json.data;
    const code = await api().lastCode('reg@example.com');
    const verified = await api().post('Users/VerifyCreateUserWithOTP', { otp: code, userId });
    expect(verified.json.data.token).toBeTruthy();
    const [row] = await onTenant<{ referral_id: number; status: string }>(
      t.db,
      'songkhoe',
      'SELECT referral_id, status FROM users WHERE user_id = $1',
      [userId],
    );
    expect(row).toEqual({ referral_id: inviter, status: 'active' });
    const again = await api().post(
      'Auth/Login',
      { userName: 'reg@example.com', password: 'Strong@123' },
      { device: DEVICE_A },
    );
    expect(again.json.data.token).toBeTruthy();
    const other = await api().post(
      'Auth/Login',
      { userName: 'reg@example.com', password: 'Strong@123' },
      { device: DEVICE_B },
    );
    expect(other.json.codeMessageRespond).toBe('LoginStrangeDevice');
  });

  it('MobileEmailExist within a tenant only; accounts are per tenant', async () => {
    expect((await register('0944444444')).status).toBe(200);
    const dup = await register('0944444444');
    expect(dup.status).toBe(409);
    expect(dup.json.codeMessageRespond).toBe('MobileEmailExist');
    expect((await register('0944444444', {}, 'songhong')).status).toBe(200);
  });

  it('resends the code no sooner than 60 s, and to the registered address only', async () => {
    const { userId } = (await register('resend-reg@example.com')).json.data;
    const soon = await api().post('Users/ResendCreateUserWithOTP', {
      emailPhone: 'resend-reg@example.com',
      userId,
    });
    expect(soon.json.codeMessageRespond).toBe('otp_resend_too_soon');
    const wrong = await api().post('Users/ResendCreateUserWithOTP', {
      emailPhone: 'someone@example.com',
      userId,
    });
    expect(wrong.status).toBe(404);
  });

  it('refuses weak, spaced, common and mismatched passwords with their keys', async () => {
    const weak = await api().post('Users/CreateUser', {
      emailPhone: 'w@example.com',
      password: 'abc',
      passwordConfirm: 'abc',
    });
    expect(weak.json).toMatchObject({ codeMessageRespond: 'weak_password', errors: ['valid_pass'] });
    const spaced = await api().post('Users/CreateUser', {
      emailPhone: 'w@example.com',
      password: 'Ab@ 1234',
      passwordConfirm: 'Ab@ 1234',
    });
    expect(spaced.json.errors).toContain('pass_does_not_contain_space');
    const common = await api().post('Users/CreateUser', {
      emailPhone: 'w@example.com',
      password: 'P@ssw0rd',
      passwordConfirm: 'P@ssw0rd',
    });
    expect(common.json.errors).toEqual(['common_password']);
    const mismatch = await api().post('Users/CreateUser', {
      emailPhone: 'w@example.com',
      password: 'Strong@123',
      passwordConfirm: 'Strong@124',
    });
    expect(mismatch.json.errors).toEqual(['pass_confirm_pass_same']);
  });

  it('answers every invalid field with its message key', async () => {
    const cases: [string, unknown, string][] = [
      [
        'Users/CreateUser',
        { emailPhone: '12345', password: 'Strong@123', passwordConfirm: 'Strong@123' },
        'valid_email_mob',
      ],
      ['Users/CreateUser', { emailPhone: 'a@b.co', password: 'Strong@123' }, 'enter_confirm_pass'],
      ['Auth/Login', { userName: 'not an email', password: 'x' }, 'valid_email_mob'],
      ['Auth/Login', { userName: 'a@b.co', password: '' }, 'valid_password'],
      ['Auth/LoginWithOTP', { userName: '12', otp: '123456' }, 'mobile_no_required'],
      ['Auth/LoginWithOTP', { userName: '0912345678', otp: '12ab' }, 'enter_valid_OTP'],
      ['Auth/RequestOTP', { username: 'a@b.co', otpType: 5 }, 'invalid_otp_type'],
      ['Auth/VerifyOTP', { username: 'a@b.co', otpType: 1, otp: '1' }, 'enter_valid_OTP'],
      [
        'Auth/ChangePassword',
        { username: 'a@b.co', otpType: 1, otp: '123456', password: '' },
        'new_pass_required',
      ],
      ['Users/VerifyCreateUserWithOTP', { userId: 1, otp: '12345' }, 'enter_valid_OTP'],
      ['Auth/Login', { userName: '0912345678', password: 'x', countryId: 0 }, 'valid_country'],
    ];
    for (const [path, body, key] of cases) {
      const res = await api().post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.json.errors, `${path} ${JSON.stringify(body)}`).toContain(key);
    }
  });

  it('never answers 5xx to malformed bodies', async () => {
    const paths = [
      'Auth/Login',
      'Auth/LoginWithOTP',
      'Auth/RequestOTP',
      'Auth/VerifyOTP',
      'Auth/ChangePassword',
      'Auth/ChangePasswordNew',
      'Auth/VerifyOTPTwo2NF',
      'Auth/VerifyOTPReliableDevice',
      'Auth/RefreshToken',
      'Users/CreateUser',
      'Users/CreateUserWithOTP',
      'Users/VerifyCreateUserWithOTP',
      'Users/ResendCreateUserWithOTP',
    ];
    const bodies = [
      '{',
      '[]',
      'null',
      '"x"',
      '{"userName":{"$gt":""}}',
      JSON.stringify({ userName: 'a'.repeat(5000) }),
    ];
    for (const path of paths) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/${path}`,
          headers: { companycode: 'songkhoe', host: '127.0.0.1:8080', 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${path} ${payload.slice(0, 20)}`).toBeLessThan(500);
      }
    }
    const unknownCountry = await api().post('Auth/Login', {
      userName: '0912345678',
      password: 'x',
      countryId: 99999,
    });
    expect(unknownCountry.status).toBe(400);
  });

  it('keeps every accounts table tenant-isolated', async () => {
    await register('iso@example.com');
    const tables = [
      'users',
      'login_devices',
      'refresh_tokens',
      'otp_codes',
      'otp_failures',
      'rate_counters',
      'login_challenges',
      'recovery_codes',
      'audit_log',
    ];
    for (const table of tables) {
      const seenFromSaomai = await t.db.tenant('saomai', (sql) =>
        sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`),
      );
      expect(seenFromSaomai.rows[0]!.n, table).toBe(0);
    }
    const home = await t.db.tenant('songkhoe', (sql) =>
      sql.query<{ n: number }>('SELECT count(*)::int AS n FROM users'),
    );
    expect(home.rows[0]!.n).toBeGreaterThan(0);
    await expect(
      t.db.tenant('saomai', (sql) =>
        sql.query(`INSERT INTO users (tenant_id, email, password_hash) VALUES ('songkhoe', 'x@y.z', 'h')`),
      ),
    ).rejects.toThrow();
  });
});
