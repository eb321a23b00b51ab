import { expect, test } from '@playwright/test';
import { admin } from './admin';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

// A real 1x1 PNG: the server sniffs the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

// Discovery: a doctor's join request rendered by rjsf (no eval: the CSP would block it), with uploads.
test('join as a doctor: browser validation, uploads, request received', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) errors.push(message.text());
  });
  await page.goto(portal('saomai', '/join-as-doctor'));
  await expect(page.getByRole('heading', { level: 1, name: 'Join as a doctor' })).toBeVisible();
  await expect(page).toHaveTitle(/Join as a doctor \| /);
  await expectNoSeriousA11yViolations(page);

  // Validation runs in the browser first.
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Please upload the practising license.')).toBeVisible();
  await expect(page.getByText('The username has 6 to 20 letters or digits.')).toBeVisible();

  const stamp = Date.now().toString(36);
  await page.getByLabel('Full name').fill('Phạm Minh Đức');
  await page.getByLabel('Username').fill(`duc${stamp}`.slice(0, 20));
  await page.getByLabel('Email').fill(`duc.${stamp}@example.vn`);
  await page.getByLabel('Mobile number').fill('0912345678');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByLabel('License number').fill('VN-12345');
  await page
    .getByLabel('Practising license')
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: /\.png$/ }).first()).toBeVisible();
  await page
    .getByLabel('Portrait photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: /\.png$/ })).toHaveCount(2);
  await page.getByLabel('Biography').fill('Bác sĩ nội khoa với mười năm kinh nghiệm tại Hà Nội.');
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByLabel('Years of experience').fill('10');

  // A file the folder refuses is stopped before any upload.
  await page
    .getByLabel('Other documents')
    .setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('This file type is not supported.')).toBeVisible();

  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
  const requestText = await page.getByText(/Your request number is \d+/).innerText();
  expect(errors).toEqual([]);

  // The operator approves it with the admin command; the doctor is then public and searchable.
  const requestId = /(\d+)/.exec(requestText)![1]!;
  const listed = admin('join-requests', 'list', 'saomai');
  const doctorId = new RegExp(`^\\s*${requestId}\\s+doctor\\s+waiting\\s+doctor (\\d+)`, 'm').exec(
    listed.output,
  )?.[1];
  expect(doctorId, listed.output).toBeTruthy();
  await gotoReady(page, portal('saomai', `/doctor-details/${doctorId}`));
  await expect(page.getByText('This doctor could not be found.')).toBeVisible();

  const approved = admin('join-requests', 'approve', 'saomai', requestId);
  expect(approved, approved.output).toMatchObject({ code: 0 });
  await gotoReady(page, portal('saomai', `/doctor-details/${doctorId}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Phạm Minh Đức');
  await gotoReady(page, portal('saomai', `/doctor-list?searchText=${encodeURIComponent('Phạm Minh Đức')}`));
  await expect(page.locator(`main a[href="/doctor-details/${doctorId}"]`).first()).toBeVisible();
});

test('join as a hospital renders from the schema with the tenant language', async ({ page }) => {
  await page.goto(portal('songhong', '/join-as-hospital'));
  await expect(page.getByLabel('Tên bệnh viện')).toBeVisible();
  await page.getByRole('button', { name: 'Gửi đăng ký' }).click();
  await expect(page.getByText('Tên bệnh viện cần ít nhất 6 ký tự.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('offer detail and refer-and-earn pages', async ({ page }) => {
  await gotoReady(page, portal('songhong', '/refer-and-earn'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await gotoReady(page, portal('songhong', '/offer-detail/999999'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Không tìm thấy ưu đãi.');
});
