import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import {
  codeFor,
  enterCode,
  lastMessageId,
  logout,
  PASSWORD,
  signedIn,
  smsRecipient,
  submitLogin,
  TEXT,
  uniqueEmail,
  uniquePhone,
} from './accounts-support';
import { expectNoSeriousA11yViolations, portal } from './portal';

const settings = (tenant: 'songkhoe' | 'songhong' | 'saomai') => portal(tenant, '/me/profile-settings/');
const section = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** The next TOTP code that differs from `used` (the server refuses a code twice). */
async function freshTotp(totp: OTPAuth.TOTP, used: string | null): Promise<string> {
  let code = totp.generate();
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totp.generate();
  }
  return code;
}

test('two-factor by authenticator app: QR and secret, recovery codes once, then a TOTP at sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('totp');
  await signedIn(page, 'songkhoe', email);
  await page.goto(settings('songkhoe'));
  const box = section(page, 'Xác thực hai lớp');
  await box.getByLabel('Ứng dụng xác thực').check();
  await box.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await box.getByRole('button', { name: 'Lưu' }).click();
  await expect(box.getByRole('img', { name: /Mã QR/ })).toBeVisible();
  const secret = (await box.getByTestId('totp-secret').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  const first = await freshTotp(totp, null);
  await box.getByLabel('Mã xác thực').fill(first);
  await box.getByRole('button', { name: 'Bật xác thực hai lớp' }).click();
  await expect(box.getByRole('list', { name: 'Mã khôi phục' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await box.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();

  await logout(page, 'vi', email);
  await submitLogin(page, 'vi', email);
  await expect(page.getByRole('dialog', { name: 'Xác thực hai lớp' })).toBeVisible();
  await enterCode(page, 'vi', await freshTotp(totp, first));
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
});

test('two-factor by email in English: the emailed code completes the sign-in', async ({ page }) => {
  const email = uniqueEmail('mail2fa');
  await signedIn(page, 'saomai', email);
  await page.goto(settings('saomai'));
  const box = section(page, 'Two-factor authentication setup');
  await box.getByLabel('Code by email').check();
  await box.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Two-factor authentication has been updated.')).toBeVisible();

  await logout(page, 'en', email);
  const before = await lastMessageId(page.request, 'saomai', email);
  await submitLogin(page, 'en', email);
  await expect(page.getByRole('dialog', { name: 'Two-factor authentication' })).toBeVisible();
  await enterCode(page, 'en', await codeFor(page.request, 'saomai', email, before));
  await expect(page.getByText(TEXT.en.welcome)).toBeVisible();
});

test('change phone with a code sent to the new number; the header shows it', async ({ page }) => {
  const email = uniqueEmail('phone');
  const phone = uniquePhone();
  await signedIn(page, 'songhong', email);
  await page.goto(settings('songhong'));
  const box = section(page, 'Số điện thoại và email');
  await box.getByLabel('Số điện thoại mới').fill('123');
  await box.getByRole('button', { name: 'Gửi mã' }).first().click();
  await expect(box.getByText('Số điện thoại phải có từ 7 đến 15 chữ số.')).toBeVisible();
  await box.getByLabel('Số điện thoại mới').fill(phone);
  await box.getByRole('button', { name: 'Gửi mã' }).first().click();
  await box.getByLabel('Mã xác thực').fill(await codeFor(page.request, 'songhong', smsRecipient(phone)));
  await box.getByRole('button', { name: 'Đổi số điện thoại' }).click();
  await expect(page.getByText('Đã đổi số điện thoại.')).toBeVisible();
  await page.getByRole('button', { name: TEXT.vi.accountMenu(email) }).click();
  await expect(page.getByRole('banner')).toContainText(`+84 ${phone.slice(1)}`);
});

test('set a PIN, then view it with a code', async ({ page }) => {
  const email = uniqueEmail('pin');
  await signedIn(page, 'songkhoe', email);
  await page.goto(settings('songkhoe'));
  const box = section(page, 'Mã PIN');
  await box.getByLabel('Mã PIN (4 chữ số)').fill('12');
  await box.getByRole('button', { name: 'Lưu mã PIN' }).click();
  await expect(box.getByText('Mã PIN phải gồm 4 chữ số.')).toBeVisible();
  await box.getByLabel('Mã PIN (4 chữ số)').fill('2468');
  await box.getByLabel('Nhập lại mã PIN').fill('2468');
  await box.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await box.getByRole('button', { name: 'Lưu mã PIN' }).click();
  await expect(page.getByText('Đã lưu mã PIN.')).toBeVisible();
  const before = await lastMessageId(page.request, 'songkhoe', email);
  await box.getByRole('button', { name: 'Xem mã PIN' }).click();
  await box.getByLabel('Mã xác thực').fill(await codeFor(page.request, 'songkhoe', email, before));
  await box.getByRole('button', { name: 'Xem mã PIN' }).click();
  await expect(box.getByRole('status')).toContainText('2468');
});

test('delete account with the password signs out; the account cannot sign in again', async ({ page }) => {
  const email = uniqueEmail('delete');
  await signedIn(page, 'songkhoe', email);
  await page.goto(settings('songkhoe'));
  const box = section(page, 'Xóa tài khoản');
  await box.getByLabel('Mật khẩu', { exact: true }).fill('Wrong@999');
  await box.getByRole('button', { name: 'Xóa tài khoản' }).click();
  await expect(box.getByText('Mật khẩu xác nhận không đúng.')).toBeVisible();
  await box.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await box.getByRole('button', { name: 'Xóa tài khoản' }).click();
  await expect(page).toHaveURL(portal('songkhoe', '/'));
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await submitLogin(page, 'vi', email);
  await expect(page.getByRole('dialog', { name: 'Đăng nhập' })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.vi.accountMenu(email) })).toBeHidden();
});
