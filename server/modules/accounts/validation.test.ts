import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, PASSWORD } from './test-support';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, 'songkhoe', { email: 'val@example.com' });
  const res = await caller(t.app, 'songkhoe').post(
    'Auth/Login',
    { userName: 'val@example.com', password: PASSWORD },
    { device: DEVICE_A },
  );
  token = res.json.data.token;
});
afterAll(() => t.close());

describe('validation of the signed-in endpoints', () => {
  it('answers each invalid field with its message key', async () => {
    const cases: [string, unknown, string][] = [
      ['Users/ChangeEmail', { email: 'nope', otp: '123456' }, 'valid_email'],
      ['Users/ChangeMobileNumber', { countryId: 1, mobileNumber: '12', otp: '123456' }, 'mobile_no_required'],
      ['Users/ChangeMobileNumber', { countryId: 1, mobileNumber: '0912345678', otp: '1' }, 'enter_valid_OTP'],
      ['Users/resetPassword', { oldPassword: PASSWORD, password: 'Newer#123' }, 'confirm_pass_required'],
      [
        'Users/resetPassword',
        { oldPassword: '', password: 'Newer#123', passwordConfirm: 'x' },
        'valid_password',
      ],
      ['Users/setPinCode', { pinCode: '123', confirmPinCode: '123', password: PASSWORD }, 'valid_pin'],
      ['Users/ViewPinCode', { otp: 'abcdef' }, 'enter_valid_OTP'],
      ['Users/ConfigTwo2NFUser', { two2NFType: 5, password: PASSWORD }, 'invalid_two2NFType'],
      ['Users/ConfigurationWarningType', { warningType: 3 }, 'invalid_warning_type'],
      ['Users/LogoutReliableDevice', { ids: [] }, 'invalid_ids'],
      ['Users/SendDeleteAccountRequest', {}, 'valid_password'],
      ['Users/CheckUserPassword/check-password', { password: '' }, 'valid_password'],
      ['Auth/RequestOTP', { username: 'a@b.co', otpType: '0' }, 'invalid_otp_type'],
    ];
    for (const [path, body, key] of cases) {
      const res = await caller(t.app, 'songkhoe').post(path, body, { token });
      expect(res.status, path).toBe(400);
      expect(res.json.errors, `${path} ${JSON.stringify(body)}`).toContain(key);
    }
  });

  it('needs a token, and never answers 5xx to malformed bodies', async () => {
    // Valid bodies: validation runs before the auth hook, so the 401 check sends well-formed input.
    const valid: Record<string, unknown> = {
      'Users/UpdateUser': { fullName: 'A' },
      'Users/ChangeMobileNumber': { countryId: 1, mobileNumber: '0912345678', otp: '123456' },
      'Users/ChangeEmail': { email: 'a@b.co', otp: '123456' },
      'Users/resetPassword': { oldPassword: 'x', password: 'Newer#123', passwordConfirm: 'Newer#123' },
      'Users/CheckUserPassword/check-password': { password: 'x' },
      'Users/setPinCode': { pinCode: '1234', confirmPinCode: '1234', password: 'x' },
      'Users/ViewPinCode': { otp: '123456' },
      'Users/ConfigTwo2NFUser': { two2NFType: 0, password: 'x' },
      'Users/LogoutReliableDevice': { ids: [1] },
      'Users/ConfigurationWarningType': { warningType: 0 },
      'Users/SendDeleteAccountRequest': { password: 'x' },
      'Auth/Logout': {},
    };
    const paths = Object.keys(valid);
    for (const path of paths) {
      const anonymous = await caller(t.app, 'songkhoe').post(path, valid[path]);
      expect(anonymous.status, path).toBe(401);
      for (const payload of ['{', '[]', 'null', '{"ids":[{"a":1}]}', '{"fullName":{"$ne":1}}']) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/${path}`,
          headers: {
            companycode: 'songkhoe',
            host: '127.0.0.1:8080',
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
          },
          payload,
        });
        expect(res.statusCode, `${path} ${payload}`).toBeLessThan(500);
      }
    }
    const badId = await caller(t.app, 'songkhoe').get('Users/GetUser/abc', { token });
    expect(badId.status).toBe(400);
  });
});
