import { Secret, TOTP } from 'otpauth';
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

const api = () => caller(t.app, 'songkhoe');
async function signIn(email: string, password = PASSWORD) {
  const res = await api().post('Auth/Login', { userName: email, password }, { device: DEVICE_A });
  return res.json.data as {
    token: string;
    refreshToken: string;
    userId: number;
    tokenTwo2NFLogin: string | null;
  };
}

describe('account settings', () => {
  it('updates the profile and validates it', async () => {
    await createUser(t.db, 'songkhoe', { email: 'prof@example.com' });
    const { token, userId } = await signIn('prof@example.com');
    const bad = await api().post(
      'Users/UpdateUser',
      { fullName: ' ', gender: 'X', dateOfBirth: '1990-13-45' },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(expect.arrayContaining(['valid_full_name', 'valid_gender']));
    const res = await api().post(
      'Users/UpdateUser',
      { fullName: 'Trần Thị B', gender: 'F', dateOfBirth: '1990-02-03' },
      { token },
    );
    expect(res.json.data).toMatchObject({
      userId,
      fullName: 'Trần Thị B',
      gender: 'F',
      dateOfBirth: '1990-02-03',
    });
  });

  it('changes the email and the mobile number with a code sent to the new address', async () => {
    await createUser(t.db, 'songkhoe', { email: 'old@example.com' });
    await createUser(t.db, 'songkhoe', { email: 'taken@example.com' });
    const { token } = await signIn('old@example.com');
    const taken = await api().post(
      'Auth/RequestOTP',
      { username: 'taken@example.com', otpType: 3 },
      { token },
    );
    expect(taken.json.codeMessageRespond).toBe('MobileEmailExist');
    await api().post('Auth/RequestOTP', { username: 'fresh@example.com', otpType: 3 }, { token });
    const code = await api().lastCode('fresh@example.com');
    const changed = await api().post(
      'Users/ChangeEmail',
      { email: 'fresh@example.com', otp: code },
      { token },
    );
    expect(changed.json.data.email).toBe('fresh@example.com');
    await api().post('Auth/RequestOTP', { username: '0933333333', countryId: 1, otpType: 2 }, { token });
    const sms = await api().lastCode('+84933333333');
    const mobile = await api().post(
      'Users/ChangeMobileNumber',
      { countryId: 1, mobileNumber: '0933333333', otp: sms },
      { token },
    );
    expect(mobile.json.data).toMatchObject({ phoneCode: '+84', mobileNumber: '933333333' });
  });

  it('resetPassword needs the old password and signs other devices out', async () => {
    await createUser(t.db, 'songkhoe', { email: 'reset@example.com' });
    const a = await signIn('reset@example.com');
    await api().post('Auth/RequestOTP', { username: 'reset@example.com', otpType: 0 });
    const otp = await api().lastCode('reset@example.com');
    const b = await api().post(
      'Auth/LoginWithOTP',
      { userName: 'reset@example.com', otp },
      { device: DEVICE_B },
    );
    const wrong = await api().post(
      'Users/resetPassword',
      { oldPassword: 'Nope@123', password: 'Newer#123', passwordConfirm: 'Newer#123' },
      { token: a.token },
    );
    expect(wrong.json.codeMessageRespond).toBe('PasswordConfirmFail');
    const common = await api().post(
      'Users/resetPassword',
      { oldPassword: PASSWORD, password: 'P@ssw0rd', passwordConfirm: 'P@ssw0rd' },
      { token: a.token },
    );
    expect(common.json.errors).toContain('common_password');
    const ok = await api().post(
      'Users/resetPassword',
      { oldPassword: PASSWORD, password: 'Newer#123', passwordConfirm: 'Newer#123' },
      { token: a.token },
    );
    expect(ok.status).toBe(200);
    expect((await signIn('reset@example.com', 'Newer#123')).token).toBeTruthy();
    const other = await api().post('Auth/RefreshToken', { refreshToken: b.json.data.refreshToken });
    expect(other.status).toBe(401);
    expect((await api().post('Auth/RefreshToken', { refreshToken: a.refreshToken })).status).toBe(200);
    const check = await api().post(
      'Users/CheckUserPassword/check-password',
      { password: 'Newer#123' },
      { token: a.token },
    );
    expect(check.json.data).toBe(true);
    const bad = await api().post(
      'Users/CheckUserPassword/check-password',
      { password: PASSWORD },
      { token: a.token },
    );
    expect(bad.json.codeMessageRespond).toBe('PasswordConfirmFail');
  });

  it('sets a PIN (hashed and sealed) and shows it with a viewPin code', async () => {
    const id = await createUser(t.db, 'songkhoe', { email: 'pin@example.com' });
    const { token } = await signIn('pin@example.com');
    const mismatch = await api().post(
      'Users/setPinCode',
      { pinCode: '1234', confirmPinCode: '4321', password: PASSWORD },
      { token },
    );
    expect(mismatch.json.errors).toEqual(['pin_confirm_pin_same']);
    const badPin = await api().post(
      'Users/setPinCode',
      { pinCode: '12a4', confirmPinCode: '12a4', password: PASSWORD },
      { token },
    );
    expect(badPin.json.errors).toContain('valid_pin');
    expect(
      (
        await api().post(
          'Users/setPinCode',
          { pinCode: '2580', confirmPinCode: '2580', password: PASSWORD },
          { token },
        )
      ).status,
    ).toBe(200);
    const [row] = await onTenant<{ pin_hash: string; pin_sealed: string }>(
      t.db,
      'songkhoe',
      'SELECT pin_hash, pin_sealed FROM users WHERE user_id = $1',
      [id],
    );
    expect(row!.pin_hash).toMatch(/^\$argon2id\$/);
    expect(row!.pin_sealed).not.toContain('2580');
    await api().post('Auth/RequestOTP', { username: 'pin@example.com', otpType: 7 }, { token });
    const code = await api().lastCode('pin@example.com');
    const view = await api().post('Users/ViewPinCode', { otp: code }, { token });
    expect(view.json.data.pinCode).toBe('2580');
  });

  it('authenticator-app second factor: enrol, sign in with TOTP, then with a recovery code once', async () => {
    await createUser(t.db, 'songkhoe', { email: 'totp@example.com' });
    const { token } = await signIn('totp@example.com');
    const enrol = await api().post(
      'Users/ConfigTwo2NFUser',
      { two2NFType: 2, password: PASSWORD },
      { token },
    );
    expect(enrol.json.data.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrol.json.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const t0 = Date.now();
    setNow(new Date(t0));
    const totp = new TOTP({ secret: Secret.fromBase32(enrol.json.data.secret), digits: 6, period: 30 });
    const confirm = await api().post(
      'Users/ConfigTwo2NFUser',
      { two2NFType: 2, password: PASSWORD, otp: totp.generate({ timestamp: t0 }) },
      { token },
    );
    expect(confirm.json.data.enabled).toBe(true);
    const recovery: string[] = confirm.json.data.recoveryCodes;
    expect(recovery).toHaveLength(10);

    const step = await signIn('totp@example.com');
    expect(step.token).toBeNull();
    expect(step.tokenTwo2NFLogin).toBeTruthy();
    const wrong = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 2,
      otp: '000000',
      tokenTwo2NFLogin: step.tokenTwo2NFLogin,
    });
    expect(wrong.json.errors).toEqual(['enter_valid_OTP']);
    // The enrolment code cannot be replayed: sign-in needs the next 30 s step's code.
    const replay = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 2,
      otp: totp.generate({ timestamp: t0 }),
      tokenTwo2NFLogin: step.tokenTwo2NFLogin,
    });
    expect(replay.status).toBe(400);
    setNow(new Date(t0 + 30_000));
    const done = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 2,
      otp: totp.generate({ timestamp: t0 + 30_000 }),
      tokenTwo2NFLogin: step.tokenTwo2NFLogin,
    });
    expect(done.json.data.token).toBeTruthy();

    const viaRecovery = await signIn('totp@example.com');
    const r1 = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 2,
      otp: recovery[0],
      tokenTwo2NFLogin: viaRecovery.tokenTwo2NFLogin,
    });
    expect(r1.json.data.token).toBeTruthy();
    const again = await signIn('totp@example.com');
    const r2 = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 2,
      otp: recovery[0],
      tokenTwo2NFLogin: again.tokenTwo2NFLogin,
    });
    expect(r2.status).toBe(400);
  });

  it('email second factor sends a code', async () => {
    await createUser(t.db, 'songkhoe', { email: 'mail2fa@example.com', extra: { two_factor_type: 1 } });
    const step = await signIn('mail2fa@example.com');
    expect(step.tokenTwo2NFLogin).toBeTruthy();
    const code = await api().lastCode('mail2fa@example.com');
    const done = await api().post('Auth/VerifyOTPTwo2NF', {
      two2NFType: 1,
      otp: code,
      tokenTwo2NFLogin: step.tokenTwo2NFLogin,
    });
    expect(done.json.data.token).toBeTruthy();
  });

  it('login alerts: an email when a new device signs in', async () => {
    await createUser(t.db, 'songkhoe', { email: 'alert@example.com' });
    const { token } = await signIn('alert@example.com');
    expect((await api().post('Users/ConfigurationWarningType', { warningType: 1 }, { token })).status).toBe(
      200,
    );
    await api().post('Auth/RequestOTP', { username: 'alert@example.com', otpType: 0 });
    const code = await api().lastCode('alert@example.com');
    await api().post('Auth/LoginWithOTP', { userName: 'alert@example.com', otp: code }, { device: DEVICE_B });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?to=alert@example.com',
      headers: { companycode: 'songkhoe', host: '127.0.0.1:8080' },
    });
    expect(res.json().data[0].subject).toMatch(/Cảnh báo đăng nhập/);
    // And an in-app notification (with its push on the way) the user finds in the list.
    const notes = await api().get('Notifications/GetAllNotifications', { token });
    expect(notes.json.data.notifications[0]).toMatchObject({
      typeNotify: 'NewDeviceSignIn',
      title: 'Đăng nhập từ thiết bị mới',
    });
  });

  it('deleting the account needs the password and disables it at once', async () => {
    await createUser(t.db, 'songkhoe', { email: 'bye@example.com' });
    const { token, refreshToken } = await signIn('bye@example.com');
    const wrong = await api().post('Users/SendDeleteAccountRequest', { password: 'Nope@123' }, { token });
    expect(wrong.json.codeMessageRespond).toBe('PasswordConfirmFail');
    expect(
      (await api().post('Users/SendDeleteAccountRequest', { password: PASSWORD }, { token })).status,
    ).toBe(200);
    expect(
      (await api().post('Auth/Login', { userName: 'bye@example.com', password: PASSWORD })).json
        .codeMessageRespond,
    ).toBe('UserNameOrPasswordFail');
    expect((await api().post('Auth/RefreshToken', { refreshToken })).status).toBe(401);
  });
});
