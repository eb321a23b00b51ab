import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  codeFor,
  createAccount,
  enterCode,
  logout,
  PASSWORD,
  smsRecipient,
  submitLogin,
  TEXT,
  uniqueEmail,
  uniquePhone,
} from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

test('register by email (Vietnamese), sign out, and sign in again on the same browser', async ({ page }) => {
  const email = uniqueEmail('reg');
  await gotoReady(page, portal('songkhoe'));
  await page.getByRole('banner').getByRole('button', { name: TEXT.vi.signInButton }).click();
  const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
  await dialog.getByRole('button', { name: 'Tạo tài khoản mới' }).click();
  await expect(page.getByRole('dialog', { name: 'Tạo tài khoản' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await expect(page.getByText('Vui lòng đọc và đồng ý với điều khoản sử dụng.')).toBeVisible();
  await page.getByLabel(/Tôi đã đọc và đồng ý/).check();
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();

  await expect(page.getByRole('button', { name: /Gửi lại mã sau \d+ giây/ })).toBeDisabled();
  await enterCode(page, 'vi', await codeFor(page.request, 'songkhoe', email));
  await expect(page.getByText('Tạo tài khoản thành công.')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: TEXT.vi.accountMenu(email) })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(stored).toMatchObject({ email, token: expect.any(String), refreshToken: expect.any(String) });
  expect(stored.cookie).toBe(await page.evaluate(() => localStorage.getItem('device_id')));

  // Sign out revokes the refresh token on the server.
  const refreshToken = stored.refreshToken as string;
  await logout(page, 'vi', email);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  const refreshed = await page.request.post(portal('songkhoe', '/api/v1/Auth/RefreshToken'), {
    data: { refreshToken },
  });
  expect(refreshed.status()).toBe(401);

  // Same browser = a trusted device: no code needed.
  await submitLogin(page, 'vi', email);
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.vi.accountMenu(email) })).toBeVisible();
});

test('register by phone in English on an English tenant, with the country picker', async ({ page }) => {
  const phone = uniquePhone();
  await gotoReady(page, portal('saomai'));
  await page.getByRole('banner').getByRole('button', { name: TEXT.en.signInButton }).click();
  await page.getByRole('button', { name: 'Create a new account' }).click();
  await page.getByLabel('Email or mobile number').fill(phone);
  await expect(page.getByLabel('Country code')).toHaveValue('1'); // Vietnam once the list loads
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('Abc@9999');
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The password and its confirmation must match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please check your phone for the verification code.')).toBeVisible();
  await enterCode(page, 'en', await codeFor(page.request, 'saomai', smsRecipient(phone)));
  await expect(page.getByText('Your account has been created.')).toBeVisible();
  await page.getByRole('button', { name: TEXT.en.accountMenu(`+84 ${phone.replace(/^0/, '')}`) }).click();
  await expect(page.getByRole('banner')).toContainText(phone.replace(/^0/, ''));
});

test('register with a phone typed with spaces, then sign in with it typed as +84', async ({ page }) => {
  const phone = uniquePhone(); // 09xxxxxxxx
  const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`; // 0912 345 678
  const national = phone.replace(/^0/, '');
  await gotoReady(page, portal('songkhoe'));
  await page.getByRole('banner').getByRole('button', { name: TEXT.vi.signInButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tạo tài khoản mới' }).click();
  await page.getByLabel('Email hoặc số điện thoại').fill(spaced);
  await expect(page.getByLabel('Mã quốc gia')).toHaveValue('1'); // a phone number: Vietnam picked
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
  await page.getByLabel(/Tôi đã đọc và đồng ý/).check();
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await expect(page.getByText('Vui lòng kiểm tra mã xác thực trên điện thoại của bạn.')).toBeVisible();
  await enterCode(page, 'vi', await codeFor(page.request, 'songkhoe', smsRecipient(phone)));
  await expect(page.getByText('Tạo tài khoản thành công.')).toBeVisible();
  const menu = TEXT.vi.accountMenu(`+84 ${national}`);
  await expect(page.getByRole('button', { name: menu })).toBeVisible();

  await logout(page, 'vi', `+84 ${national}`);
  await submitLogin(page, 'vi', `+84 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`);
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
  await expect(page.getByRole('button', { name: menu })).toBeVisible();
});

test('a registration link with ?invitedby= opens create account and records the referrer', async ({
  page,
}) => {
  const referrerId = await createAccount(page.request, 'songhong', uniqueEmail('referrer'), randomUUID());
  const email = uniqueEmail('invited');
  await gotoReady(page, portal('songhong', `/?invitedby=${referrerId}`));
  const dialog = page.getByRole('dialog', { name: 'Tạo tài khoản' });
  await dialog.getByLabel('Email hoặc số điện thoại').fill(email);
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
  await dialog.getByLabel(/Tôi đã đọc và đồng ý/).check();
  await dialog.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await enterCode(page, 'vi', await codeFor(page.request, 'songhong', email));
  await expect(page.getByRole('button', { name: TEXT.vi.accountMenu(email) })).toBeVisible();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  const profile = await page.request.get(portal('songkhoe', `/api/v1/Users/GetUser/${user.userId}`), {
    headers: { CompanyCode: 'songhong', authorization: `Bearer ${user.token}`, unique: user.cookie },
  });
  expect((await profile.json()).data.referralId).toBe(referrerId);
});
