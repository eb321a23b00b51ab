import { expect, test } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { portal } from './portal';

test('protected pages send anonymous visitors to the home page', async ({ page }) => {
  for (const path of [
    '/me/profile-settings/',
    '/me/appointments-list/',
    '/me/family-member',
    '/me/notification-list/',
  ]) {
    await page.goto(portal('songkhoe', path));
    await expect(page).toHaveURL(portal('songkhoe', '/'));
  }
});

// A signed-in user (a real account: every account page now talks to the server with the token,
// and a token the server does not know ends the session, as spec section 4 says).
test('a signed-in user reaches the account pages; a stored user without a token is guarded', async ({
  page,
}) => {
  await signedIn(page, 'songkhoe', uniqueEmail('guard'));
  await page.goto(portal('songkhoe', '/me/family-member'));
  await expect(page).toHaveURL(portal('songkhoe', '/me/family-member'));
  await expect(page.getByRole('heading', { level: 1, name: 'Thành viên gia đình' })).toBeVisible();

  // A user without a token is not signed in.
  await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('user', JSON.stringify({ ...user, token: '' }));
  });
  await page.goto(portal('songkhoe', '/me/health-records/'));
  await expect(page).toHaveURL(portal('songkhoe', '/'));
});

test('a feature that is off removes its protected route too', async ({ page }) => {
  await signedIn(page, 'saomai', uniqueEmail('guard-saomai'));
  await page.goto(portal('saomai', '/me/wallet-history'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
