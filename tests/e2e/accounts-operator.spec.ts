import { expect, test } from '@playwright/test';
import { admin } from './admin';
import { createAccount, submitLogin, TEXT, uniqueEmail, useDevice } from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Operator commands reach the running e2e server (embedded database) through its admin socket.

test('a helpdesk password reset leads through PassNew to signed in (Vietnamese)', async ({ page }) => {
  const email = uniqueEmail('passnew');
  const device = await useDevice(page);
  await createAccount(page.request, 'songhong', email, device);
  const reset = admin('reset-password', 'songhong', email);
  expect(reset.code, reset.output).toBe(0);
  const temporary = /temporary password (\S+)/.exec(reset.output)![1]!;

  await gotoReady(page, portal('songhong'));
  await submitLogin(page, 'vi', email, temporary);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Bạn cần đặt mật khẩu mới trước khi tiếp tục.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill('weak');
  await dialog.getByLabel('Nhập lại mật khẩu mới').fill('weak');
  await dialog.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(dialog.getByText('Bạn cần đặt mật khẩu mới trước khi tiếp tục.')).toBeVisible();
  await dialog.getByLabel('Mật khẩu mới', { exact: true }).fill('Moi@Khau789');
  await dialog.getByLabel('Nhập lại mật khẩu mới').fill('Moi@Khau789');
  await dialog.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.vi.accountMenu(email) })).toBeVisible();
});

test('an account locked by the operator is refused until unlocked (English)', async ({ page }) => {
  const email = uniqueEmail('oplock');
  const device = await useDevice(page);
  await createAccount(page.request, 'saomai', email, device);
  expect(admin('lock', 'saomai', email).code).toBe(0);
  await gotoReady(page, portal('saomai'));
  await submitLogin(page, 'en', email);
  await expect(page.getByText('Your account is locked. Please contact the administrator.')).toBeVisible();

  expect(admin('unlock', 'saomai', email).code).toBe(0);
  await page.getByRole('dialog').getByRole('button', { name: TEXT.en.submit, exact: true }).click();
  await expect(page.getByText(TEXT.en.welcome)).toBeVisible();
});
