import { expect, test } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import {
  BOOK,
  choose,
  completeProfile,
  confirmedId,
  doctorOffering,
  pickSlot,
  step,
} from './booking-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * Booking with a symptom in the patient's own words ("Khác (mô tả)", schemas/symptom-choice.ts)
 * against the real server: the form checks the text as the API does, the booking stores it, and
 * the appointment page shows it in Vietnamese and English.
 */

test('vi: books a video consultation with only a described symptom, then reads it on the appointment page (vi, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'vi';
  const text = BOOK[lang];
  const user = await signedIn(page, 'songhong', uniqueEmail('book-symptom'));
  await completeProfile(page.request, 'songhong', user, 'Phạm Thu Hà');
  // Index 10: a doctor no other booking test uses, so parallel tests never share slots.
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 10);

  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookFor(text.service[1]!) }).click();
  await expect(page).toHaveURL(/\/book-appointment\?/);
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Phạm Thu Hà\)/ }));

  const symptoms = step(page, lang, 'symptoms');
  const other = symptoms.getByRole('textbox', { name: 'Khác (mô tả)' });
  const next = symptoms.getByRole('button', { name: text.continue });
  await expect(symptoms.getByRole('checkbox', { name: 'Không rõ' })).not.toBeChecked();
  await expect(next).toBeDisabled();
  // Over the limit: the message is tied to the field, and the step does not go on.
  await other.fill('a'.repeat(201));
  await expect(other).toHaveAttribute('aria-invalid', 'true');
  await expect(other).toHaveAccessibleDescription(
    /Mô tả triệu chứng tối đa 200 ký tự và không chứa ký tự điều khiển/,
  );
  await expect(next).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await other.fill('  Ho khan về đêm, sốt nhẹ  ');
  await expect(other).not.toHaveAttribute('aria-invalid', 'true');
  await expect(symptoms.getByText('23/200 ký tự')).toBeVisible();
  await next.click();

  const price = step(page, lang, 'price');
  await expect(price.getByText(/^(₫\s?\d[\d.,]*|\d[\d.,]*\s?₫)$/).first()).toBeVisible();
  await price.getByRole('button', { name: text.continue }).click();
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.booked })).toBeVisible();
  const id = confirmedId(page);

  await gotoReady(page, portal('songhong', `/me/appointments-list/${id}`));
  const section = page.getByRole('region', { name: 'Triệu chứng' });
  await expect(section.getByText('Khác: Ho khan về đêm, sốt nhẹ', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The same page in English, switched the way a visitor does (the header's language menu).
  const reload = page.waitForEvent('load');
  await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
  await reload;
  await appReady(page);
  await expect(
    page
      .getByRole('region', { name: 'Symptoms' })
      .getByText('Other: Ho khan về đêm, sốt nhẹ', { exact: true }),
  ).toBeVisible();
});
