import { expect, test } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Refund bank info (spec sections 3, 5) on saomai, which has no wallet and so refunds to the bank:
// the card on profile settings, its required fields, and the saved account. English is saomai's
// default language.

test('refund bank info: every field required, then saved and shown again', async ({ page }) => {
  await signedIn(page, 'saomai', uniqueEmail('refund-bank'));
  await gotoReady(page, portal('saomai', '/me/profile-settings/'));
  const card = page.getByRole('region', { name: 'Refund bank account' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Save account' }).click();
  await expect(card.getByText('Please enter the bank.')).toBeVisible();
  await expect(card.getByText('Please enter the account name.')).toBeVisible();
  await expect(card.getByText('Please enter the account number (6 to 20 digits).')).toBeVisible();
  await expect(card.getByLabel('Bank')).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await card.getByLabel('Bank').fill('Vietcombank');
  await card.getByLabel('Account name').fill('NGUYEN VAN AN');
  await card.getByLabel('Account number').fill('0123 456 789');
  await card.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByText('Refund bank account saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Refund bank account' }).getByLabel('Account number'),
  ).toHaveValue('0123456789');
});

test('a portal refunding to the wallet shows no refund bank card', async ({ page }) => {
  await signedIn(page, 'songhong', uniqueEmail('refund-wallet'));
  await gotoReady(page, portal('songhong', '/me/profile-settings/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tài khoản nhận hoàn tiền' })).toHaveCount(0);
});
