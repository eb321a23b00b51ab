import { expect, test } from '@playwright/test';
import { portal, storedUser } from './portal';

test('protected pages send anonymous visitors to the home page', async ({ page }) => {
  for (const path of [
    '/me/profile-settings/',
    '/me/appointments-list/',
    '/me/family-member',
    '/direct-call',
  ]) {
    await page.goto(portal('songkhoe', path));
    await expect(page).toHaveURL(portal('songkhoe', '/'));
  }
});

test('a stored user with id and token reaches the account pages; signing out guards them again', async ({
  page,
}) => {
  await page.goto(portal('songkhoe'));
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), storedUser);
  // A page that reads only the stored user (profile settings calls the server with the token).
  await page.goto(portal('songkhoe', '/me/family-member'));
  await expect(page).toHaveURL(portal('songkhoe', '/me/family-member'));
  await expect(page.locator('main')).toContainText('Trần Thị Mai');
  await page.getByRole('button', { name: 'Tài khoản của Trần Thị Mai' }).click();
  await expect(page.getByRole('banner')).toContainText('901234567');

  // A user without a token is not signed in.
  await page.evaluate(
    (user) => localStorage.setItem('user', JSON.stringify({ ...user, token: '' })),
    storedUser,
  );
  await page.goto(portal('songkhoe', '/me/health-records/'));
  await expect(page).toHaveURL(portal('songkhoe', '/'));
});

test('a feature that is off removes its protected route too', async ({ page }) => {
  await page.goto(portal('saomai'));
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), storedUser);
  await page.goto(portal('saomai', '/me/wallet-history'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
