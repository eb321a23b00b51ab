import { expect, test } from '@playwright/test';
import { codeFor, enterCode, PASSWORD, signedIn, TEXT, uniqueEmail } from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Account pages as a new patient meets them: on a phone, in profile settings, after sign-up.

test.describe('on a phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('account pages start with their own heading on the first screen; the menu is one tap away', async ({
    page,
  }) => {
    await signedIn(page, 'songhong', uniqueEmail('phone'));
    for (const [path, heading] of [
      ['/me/profile-settings/', 'Thông tin cá nhân'],
      ['/me/notification-list/', 'Thông báo'],
      ['/me/privacy', 'Quyền riêng tư'],
    ] as const) {
      await gotoReady(page, portal('songhong', path));
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      const box = (await h1.boundingBox())!;
      expect(box.y + box.height, `${path}: the h1 is above the fold`).toBeLessThanOrEqual(844);
    }

    // The compact menu names the current page and opens with the keyboard.
    const menu = page.getByRole('navigation', { name: 'Tài khoản' });
    const toggle = menu.getByText('Menu tài khoản: Quyền riêng tư');
    await expect(toggle).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Ví' })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('link', { name: 'Ví' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await menu.getByRole('link', { name: 'Ví' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(portal('songhong', '/me/wallet-history'));
    await expect(page.getByRole('heading', { level: 1, name: 'Ví' })).toBeInViewport();
  });
});

test('profile settings: the privacy card is as wide as the other cards', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedIn(page, 'songhong', uniqueEmail('cards'));
  await gotoReady(page, portal('songhong', '/me/profile-settings/'));
  const privacy = page.getByRole('region', { name: 'Quyền riêng tư' });
  const profile = page.getByRole('region', { name: 'Thông tin cá nhân' });
  const devices = page.getByRole('region', { name: 'Thiết bị đăng nhập' });
  await expect(privacy).toBeVisible();
  const [p, q, d] = await Promise.all([privacy.boundingBox(), profile.boundingBox(), devices.boundingBox()]);
  expect(Math.round(p!.width)).toBe(Math.round(q!.width));
  expect(Math.round(p!.x)).toBe(Math.round(q!.x));
  expect(Math.round(d!.width)).toBe(Math.round(q!.width));
  // The device list names the browser and system, not the raw user agent.
  await expect(devices).toContainText(/Chrome \d+ · Linux/);
  await expect(devices).not.toContainText('Mozilla/5.0');
});

test('after sign-up the new patient is invited to complete what booking needs', async ({ page }) => {
  const email = uniqueEmail('welcome');
  await gotoReady(page, portal('songhong'));
  await page.getByRole('banner').getByRole('button', { name: TEXT.vi.signInButton }).click();
  await page
    .getByRole('dialog', { name: 'Đăng nhập' })
    .getByRole('button', { name: 'Tạo tài khoản mới' })
    .click();
  await page.getByLabel('Email hoặc số điện thoại').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu').fill(PASSWORD);
  await page.getByLabel(/Tôi đã đọc và đồng ý/).check();
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();
  await enterCode(page, 'vi', await codeFor(page.request, 'songhong', email));

  // The new patient lands on the profile, told what booking needs.
  await expect(page).toHaveURL(portal('songhong', '/me/profile-settings/'));
  const invite = page.getByRole('region', { name: 'Hoàn thiện hồ sơ để đặt lịch khám' });
  await expect(invite).toBeVisible();
  await expect(invite).toContainText('Họ và tên, Giới tính, Ngày sinh');
  await expectNoSeriousA11yViolations(page);

  await invite.getByRole('link', { name: 'Điền thông tin' }).click();
  await expect(page.getByLabel('Họ và tên')).toBeFocused();
  await page.getByLabel('Họ và tên').fill('Trần Thị Mai');
  await page.getByLabel('Giới tính').selectOption('F');
  await page.getByLabel('Ngày sinh').fill('1990-05-17');
  await page.getByRole('region', { name: 'Thông tin cá nhân' }).getByRole('button', { name: 'Lưu' }).click();
  await expect(invite).toBeHidden();
});
