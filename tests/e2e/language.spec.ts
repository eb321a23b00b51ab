import { expect, test } from '@playwright/test';
import { gotoReady, portal } from './portal';

test('switching language stores the choice, reloads and translates the page', async ({ page }) => {
  await gotoReady(page, portal('songhong'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Đặt lịch khám' })).toBeVisible();

  const reload = page.waitForEvent('load');
  await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
  await reload;

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Schedule consultation' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Version 1.0.280');
  expect(
    await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('languageId')]),
  ).toEqual(['en', '1']);

  // The choice survives a new visit.
  await gotoReady(page, portal('songhong', '/speciality-list'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a tenant whose default is English greets first-time visitors in English', async ({ page }) => {
  await gotoReady(page, portal('saomai'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'Sign in / Sign up' })).toBeVisible();
});
