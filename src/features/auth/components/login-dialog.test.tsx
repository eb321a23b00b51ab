import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readUser } from '../../../lib/user-storage';
import { fakeApi, type FakeAnswer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type * as Push from '../../push';
import { LoginDialog } from './login-dialog';

// The API is faked at the network: each POST answers from the queue a test sets for its path.
const answers: Record<string, (FakeAnswer | Promise<FakeAnswer>)[]> = {};
let api: ReturnType<typeof fakeApi>;
/** The bodies sent to one path. */
const sentTo = (path: string) => api.calls('POST', path).map((sent) => sent.body);
const VIETNAM = { countryId: 1, code: 'VN', name: 'Việt Nam', phoneCode: '+84' };

// Web push after sign-in is the push feature's (its own tests); here only whether it is asked.
const { pushAfterSignIn } = vi.hoisted(() => ({ pushAfterSignIn: { calls: 0 } }));
vi.mock('../../push', async (actual) => ({
  ...(await actual<typeof Push>()),
  usePushAfterSignIn: () => () => void pushAfterSignIn.calls++,
}));

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
  for (const key of Object.keys(answers)) delete answers[key];
  api = fakeApi((sent) =>
    sent.path === 'Countries' ? { data: [VIETNAM] } : answers[`${sent.method} ${sent.path}`]?.shift(),
  );
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
    expect(sentTo('Auth/Login')).toEqual([]);
  });

  it('shows the country picker for a phone number and sends its countryId', async () => {
    answers['POST Auth/Login'] = [{ data: user }];
    const { onSignedIn } = open();
    await userEvent.type(screen.getByLabelText('Email hoặc số điện thoại'), '0901234567');
    expect(screen.getByLabelText('Mã quốc gia')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'Abc@123');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(sentTo('Auth/Login')[0]).toMatchObject({ userName: '0901234567', countryId: 1, deviceType: 0 }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(readUser()).toMatchObject({ userId: 7, token: 'tok', refreshToken: 'ref', fullName: 'Lê An' });
    expect(readUser()?.cookie).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for the authenticator code after a second-factor reply, then signs in', async () => {
    answers['POST Auth/Login'] = [
      { data: { ...user, token: null, tokenTwo2NFLogin: 'second-factor-token', two2NFType: 2 } },
    ];
    answers['POST Auth/VerifyOTPTwo2NF'] = [{ data: user }];
    const { onSignedIn } = open();
    await signIn();
    const code = await screen.findByLabelText('Mã xác thực');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('heading', { name: 'Xác thực hai lớp' })).toBeTruthy();
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() =>
      expect(sentTo('Auth/VerifyOTPTwo2NF')[0]).toEqual({
        two2NFType: 2,
        otp: '123456',
        tokenTwo2NFLogin: 'second-factor-token',
      }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('sends this browser’s push token (fcmToken) as deviceTokenWeb, and registers it after a second factor', async () => {
    localStorage.setItem('fcmToken', 'browser-push-token:APA91b');
    answers['POST Auth/Login'] = [
      { data: { ...user, token: null, tokenTwo2NFLogin: 'second-factor-token', two2NFType: 2 } },
    ];
    answers['POST Auth/VerifyOTPTwo2NF'] = [{ data: user }];
    const { onSignedIn } = open();
    await signIn();
    await waitFor(() =>
      expect(sentTo('Auth/Login')[0]).toMatchObject({
        deviceTokenWeb: 'browser-push-token:APA91b',
        deviceType: 0,
      }),
    );
    expect(pushAfterSignIn.calls).toBe(0);
    await userEvent.type(await screen.findByLabelText('Mã xác thực'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(pushAfterSignIn.calls).toBe(1);
  });

  it('keeps a refused code under the code field', async () => {
    answers['POST Auth/Login'] = [{ code: 'LoginStrangeDevice' }];
    answers['POST Auth/VerifyOTPReliableDevice'] = [
      { status: 400, code: 'enter_valid_OTP', errors: ['enter_valid_OTP'] },
    ];
    open();
    await signIn();
    await userEvent.type(await screen.findByLabelText('Mã xác thực'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Mã xác thực không đúng.')).toBeTruthy();
  });

  it('sets a new password on PassNew and signs in with the reply', async () => {
    answers['POST Auth/Login'] = [{ code: 'PassNew' }];
    answers['POST Auth/ChangePasswordNew'] = [{ data: user }];
    const { onSignedIn } = open();
    await signIn('an@example.vn', 'Old@123');
    await userEvent.type(await screen.findByLabelText('Mật khẩu mới'), 'New@123');
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'New@124');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu mật khẩu' }));
    expect(screen.getByText('Mật khẩu mới và mật khẩu xác nhận phải giống nhau.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Nhập lại mật khẩu mới'));
    await userEvent.type(screen.getByLabelText('Nhập lại mật khẩu mới'), 'New@123');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu mật khẩu' }));
    await waitFor(() =>
      expect(sentTo('Auth/ChangePasswordNew')[0]).toMatchObject({
        UserName: 'an@example.vn',
        Password: 'New@123',
        currentPassword: 'Old@123',
      }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('offers forgot password when the account is locked, and runs its three steps', async () => {
    answers['POST Auth/Login'] = [{ status: 423, code: 'AccountLocked', message: 'Locked' }];
    answers['POST Auth/RequestOTP'] = [{ data: { userId: 7 } }];
    answers['POST Auth/VerifyOTP'] = [{ data: { userId: 7 } }];
    answers['POST Auth/ChangePassword'] = [{}];
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
    await waitFor(() =>
      expect(sentTo('Auth/ChangePassword')[0]).toMatchObject({
        username: 'an@example.vn',
        otp: '654321',
        otpType: 1,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Đăng nhập' })).toBeTruthy();
  });

  it('drops a login reply that arrives after the user moved on to forgot password', async () => {
    let answerLate: (reply: FakeAnswer) => void = () => {};
    answers['POST Auth/Login'] = [new Promise((resolve) => (answerLate = resolve))];
    open();
    await signIn();
    await userEvent.click(screen.getByRole('button', { name: 'Quên mật khẩu?' }));
    expect(screen.getByRole('heading', { name: 'Quên mật khẩu' })).toBeTruthy();
    await waitFor(() => expect(sentTo('Auth/Login')).toHaveLength(1));
    answerLate({ status: 423, code: 'AccountLocked', message: 'Locked' });
    // The reply crosses the fake network and the store before the page could react to it.
    await new Promise((resolve) => setTimeout(resolve, 100));
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
    expect(sentTo('Users/CreateUserWithOTP')).toEqual([]);
  });
});
