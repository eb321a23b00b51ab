import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// Discovery: blog (web and mobile embed), contact us with the captcha solved as the browser does.
test('read a blog post, also in the mobile embed', async ({ page }) => {
  await gotoReady(page, portal('songhong', '/blog/'));
  await expect(page).toHaveTitle(/Tin tức sức khỏe \| /);
  await expectNoSeriousA11yViolations(page);
  const first = page.locator('main article h2 a').first();
  const title = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/blog\/blog-detail\/\d+\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('main article p').nth(3)).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page);
  const id = /blog-detail\/(\d+)/.exec(page.url())![1];
  await gotoReady(page, portal('songhong', `/blog/blog-detail-mobile/${id}/post`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('header')).toHaveCount(0);
});

test('send a contact message: info view, form rules, captcha, toast, dialog closes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(portal('saomai', '/contact-us'));
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send a message' }).click();
  const form = page.getByRole('dialog', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form).toContainText('Please enter your full name.');
  await expect(form).toContainText('The phone number must have 7 to 15 digits.');
  await expect(form).toContainText('Please select this.');

  await form.getByLabel('Full name').fill('Lê Văn Khách');
  await form.getByLabel('Email').fill('khach@example.vn');
  await form.getByLabel('Mobile number').fill('0901234567');
  await form.getByLabel('Message').fill('Tôi muốn hỏi về giờ khám.');
  await form.getByRole('checkbox', { name: 'I am not a robot' }).click();
  await expect(form.getByText('Verified.')).toBeVisible({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByText('Your message has been sent.')).toBeVisible();
  await expect(form).toBeHidden();
});

test('contact-us?mobile=true has no close button; contact-us-mobile has no chrome', async ({ page }) => {
  await page.goto(portal('songhong', '/contact-us?mobile=true'));
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đóng' })).toHaveCount(0);
  await page.goto(portal('songhong', '/contact-us-mobile'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('header')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
