import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, onTenant, PASSWORD } from './test-support';

/**
 * Phone numbers typed the way people write them (spaces, dots, dashes, +84) are accepted by
 * every account endpoint and stored in the one national form (schemas/phone.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = () => caller(t.app, 'songkhoe');
const login = (userName: string) =>
  api().post('Auth/Login', { userName, password: PASSWORD, countryId: 1 }, { device: DEVICE_A });

describe('a typed phone number on the account endpoints', () => {
  it('registers with 0912 345 678, then signs in with 0912.345.678 and +84 912 345 678', async () => {
    const created = await api().post('Users/CreateUserWithOTP', {
      emailPhone: '0912 345 678',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      countryId: 1,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const { userId } = created.json.data;
    const [row] = await onTenant<{ phone_code: string; mobile_number: string }>(
      t.db,
      'songkhoe',
      'SELECT phone_code, mobile_number FROM users WHERE user_id = $1',
      [userId],
    );
    expect(row).toEqual({ phone_code: '+84', mobile_number: '912345678' });
    const code = await api().lastCode('+84912345678');
    const verified = await api().post('Users/VerifyCreateUserWithOTP', { otp: code, userId });
    expect(verified.json.data.token).toBeTruthy();

    for (const typed of ['0912 345 678', '0912.345.678', '+84 912 345 678', '(+84) 912-345-678']) {
      const reply = await login(typed);
      expect(reply.status, typed).toBe(200);
      expect(reply.json.data.userId, typed).toBe(userId);
    }
    // The same number typed again is the same account.
    const twice = await api().post('Users/CreateUserWithOTP', {
      emailPhone: '+84 912.345.678',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(twice.status).toBe(409);
    expect(twice.json.codeMessageRespond).toBe('MobileEmailExist');
  });

  it('sends a sign-in code and a forgot-password code to a typed phone number', async () => {
    await createUser(t.db, 'songkhoe', { mobile: '913000111' });
    const userId = (await api().post('Auth/RequestOTP', { username: '0913.000.111', otpType: 0 })).json.data
      ?.userId;
    expect(userId).toEqual(expect.any(Number));
    const signIn = await api().post(
      'Auth/LoginWithOTP',
      { userName: '+84 913 000 111', otp: await api().lastCode('+84913000111') },
      { device: DEVICE_A },
    );
    expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
    const forgot = await api().post('Auth/RequestOTP', { username: '0913-000-111', otpType: 1 });
    expect(forgot.status, JSON.stringify(forgot.json)).toBe(200);
  });

  it('still refuses what is not a phone number, with its message key', async () => {
    for (const typed of ['0912 abc 678', '09 12', '+84 9']) {
      const reply = await login(typed);
      expect(reply.status, typed).toBe(400);
      expect(reply.json.errors, typed).toEqual(['valid_email_mob']);
    }
  });
});
