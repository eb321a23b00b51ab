import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, portal } from './portal';

const TENANTS = [
  {
    code: 'songkhoe',
    name: 'Sống Khỏe',
    primary: 'rgb(11, 92, 173)',
    company: 'Công ty Cổ phần Sống Khỏe (demo)',
    nav: 'Gói thành viên',
  },
  {
    code: 'songhong',
    name: 'Bệnh viện Đa khoa Sông Hồng',
    primary: 'rgb(164, 22, 26)',
    company: 'Bệnh viện Đa khoa Sông Hồng (demo)',
    nav: 'Gói thành viên',
  },
  {
    code: 'saomai',
    name: 'Sao Mai Clinic',
    primary: 'rgb(29, 107, 58)',
    company: 'Sao Mai Family Clinic (demo)',
    nav: 'Schedule consultation',
  },
];

for (const tenant of TENANTS) {
  test(`${tenant.code} renders its own name, logo, colours, navigation and footer`, async ({ page }) => {
    await page.goto(portal(tenant.code));
    await expect(page).toHaveTitle(new RegExp(tenant.name));
    const logo = page.getByRole('banner').getByRole('img').first();
    await expect(logo).toHaveAttribute('src', `/api/v1/Tenants/${tenant.code}/assets/logo.svg`);
    await expect(logo).toHaveAttribute('alt', tenant.name);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--sk-color-primary').trim(),
    );
    expect(primary).toBe(
      `#${tenant.primary
        .match(/\d+/g)!
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`,
    );
    await expect(page.getByRole('banner').getByRole('link', { name: tenant.nav })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`${new Date().getFullYear()} ${tenant.company}`);
    await expect(footer).toContainText('1.0.280');
    // Real data from the seeded database, not a placeholder.
    await expect(
      page
        .locator('main')
        .getByRole('link', { name: /BS\.|Dr\./ })
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}

test('a feature turned off has no link and its route is the 404 page', async ({ page }) => {
  await page.goto(portal('saomai'));
  // Membership is off; direct calls are not built yet, so no portal offers them.
  await expect(page.getByRole('banner').getByText('Call a doctor')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Member packages/ })).toHaveCount(0);
  await page.goto(portal('saomai', '/membership'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await page.goto(portal('songhong', '/membership'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toHaveCount(0);
  await expect(page.locator('main')).toContainText(/cuộc gọi/i);
  await expectNoSeriousA11yViolations(page);
});

test('an unknown host gets the portal-not-found page and no tenant data', async ({ page }) => {
  const response = await page.goto(portal('nobody'));
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: /Không tìm thấy cổng thông tin|Portal not found/ }),
  ).toBeVisible();
  await expect(page.getByText('Sống Khỏe')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the portal’s name and a loading status show before the app’s code has run', async ({ page }) => {
  // Hold the scripts back: what shows meanwhile is the server-rendered shell.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  const bootRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/Tenants/Boot')) bootRequests.push(request.url());
  });
  // 'commit': module scripts hold DOMContentLoaded back, and they are held here.
  // A client-rendered page (public pages now arrive server-rendered, with their content instead).
  await page.goto(portal('songhong', '/me/appointments-list/'), { waitUntil: 'commit' });
  await expect(page.getByText('Bệnh viện Đa khoa Sông Hồng')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Đang tải…');
  await expectNoSeriousA11yViolations(page);
  release();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('.sk-shell')).toHaveCount(0);
  // The boot bundle came with the page: no boot request before the page's own data.
  expect(bootRequests).toEqual([]);
});
