import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Discovery: global search -> filtered doctor list -> filters, pages and Back -> doctor detail.
const TENANTS = [
  {
    code: 'songhong',
    typo: 'tim mahc',
    speciality: 'Tim mạch',
    female: 'Nữ',
    slots: /Lịch trống/,
    next: 'Trang sau',
  },
  {
    code: 'saomai',
    typo: 'tim mahc',
    speciality: 'Cardiology',
    female: 'Female',
    slots: /Free slots/,
    next: 'Next page',
  },
] as const;

for (const tenant of TENANTS) {
  test(`${tenant.code}: search, filter, page, back, doctor detail`, async ({ page }) => {
    test.setTimeout(90_000);
    await gotoReady(page, portal(tenant.code, '/'));
    const box = page.getByRole('combobox', { name: /Tìm bác sĩ|Search doctors/ });

    // "tim mach" (no diacritics) finds the speciality; keyboard: arrow down, Enter.
    await box.fill('tim mach');
    const option = page.getByRole('option', { name: tenant.speciality });
    await expect(option).toBeVisible({ timeout: 5_000 });
    await expectNoSeriousA11yViolations(page);
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // A typo still finds it; choosing it opens the doctor list filtered by the speciality.
    await box.fill(tenant.typo);
    await expect(option).toBeVisible({ timeout: 5_000 });
    const options = page.getByRole('option');
    const index = (await options.allInnerTexts()).indexOf(tenant.speciality);
    for (let i = 0; i <= index; i += 1) await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/doctor-list\?specialityId=\d+/);
    const cards = page.locator('main article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(tenant.speciality);

    // A filter lands in the URL; a page change too; Back undoes the page change.
    const female = page.getByRole('checkbox', { name: tenant.female, exact: true });
    await female.click();
    await expect(page).toHaveURL(/gender=F/);
    await expect(female).toBeChecked();
    await expect(cards.first()).toBeVisible();
    const filtered = page.url();
    const next = page.getByRole('link', { name: tenant.next });
    if (await next.count()) {
      await next.click();
      await expect(page).toHaveURL(/page=2/);
      await page.goBack();
      await expect(page).toHaveURL(filtered);
    }
    await page.goBack();
    await expect(page).not.toHaveURL(/gender=F/);
    await expect(page).toHaveURL(/specialityId=\d+/);
    await expectNoSeriousA11yViolations(page);

    // The doctor's page: slots grouped by part of day and prices.
    const doctor = cards.first().getByRole('heading').getByRole('link');
    const name = (await doctor.innerText()).trim();
    await doctor.click();
    await expect(page).toHaveURL(/\/doctor-details\/\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('heading', { name: tenant.slots })).toBeVisible();
    await expect(page.locator('time').nth(1)).toBeVisible();
    await expect(page.locator('dl').first()).toContainText('₫');
    await expect(page).toHaveTitle(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectNoSeriousA11yViolations(page);
  });
}

test('enter on the text opens the doctor list filtered by it', async ({ page }) => {
  await gotoReady(page, portal('songhong', '/'));
  await page.getByRole('combobox', { name: /Tìm bác sĩ|Search doctors/ }).fill('Nguyễn');
  await page.getByRole('combobox', { name: /Tìm bác sĩ|Search doctors/ }).press('Enter');
  await expect(page).toHaveURL(/\/doctor-list\?searchText=Nguy/);
  await expect(page.locator('main article').first()).toBeVisible();
});

test('listings are searchable and paged; the health program list shows the hospital tab', async ({
  page,
}) => {
  await gotoReady(page, portal('saomai', '/speciality-list'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await gotoReady(page, portal('saomai', '/hospital-list'));
  await expectNoSeriousA11yViolations(page);
  await gotoReady(page, portal('songhong', '/symptoms-list'));
  await expectNoSeriousA11yViolations(page);
  // Accent-insensitive search, kept in the URL.
  await gotoReady(page, portal('songhong', '/speciality-list'));
  await page.getByRole('searchbox', { name: 'Tìm chuyên khoa' }).fill('tim mach');
  await page.getByRole('searchbox', { name: 'Tìm chuyên khoa' }).press('Enter');
  await expect(page).toHaveURL(/\?q=tim\+mach/);
  await expect(page.locator('main h2')).toHaveText(['Tim mạch']);
  await gotoReady(page, portal('songhong', '/hospital-list?q=benh%20vien'));
  await expect(page.locator('main h2').first()).toBeVisible();
  await gotoReady(page, portal('songhong', '/doctor-list?servicetype=4&healthProgramId=1'));
  const crumbs = page.getByRole('navigation', { name: /Đường dẫn|Breadcrumb/ });
  await expect(crumbs).toContainText('Bệnh viện');
  await expect(crumbs).not.toContainText('Danh sách bác sĩ');
});

test('on a 360 px phone the filters fold behind a disclosure button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await gotoReady(page, portal('songhong', '/doctor-list'));
  const toggle = page.getByRole('button', { name: /Bộ lọc/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Thành phố')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Thành phố').selectOption({ index: 1 });
  await expect(page).toHaveURL(/cityId=\d+/);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
});
