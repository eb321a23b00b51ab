import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { admin } from './admin';
import {
  addAddressInPlace,
  appointmentNumber,
  BOOK,
  choose,
  confirmedId,
  doctorOffering,
  fillPatient,
  pickSlot,
  pickSymptomAndPrice,
  shownDate,
  step,
  todayInVietnam,
  type Doctor,
  type Lang,
} from './booking-support';
import { expectNoSeriousA11yViolations, portal } from './portal';

/**
 * The booking journey in a real browser against the real server (no API mocking): each test
 * signs up its own user and books with its own doctor, so tests run in parallel without
 * competing for slots; slots are the first free ones the page offers.
 */

const LIST = portal('songhong', '/me/appointments-list/');

/** Opens the doctor's page and its "Book: <service>" button. */
async function openBooking(page: Page, lang: Lang, doctor: Doctor, serviceType: number) {
  const text = BOOK[lang];
  await page.goto(portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookFor(text.service[serviceType]!) }).click();
  await expect(page).toHaveURL(/\/book-appointment\?/);
  await expect(
    step(page, lang, 'service').getByRole('radio', { name: new RegExp(text.service[serviceType]!) }),
  ).toBeChecked();
}

/** Symptoms, price, payment method, confirm. */
async function payAndConfirm(page: Page, lang: Lang, method: 0 | 1) {
  const text = BOOK[lang];
  await pickSymptomAndPrice(page, lang);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[method]}`) }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
}

/** On the sandbox bank page: approve, and land on Appointment Confirmed, booked and paid. */
async function approveAtBank(page: Page, lang: Lang) {
  const text = BOOK[lang];
  await expect(page.getByRole('heading', { level: 1, name: text.bankTitle })).toBeVisible();
  await page.getByRole('button', { name: text.approve, exact: true }).click();
  await expectBooked(page, lang, text.paid);
}

async function expectBooked(page: Page, lang: Lang, paymentState: string) {
  const text = BOOK[lang];
  await expect(page).toHaveURL(/\/appointment-confirmed\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: text.confirmedTitle })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: text.booked })).toBeVisible();
  await expect(page.getByText(paymentState, { exact: true })).toBeVisible();
}

/** The appointment's card on the list page (the tab must be open). */
const card = (page: Page, lang: Lang, number: string) =>
  page.getByRole('article', { name: BOOK[lang].list.card(number) });

async function openTab(page: Page, lang: Lang, tab: 'upcoming' | 'past') {
  const name = BOOK[lang].list[tab];
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function cancelFromList(page: Page, lang: Lang, number: string) {
  const text = BOOK[lang].list;
  await card(page, lang, number).getByRole('button', { name: text.cancel }).click();
  const dialog = page.getByRole('dialog', { name: text.cancel });
  await dialog.getByLabel(text.cancelReason).selectOption({ label: text.reason });
  await dialog.getByLabel(text.remark).fill(lang === 'vi' ? 'Tôi bận việc đột xuất.' : 'Something came up.');
  await dialog.getByRole('button', { name: text.continue }).click();
  await dialog.getByRole('button', { name: text.cancelYes }).click();
  await expect(page.getByText(text.cancelled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, lang, number)).toHaveCount(0);
}

test('vi: a new user books hospital (online), video (cash) and home visit (family member, new address); cancels, reschedules, downloads a receipt and reviews', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const lang = 'vi';
  const text = BOOK[lang];
  await signedIn(page, 'songhong', uniqueEmail('book'));
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 0);

  // 1. Hospital visit for myself; my personal info is missing and filled in place; paid online.
  await openBooking(page, lang, doctor, 0);
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  const hospitalSlot = await pickSlot(step(page, lang, 'slot'), lang);
  const patient = step(page, lang, 'patient');
  await choose(patient.getByRole('radio', { name: text.myself }));
  await expect(patient.getByText(text.missingInfo)).toBeVisible();
  await patient.getByRole('button', { name: text.completeInfo }).click();
  await fillPatient(page.getByRole('dialog', { name: text.selfDialog }), lang, {
    fullName: 'Nguyễn Văn Khải',
    gender: 'M',
    dateOfBirth: '1988-04-12',
  });
  await expect(patient.getByRole('radio', { name: /^Tôi \(Nguyễn Văn Khải\)/ })).toBeChecked();
  await expect(patient.getByText(text.missingInfo)).toHaveCount(0);
  await pickSymptomAndPrice(page, lang);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[1]}`) }));
  await expectNoSeriousA11yViolations(page);
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await approveAtBank(page, lang);
  await expectNoSeriousA11yViolations(page);
  const hospital = { id: confirmedId(page), number: await appointmentNumber(page, lang) };

  // 2. Video consultation from a slot button of the doctor's page (another day: one active
  //    appointment per patient, doctor and day), paid in cash.
  await page.goto(portal('songhong', `/doctor-details/${doctor.doctorId}`));
  const today = todayInVietnam();
  const slotButtons = page.getByRole('button', { name: text.bookSlot });
  await expect(slotButtons.first()).toBeVisible();
  const labels = await slotButtons.evaluateAll((buttons) =>
    buttons.map((b) => b.getAttribute('aria-label')!),
  );
  const other = labels.findIndex(
    (label) => !label.endsWith(shownDate(today)) && !label.endsWith(shownDate(hospitalSlot.date)),
  );
  expect(other, 'a free slot on another day').toBeGreaterThanOrEqual(0);
  const videoDate = labels[other]!.slice(-10);
  await slotButtons.nth(other).click();
  await expect(page).toHaveURL(/\/book-appointment\?.*slotId=\d+/);
  await choose(step(page, lang, 'service').getByRole('radio', { name: new RegExp(text.service[1]!) }));
  await expect(step(page, lang, 'hospital')).toHaveCount(0);
  await expect(
    step(page, lang, 'slot')
      .getByRole('group', { name: text.chooseTime })
      .getByRole('radio', { checked: true }),
  ).toHaveCount(1);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Nguyễn Văn Khải\)/ }));
  await payAndConfirm(page, lang, 0);
  await expectBooked(page, lang, text.pending);
  const video = { id: confirmedId(page), number: await appointmentNumber(page, lang) };
  await expect(page.getByText(`${videoDate}`)).toBeVisible();

  // 3. Home visit for a new family member at a new address, both added in place; cash.
  await openBooking(page, lang, doctor, 2);
  const street = `${Math.floor(Math.random() * 900) + 10} Phố Huế`;
  await addAddressInPlace(step(page, lang, 'address'), page, lang, street, 'Thành phố Hà Nội');
  await expect(step(page, lang, 'address').getByRole('radio', { name: new RegExp(street) })).toBeChecked();
  const homeSlot = await pickSlot(step(page, lang, 'slot'), lang);
  await step(page, lang, 'patient').getByRole('button', { name: text.addFamily }).click();
  await fillPatient(page.getByRole('dialog', { name: text.familyDialog }), lang, {
    fullName: 'Trần Thị Hoa',
    gender: 'F',
    dateOfBirth: '1960-09-02',
    relation: 'Mẹ',
  });
  await expect(step(page, lang, 'patient').getByRole('radio', { name: /^Trần Thị Hoa/ })).toBeChecked();
  await payAndConfirm(page, lang, 0);
  await expectBooked(page, lang, text.pending);
  const home = { id: confirmedId(page), number: await appointmentNumber(page, lang) };
  await expect(page.getByText(street)).toBeVisible();
  await expect(page.getByText('Trần Thị Hoa')).toBeVisible();

  // The family member is on the family page too.
  await page.goto(portal('songhong', '/me/family-member'));
  await expect(page.getByRole('heading', { level: 2, name: /Trần Thị Hoa/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // All three under Upcoming.
  await page.goto(LIST);
  await expect(page.getByRole('heading', { level: 1, name: text.list.title })).toBeVisible();
  for (const booked of [hospital, video, home]) await expect(card(page, lang, booked.number)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Cancel the video consultation (reason and remark).
  await cancelFromList(page, lang, video.number);

  // Reschedule the home visit to another day; the list shows the new time.
  await card(page, lang, home.number).getByRole('button', { name: text.list.reschedule }).click();
  const dialog = page.getByRole('dialog', { name: text.list.rescheduleDialog });
  const newSlot = await pickSlot(dialog, lang, [homeSlot.date]);
  await dialog.getByLabel(text.list.rescheduleReason).selectOption({ index: 1 });
  await dialog.getByLabel(text.list.remark).fill('Gia đình có việc bận hôm đó.');
  await dialog.getByRole('button', { name: text.list.rescheduleSubmit }).click();
  await expect(page.getByText(text.list.rescheduled)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, lang, home.number)).toContainText(`${shownDate(newSlot.date)} ${newSlot.time}`);
  await expect(card(page, lang, home.number)).not.toContainText(
    `${shownDate(homeSlot.date)} ${homeSlot.time}`,
  );

  // The paid hospital visit's receipt: a PDF download.
  await card(page, lang, hospital.number).getByRole('link', { name: text.list.receipt }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.receiptTitle })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: text.downloadPdf }).click();
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);

  // The doctor completes the hospital visit (operator command); it moves to Past and is reviewed.
  const completed = admin(
    'appointments',
    'complete',
    'songhong',
    String(hospital.id),
    '--note',
    'Viêm dạ dày nhẹ, tái khám sau 2 tuần.',
    '--diagnosis',
    'Viêm dạ dày',
    '--prescription',
    JSON.stringify([{ name: 'Omeprazol 20mg', dosage: '1 viên', frequency: 'Sáng trước ăn', days: 14 }]),
  );
  expect(completed.output).toContain('completed');
  expect(completed.code).toBe(0);

  await page.goto(LIST);
  await expect(card(page, lang, home.number)).toBeVisible();
  await expect(card(page, lang, hospital.number)).toHaveCount(0);
  await openTab(page, lang, 'past');
  await expect(card(page, lang, video.number)).toContainText(text.list.cancelledStatus);
  const done = card(page, lang, hospital.number);
  await expect(done).toContainText(text.list.completed);
  await done.getByRole('button', { name: text.list.review, exact: true }).click();
  const review = page.getByRole('dialog', { name: text.list.reviewDialog });
  await review.getByRole('radio', { name: text.list.stars(5) }).click();
  await expect(review.getByRole('radio', { name: text.list.stars(5) })).toBeChecked();
  const comment = `Bác sĩ tận tâm, giải thích rõ ràng. ${Date.now()}`;
  await review.getByLabel(text.list.comment).fill(comment);
  await review.getByRole('button', { name: text.list.reviewSubmit }).click();
  await expect(page.getByText(text.list.reviewThanks)).toBeVisible();
  await expect(done.getByRole('button', { name: text.list.review, exact: true })).toHaveCount(0);

  await page.goto(portal('songhong', '/me/feedback-list'));
  await expect(page.getByRole('heading', { level: 1, name: text.list.feedbackTitle })).toBeVisible();
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByRole('img', { name: text.list.stars(5) })).toBeVisible();
});
