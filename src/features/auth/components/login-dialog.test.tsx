import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readUser } from '../../../lib/user-storage';
import { renderWithProviders } from '../../../test/render';
import type * as Push from '../../push';
import { LoginDialog } from './login-dialog';

// The server is faked at the hook level: each mutation answers with the envelope a test sets.
const { calls, answers, mutation, pushAfterSignIn } = vi.hoisted(() => {
  const pushAfterSignIn = { calls: 0 };
  const calls: Record<string, unknown[]> = {};
  const answers: Record<string, unknown[]> = {};
  const mutation = (name: string) => () => [
    async (body: unknown) => {
      (calls[name] ??= []).push(body);
      // An answer may be a promise, to hold the reply back while the test acts.
      return { data: await answers[name]?.shift() };
    },
    { isLoading: false },
  ];
  return { calls, answers, mutation, pushAfterSignIn };
});
// Web push after sign-in is the push feature's (its own tests); here only whether it is asked.
vi.mock('../../push', async (actual) => ({
  ...(await actual<typeof Push>()),
  usePushAfterSignIn: () => () => void pushAfterSignIn.calls++,
}));
vi.mock('../api', () => ({
  useLoginMutation: mutation('login'),
  useLoginWithOtpMutation: mutation('loginWithOtp'),
  useRequestOtpMutation: mutation('requestOtp'),
  useVerifyOtpMutation: mutation('verifyOtp'),
  useChangePasswordMutation: mutation('changePassword'),
  useChangePasswordNewMutation: mutation('changePasswordNew'),
  useVerifyTwoFactorMutation: mutation('verifyTwoFactor'),
  useVerifyReliableDeviceMutation: mutation('verifyReliableDevice'),
  useCreateUserMutation: mutation('createUser'),
  useVerifyCreateUserMutation: mutation('verifyCreateUser'),
  useResendCreateUserMutation: mutation('resendCreateUser'),
}));
vi.mock('../../../api/countries-api', () => ({
  useCountriesQuery: () => ({ data: [{ countryId: 1, code: 'VN', name: 'Việt Nam', phoneCode: '+84' }] }),
}));

const ok = (data: unknown, code: string | null = null) => ({
  isSuccess: code === null,
  codeMessageRespond: code,
  message: null,
  data,
  errors: null,
});
const user = {
  userId: 7,
  token: 'tok',
  refreshToken: 'ref',
  fullName: 'Lê An',
  tokenTwo2NFLogin: null,
  two2NFType: 0,
};

const open = () => {
  const onSignedIn = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<LoginDialog open onClose={onClose} onSignedIn={onSignedIn} />);
  return { onSignedIn, onClose };
};

