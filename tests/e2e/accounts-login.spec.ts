import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  codeFor,
  createAccount,
  enterCode,
  lastMessageId,
  PASSWORD,
  smsRecipient,
  submitLogin,
  TEXT,
  uniqueEmail,
  uniquePhone,
  useDevice,
} from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

test('login by one-time code with country and mobile number (Vietnamese)', async ({ page }) => {
  const phone = uniquePhone();
  await createAccount(page.request, 'songhong', phone, randomUUID());
  await gotoReady(page, portal('songhong'));
  await page.getByRole('banner').getByRole('button', { name: TEXT.vi.signInButton }).click();
  await page.getByRole('button', { name: 'Đăng nhập bằng mã OTP' }).click();
  const dialog = page.getByRole('dialog', { name: 'Đăng nhập bằng mã OTP' });
  await dialog.getByRole('button', { name: 'Gửi mã' }).click();
  await expect(dialog.getByText('Vui lòng nhập số điện thoại.')).toBeVisible();
  await dialog.getByLabel('Số điện thoại').fill(phone);
  const before = await lastMessageId(page.request, 'songhong', smsRecipient(phone));
  await dialog.getByRole('button', { name: 'Gửi mã' }).click();
  await expect(page.getByText('Mã xác thực đã được gửi tới số điện thoại của bạn.')).toBeVisible();
  const code = dialog.getByLabel('Mã xác thực');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoSeriousA11yViolations(page);
  await enterCode(page, 'vi', await codeFor(page.request, 'songhong', smsRecipient(phone), before));
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
  await expect(
    page.getByRole('button', { name: TEXT.vi.accountMenu(`+84 ${phone.slice(1)}`) }),
  ).toBeVisible();
});

test('a new browser is a new device: the code sent to the email lets it in (English)', async ({ page }) => {
  const email = uniqueEmail('device');
  await createAccount(page.request, 'saomai', email, randomUUID());
  await gotoReady(page, portal('saomai'));
  const before = await lastMessageId(page.request, 'saomai', email);
  await submitLogin(page, 'en', email);
  await expect(page.getByRole('dialog', { name: 'Verify this new device' })).toBeVisible();
  await enterCode(page, 'en', '000000');
  await expect(page.getByText('The verification code is not correct.')).toBeVisible();
  await enterCode(page, 'en', await codeFor(page.request, 'saomai', email, before));
  await expect(page.getByText(TEXT.en.welcome)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.en.accountMenu(email) })).toBeVisible();
});

test('wrong passwords lock the account; forgot password unlocks it in three steps', async ({ page }) => {
  const email = uniqueEmail('lock');
  const device = await useDevice(page);
  await createAccount(page.request, 'songkhoe', email, device);
  await gotoReady(page, portal('songkhoe'));
  await submitLogin(page, 'vi', email, 'Wrong@123');
  await expect(page.getByText('Email/số điện thoại hoặc mật khẩu không đúng.')).toBeVisible();
  const dialog = page.getByRole('dialog');
  // Each attempt waits for its reply, so no login is still in flight when forgot password opens.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reply = page.waitForResponse((response) => response.url().endsWith('/api/v1/Auth/Login'));
    await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    if ((await (await reply).json()).codeMessageRespond === 'AccountLocked') break;
  }
  await expect(dialog.getByRole('alert')).toContainText('Tài khoản tạm thời bị khóa');
  await dialog.getByRole('alert').getByRole('button', { name: 'Quên mật khẩu?' }).click();

  await expect(page.getByRole('dialog', { name: 'Quên mật khẩu' })).toBeVisible();
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  const before = await lastMessageId(page.request, 'songkhoe', email);
  await page.getByRole('button', { name: 'Gửi mã' }).click();
  await enterCode(page, 'vi', await codeFor(page.request, 'songkhoe', email, before));
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Short');
  await page.getByLabel('Nhập lại mật khẩu mới').fill('Short');
  await page.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(page.getByText('Mật khẩu phải có ít nhất 6 ký tự.')).toBeVisible();
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('New@5678');
  await page.getByLabel('Nhập lại mật khẩu mới').fill('New@5678');
  await page.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(page.getByText('Đổi mật khẩu thành công.')).toBeVisible();

  // Back on the login view: the new password works.
  const login = page.getByRole('dialog', { name: 'Đăng nhập' });
  await login.getByLabel('Email hoặc số điện thoại').fill(email);
  await login.getByLabel('Mật khẩu', { exact: true }).fill('New@5678');
  await login.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
});

test('anonymous my appointments asks to sign in, then goes where it was going', async ({ page }) => {
  const email = uniqueEmail('next');
  const device = await useDevice(page);
  await createAccount(page.request, 'songhong', email, device);
  const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
  await gotoReady(page, portal('songhong'));
  await page.getByRole('banner').getByRole('button', { name: 'Lịch hẹn của tôi' }).click();
  await dialog.getByLabel('Email hoặc số điện thoại').fill(email);
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).toHaveURL(portal('songhong', '/me/appointments-list/'));
});
