import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

test('from the home page to a doctor: list, pager, detail with prices', async ({ page }) => {
  await gotoReady(page, portal('songkhoe', '/doctor-list'));
  await expect(page.getByRole('navigation', { name: 'Phân trang' })).toBeVisible();
  await expect(page.getByText(/Hiển thị 1 đến 15 trong \d+ mục/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('link', { name: 'Trang sau' })
    .or(page.getByRole('button', { name: 'Trang sau' }))
    .first()
    .click();
  await expect(page.getByText(/Hiển thị 16 đến 30 trong \d+ mục/)).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/Hiển thị 1 đến 15 trong \d+ mục/)).toBeVisible();

  const firstDoctor = page.locator('main').getByRole('link', { name: /BS\./ }).first();
  const name = (await firstDoctor.innerText()).trim();
  await firstDoctor.click();
  await expect(page).toHaveURL(/\/doctor-details\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.split('\n')[0]!);
  await expect(page.locator('main')).toContainText('₫');
  await expect(page.getByRole('navigation', { name: /breadcrumb|Đường dẫn/i })).toContainText(
    'Danh sách bác sĩ',
  );
  await expectNoSeriousA11yViolations(page);
});

test('home cards lead to filtered listings', async ({ page }) => {
  await gotoReady(page, portal('songhong'));
  const speciality = page
    .locator('main')
    .getByRole('link', { name: /Tim mạch/ })
    .first();
  await speciality.click();
  await expect(page).toHaveURL(/\/doctor-list\?specialityId=\d+/);
  await expect(page.getByText(/Hiển thị 1 đến \d+ trong \d+ mục/)).toBeVisible();
});

test('listing and content pages render real data and pass axe', async ({ page }) => {
  for (const [path, text] of [
    ['/speciality-list', 'Tim mạch'],
    ['/symptoms-list', 'Đau ngực'],
    ['/hospital-list', 'Sông Hồng'],
    ['/info/about-us', 'Sông Hồng'],
  ] as const) {
    await gotoReady(page, portal('songhong', path));
    await expect(page.locator('main')).toContainText(text);
    await expectNoSeriousA11yViolations(page);
  }
  await gotoReady(page, portal('songhong', '/no-such-page'));
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the dev outbox page says it is a demo tool and looks up an address', async ({ page }) => {
  await page.goto(portal('songkhoe', '/dev/outbox'));
  await expect(page.locator('main')).toContainText(/demo/i);
  await page.getByRole('textbox').first().fill('nobody@example.vn');
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toContainText(/nobody@example\.vn|Chưa có|không có/i);
  await expectNoSeriousA11yViolations(page);
});