const signIn = async (name = 'an@example.vn', password = 'Abc@123') => {
  await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), name);
  await userEvent.type(screen.getByLabelText('Mật khẩu'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
};

beforeEach(() => {
  pushAfterSignIn.calls = 0;
  localStorage.removeItem('fcmToken');
  for (const key of Object.keys(calls)) delete calls[key];
  for (const key of Object.keys(answers)) delete answers[key];
});

describe('LoginDialog', () => {
  it('ties validation messages to their fields and sends nothing', async () => {
    open();
    await signIn('an@', ' ');
    await userEvent.clear(screen.getByLabelText('Mật khẩu'));
    await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    const name = screen.getByLabelText('Email hoặc số điện thoại');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Vui lòng nhập email hoặc số điện thoại hợp lệ.').id).toBe(
      name.getAttribute('aria-describedby'),
    );
    expect(screen.getByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    expect(calls.login).toBeUndefined();
  });

  it('shows the country picker for a phone number and sends its countryId', async () => {
    answers.login = [ok(user)];
    const { onSignedIn } = open();
    await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), '0901234567');
    expect(screen.getByLabelText('Mã quốc gia')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'Abc@123');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(calls.login?.[0]).toMatchObject({ userName: '0901234567', countryId: 1, deviceType: 0 });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(readUser()).toMatchObject({ userId: 7, token: 'tok', refreshToken: 'ref', fullName: 'Lê An' });
    expect(readUser()?.cookie).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the authenticator code after a second-factor reply, then signs in', async () => {
    answers.login = [ok({ ...user, token: null, tokenTwo2NFLogin: 'second-factor-token', two2NFType: 2 })];
    answers.verifyTwoFactor = [ok(user)];
    const { onSignedIn } = open();
    await signIn();
    const code = await screen.findByLabelText('Mã xác thực');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('heading', { name: 'Xác thực hai lớp' })).toBeTruthy();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(calls.verifyTwoFactor?.[0]).toEqual({
      two2NFType: 2,
      otp: '123456',
      tokenTwo2NFLogin: 'second-factor-token',
    });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('sends this browser’s push token (fcmToken) as deviceTokenWeb, and registers it after a second factor', async () => {
    localStorage.setItem('fcmToken', 'browser-push-token:APA91b');
    answers.login = [ok({ ...user, token: null, tokenTwo2NFLogin: 'second-factor-token', two2NFType: 2 })];
    answers.verifyTwoFactor = [ok(user)];
    const { onSignedIn } = open();
    await signIn();
    expect(calls.login?.[0]).toMatchObject({ deviceTokenWeb: 'browser-push-token:APA91b', deviceType: 0 });
    expect(pushAfterSignIn.calls).toBe(0);
    await userEvent.type(await screen.findByLabelText('Mã xác thực'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(pushAfterSignIn.calls).toBe(1);
  });

  it('keeps a refused code under the code field', async () => {
    answers.login = [ok(null, 'LoginStrangeDevice')];
    answers.verifyReliableDevice = [{ ...ok(null, 'enter_valid_OTP'), errors: ['enter_valid_OTP'] }];
    open();
    await signIn();
    await userEvent.type(await screen.findByLabelText('Mã xác thực'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Mã xác thực không đúng.')).toBeTruthy();
  });

  it('sets a new password on PassNew and signs in with the reply', async () => {
    answers.login = [ok(null, 'PassNew')];
    answers.changePasswordNew = [ok(user)];
    const { onSignedIn } = open();
    await signIn('an@example.vn', 'Old@123');
    await userEvent.type(await screen.findByLabelText('Mật khẩu mới'), 'New@123');
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'New@124');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu mật khẩu' }));
    expect(screen.getByText('Mật khẩu mới và mật khẩu xác nhận phải giống nhau.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Nhập lại mật khẩu mới'));
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'New@123');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu mật khẩu' }));
    expect(calls.changePasswordNew?.[0]).toMatchObject({
      UserName: 'an@example.vn',
      Password: 'New@123',
      currentPassword: 'Old@123',
    });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('offers forgot password when the account is locked, and runs its three steps', async () => {
    answers.login = [{ ...ok(null, 'AccountLocked'), message: 'Locked' }];
    answers.requestOtp = [ok({ userId: 7 })];
    answers.verifyOtp = [ok({ userId: 7 })];
    answers.changePassword = [ok(null)];
    open();
    await signIn();
    expect(await screen.findByRole('alert')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Quên mật khẩu?' })[0]!);
    expect(screen.getByRole('heading', { name: 'Quên mật khẩu' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), 'an@example.vn');
    await userEvent.click(screen.getByRole('button', { name: 'Gửi mã' }));
    await userEvent.type(await screen.findByLabelText('Mã xác thực'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await userEvent.type(await screen.findByLabelText('Mật khẩu mới'), 'New@123');
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'New@123');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu mật khẩu' }));
    expect(calls.changePassword?.[0]).toMatchObject({ username: 'an@example.vn', otp: '654321', otpType: 1 });
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeTruthy();
  });

  it('drops a login reply that arrives after the user moved on to forgot password', async () => {
    let answerLate: (reply: unknown) => void = () => {};
    answers.login = [new Promise((resolve) => (answerLate = resolve))];
    open();
    await signIn();
    await userEvent.click(screen.getByRole('button', { name: 'Quên mật khẩu?' }));
    expect(screen.getByRole('heading', { name: 'Quên mật khẩu' })).toBeTruthy();
    answerLate({ ...ok(null, 'AccountLocked'), message: 'Locked' });
    await waitFor(() => expect(calls.login).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('heading', { name: 'Quên mật khẩu' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Đăng nhập' })).toBeNull();
  });

  it('checks every registration rule before creating the account', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản mới' }));
    await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), '12345');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'abc def');
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    expect(screen.getByText('Vui lòng nhập email hoặc số điện thoại hợp lệ.')).toBeTruthy();
    expect(screen.getByText('Mật khẩu không được chứa khoảng trắng.')).toBeTruthy();
    expect(screen.getByText(/Mật khẩu xác nhận phải có ít nhất 6 ký tự/)).toBeTruthy();
    expect(screen.getByText('Vui lòng đọc và đồng ý với điều khoản sử dụng.')).toBeTruthy();
    expect(calls.createUser).toBeUndefined();
  });
});
