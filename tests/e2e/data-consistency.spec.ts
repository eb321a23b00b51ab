import { expect, test } from '@playwright/test';
import { useLanguage } from './health-data-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Data that adds up (a new patient's sweep): names and addresses in the page's language, filters
// in the current administrative units (2025 reform: province -> ward/commune).

const accents = /[àáảãạăắằẳẵặâấầẩẫậđèéẻẽẹêếềểễệìíỉĩịòóỏõọôốồổỗộơớờởỡợùúủũụưứừửữựỳýỷỹỵ]/i;

test('in English the footer names the hospital and its address in English', async ({ page }) => {
  await useLanguage(page, 'en');
  await gotoReady(page, portal('songhong'));
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Song Hong General Hospital (demo)`);
  await expect(footer).toContainText('88 Lo Duc Street, Hai Ba Trung Ward, Ha Noi');
  await expect(footer).not.toContainText('Bệnh viện Đa khoa Sông Hồng');
});

test('in English hospital addresses are English, naming a current ward and province', async ({ page }) => {
  await useLanguage(page, 'en');
  await gotoReady(page, portal('songhong', '/hospital-list'));
  const first = page.locator('main li li', { hasText: / Street, / }).first();
  await expect(first).toHaveText(/^\d+ [A-Za-z ]+ Street, [^,]+ (Ward|Commune)( \d+)?, [^,]+$/);
  expect(await first.textContent()).not.toMatch(accents);
  await expectNoSeriousA11yViolations(page);
});

test('the city filter lists current wards, not the abolished districts', async ({ page }) => {
  await gotoReady(page, portal('songhong', '/doctor-list'));
  const city = page.getByLabel('Thành phố');
  await expect(city.locator('option', { hasText: 'Phường Ba Đình' })).toHaveCount(1);
  const names = await city.locator('option').allTextContents();
  expect(names.filter((name) => /^(Quận|Huyện|Thị xã|TP\.) /.test(name))).toEqual([]);
});
