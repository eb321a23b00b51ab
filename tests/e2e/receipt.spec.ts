import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import {
  appointmentNumber,
  BOOK,
  choose,
  approveBookingAtBank,
  doctorOffering,
  fillPatient,
  pickSlot,
  pickSymptomAndPrice,
  step,
} from './booking-support';
import { expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * A paid online booking, cancelled and refunded, in a real browser against the real server: the
 * booking page never asks an empty wallet for a quote, the cancel dialog marks its required
 * fields and says where the money goes, and the receipt shows the payment and the refund (no
 * failed invoice request), downloads as PDF and leads back to the appointment.
 */

test('vi: pay online, cancel (refund to the wallet), then the receipt shows the refund and leads back', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const lang = 'vi';
  const text = BOOK[lang];
  await signedIn(page, 'songhong', uniqueEmail('receipt'));
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 8);

  // Every answer of the API that says no, and every wallet quote asked, while the patient walks.
  const refused: string[] = [];
  const walletQuotes: string[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/api/v1/') && response.status() >= 400) refused.push(`${response.status()} ${url}`);
  });
  page.on('request', (request) => {
    if (request.url().includes('/Appointments/ApplyWalletBalance')) walletQuotes.push(request.url());
  });

  // Book a hospital visit paid online; the new account's wallet is empty.
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookFor(text.service[0]!) }).click();
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  await pickSlot(step(page, lang, 'slot'), lang);
  const patient = step(page, lang, 'patient');
  await choose(patient.getByRole('radio', { name: text.myself }));
  await patient.getByRole('button', { name: text.completeInfo }).click();
  await fillPatient(page.getByRole('dialog', { name: text.selfDialog }), lang, {
    fullName: 'Đỗ Thị Hoa',
    gender: 'F',
    dateOfBirth: '1991-09-02',
  });
  await pickSymptomAndPrice(page, lang);
  // Nothing to apply from an empty wallet: no checkbox and no quote asked.
  await expect(step(page, lang, 'price').getByRole('checkbox', { name: text.wallet })).toHaveCount(0);
  expect(walletQuotes).toEqual([]);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[1]}`) }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  const id = await approveBookingAtBank(page, lang);
  const number = await appointmentNumber(page, lang);
  const price = (
    await page.locator('dt', { hasText: 'Thành tiền' }).locator('xpath=following-sibling::dd[1]').innerText()
  ).trim();
  expect(walletQuotes).toEqual([]);

  // Cancel from the list: both fields marked required, the result says where the money goes.
  await page.getByRole('link', { name: 'Lịch hẹn của tôi' }).click();
  const card = page.getByRole('article', { name: text.list.card(number) });
  await card.getByRole('button', { name: text.list.cancel }).click();
  const dialog = page.getByRole('dialog', { name: text.list.cancel });
  const remark = dialog.getByLabel(text.list.remark);
  await expect(remark).toHaveAttribute('aria-required', 'true');
  await expect(dialog.getByLabel(text.list.cancelReason)).toHaveAttribute('aria-required', 'true');
  await expect(dialog.locator('label', { hasText: text.list.remark })).toHaveText(`${text.list.remark} *`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(text.list.cancelReason).selectOption({ label: text.list.reason });
  await remark.fill('Tôi bận việc đột xuất.');
  await dialog.getByRole('button', { name: text.list.continue }).click();
  await dialog.getByRole('button', { name: text.list.cancelYes }).click();
  const refundSentence = new RegExp(
    `Đã hoàn ${price.replace(/\s/g, '\\s')} vào ví lúc \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\.`,
  );
  await expect(page.getByText(text.list.cancelled)).toContainText(refundSentence);

  // The receipt: the payment and the refund, no failed request, the PDF, the way back.
  await gotoReady(page, portal('songhong', `/receipt/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: text.receiptTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hoàn tiền' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Hoàn tiền' })).toContainText(refundSentence);
  await expect(page.getByText('Đã hoàn tiền', { exact: true })).toBeVisible(); // payment status
  await expect(page.getByText('Đặt lịch không thành công')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: text.downloadPdf }).click();
  const pdf = await readFile((await (await downloading).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(refused).toEqual([]);

  await page.getByRole('link', { name: 'Về lịch hẹn' }).click();
  await expect(page).toHaveURL(portal('songhong', `/me/appointments-list/${id}`));
  await expect(page.getByRole('list', { name: 'Hoàn tiền' })).toContainText(refundSentence);
});
