import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { codeFor, lastMessageId, PASSWORD, signedIn, uniqueEmail } from './accounts-support';
import { expectNoSeriousA11yViolations, portal } from './portal';

const settings = portal('songhong', '/me/profile-settings/');

test('login devices: another device is listed and signed out; login alerts are saved', async ({ page }) => {
  const email = uniqueEmail('devices');
  await signedIn(page, 'songhong', email);

  // A second device signs in through the API (new device: confirmed by the emailed code).
  const other = randomUUID();
  const headers = { CompanyCode: 'songhong', unique: other };
  const before = await lastMessageId(page.request, 'songhong', email);
  const login = { userName: email, password: PASSWORD, deviceType: 0, deviceTokenWeb: '' };
  const first = await page.request.post(portal('songkhoe', '/api/v1/Auth/Login'), { headers, data: login });
  expect((await first.json()).codeMessageRespond).toBe('LoginStrangeDevice');
  const otp = await codeFor(page.request, 'songhong', email, before);
  const verified = await page.request.post(portal('songkhoe', '/api/v1/Auth/VerifyOTPReliableDevice'), {
    headers,
    data: { userName: email, otp, deviceToken: other },
  });
  const otherRefresh = (await verified.json()).data.refreshToken as string;

  await page.goto(settings);
  const devices = page.getByRole('region', { name: 'Thiết bị đăng nhập' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByText('(thiết bị này)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await devices.getByRole('button', { name: 'Đăng xuất tất cả thiết bị khác' }).click();
  await expect(page.getByText('Đã đăng xuất thiết bị.')).toBeVisible();
  await expect(devices.getByText('đã đăng xuất')).toHaveCount(1);
  await expect(devices.getByRole('button', { name: /^Đăng xuất / })).toHaveCount(1);
  const refreshed = await page.request.post(portal('songkhoe', '/api/v1/Auth/RefreshToken'), {
    headers,
    data: { refreshToken: otherRefresh },
  });
  expect(refreshed.status()).toBe(401);

  const alerts = page.getByRole('region', { name: 'Cảnh báo đăng nhập' });
  await alerts.getByLabel('Gửi email khi có thiết bị mới đăng nhập').check();
  await expect(page.getByText('Đã lưu cài đặt cảnh báo.')).toBeVisible();
  await page.reload();
  await expect(alerts.getByLabel('Gửi email khi có thiết bị mới đăng nhập')).toBeChecked();
});

test('change password needs the current one; profile name shows in the header', async ({ page }) => {
  const email = uniqueEmail('passwd');
  await signedIn(page, 'songhong', email);
  await page.goto(settings);
  const profile = page.getByRole('region', { name: 'Thông tin cá nhân' });
  await profile.getByLabel('Họ và tên').fill('Phạm Thu Hà');
  await profile.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText('Đã lưu thông tin.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tài khoản của Phạm Thu Hà' })).toBeVisible();

  const box = page.getByRole('region', { name: 'Đổi mật khẩu' });
  await box.getByLabel('Mật khẩu hiện tại').fill('Wrong@111');
  await box.getByLabel('Mật khẩu mới', { exact: true }).fill('Next@2468');
  await box.getByLabel('Nhập lại mật khẩu mới').fill('Next@2468');
  await box.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(box.getByText('Mật khẩu xác nhận không đúng.')).toBeVisible();
  await box.getByLabel('Mật khẩu hiện tại').fill(PASSWORD);
  await box.getByRole('button', { name: 'Lưu mật khẩu' }).click();
  await expect(page.getByText('Đổi mật khẩu thành công.')).toBeVisible();
  await expect(box.getByLabel('Mật khẩu hiện tại')).toHaveValue('');
});
