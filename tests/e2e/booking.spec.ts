import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import {
  codeFor,
  createAccount,
  enterCode,
  PASSWORD,
  signedIn,
  TEXT,
  uniqueEmail,
  useDevice,
} from './accounts-support';
import { admin } from './admin';
import {
  addAddressInPlace,
  approveBookingAtBank,
  apiData,
  apiUser,
  appointmentNumber,
  authHeaders,
  BOOK,
  choose,
  chooseScheduledHospital,
  completeProfile,
  confirmedId,
  doctorOffering,
  expectNoHorizontalScroll,
  fillPatient,
  freeSlotIds,
  pickSlot,
  pickSymptomAndPrice,
  shownDate,
  step,
  tabTo,
  todayInVietnam,
  type Doctor,
  type Lang,
  firstSymptom,
} from './booking-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * The booking journey in a real browser against the real server (no API mocking): each test
 * signs up its own user and books with its own doctor, so tests run in parallel without
 * competing for slots; slots are the first free ones the page offers.
 */

const LIST = portal('songhong', '/me/appointments-list/');

// A visitor whose clock differs from the hospitals' (Asia/Ho_Chi_Minh): times must stay the
// hospital's, and say so.
test.use({ timezoneId: 'Europe/Paris' });

/** Opens the doctor's page and its "Book: <service>" button. */
async function openBooking(page: Page, lang: Lang, doctor: Doctor, serviceType: number) {
  const text = BOOK[lang];
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
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
  await approveBookingAtBank(page, lang);
  await expectBooked(page, lang, BOOK[lang].paid);
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
  await expect(step(page, lang, 'slot')).toContainText('Giờ hiển thị theo Giờ Việt Nam (GMT+7).');
  const hospitalSlot = await pickSlot(step(page, lang, 'slot'), lang);
  const patient = step(page, lang, 'patient');
  await choose(patient.getByRole('radio', { name: text.myself }));
  await expect(patient.getByText(text.missingInfo)).toBeVisible();
  await patient.getByRole('button', { name: text.completeInfo }).click();
  await expect(page.getByRole('dialog', { name: text.selfDialog }).getByLabel(text.fullName)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
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
  // A hospital visit has its queue number.
  await expect(page.locator('dt', { hasText: 'Số thứ tự' })).toBeVisible();

  // 2. Video consultation from a slot button of the doctor's page (another day: one active
  //    appointment per patient, doctor and day), paid in cash.
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
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
  // With an appointment ahead she cannot be deleted, and the page says why.
  await page.getByRole('button', { name: 'Xóa Trần Thị Hoa' }).click();
  const deleting = page.getByRole('dialog', { name: 'Xóa thành viên gia đình' });
  await deleting.getByRole('button', { name: 'Xóa', exact: true }).click();
  await expect(deleting.getByRole('alert')).toHaveText('Không thể xóa: người này còn lịch hẹn sắp tới.');
  await deleting.getByRole('button', { name: 'Hủy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: /Trần Thị Hoa/ })).toBeVisible();

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
  // The appointment's page keeps the history: previous and new time, who, why.
  await card(page, lang, home.number).getByRole('link', { name: 'Xem chi tiết' }).click();
  const history = page.getByRole('table', { name: 'Lịch sử đổi lịch' });
  const row = history.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(0)).toContainText(`${shownDate(homeSlot.date)} ${homeSlot.time}`);
  await expect(row.getByRole('cell').nth(1)).toContainText(`${shownDate(newSlot.date)} ${newSlot.time}`);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Bệnh nhân');
  await expect(row.getByRole('cell').nth(3)).toContainText('Gia đình có việc bận hôm đó.');
  await page.goto(LIST);

  // The paid hospital visit's receipt: a PDF download.
  await card(page, lang, hospital.number).getByRole('link', { name: text.list.receipt }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.receiptTitle })).toBeVisible();
  await expect(page.getByText('Số hóa đơn')).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Số thứ tự' })).toBeVisible();
  await expect(page.getByText(hospital.number, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: text.downloadPdf }).click();
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
  // Vietnamese text needs a font with its tone marks: Noto Sans is embedded, not a standard font.
  expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);

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
  await choose(review.getByRole('radio', { name: text.list.stars(5) }));
  const comment = `Bác sĩ tận tâm, giải thích rõ ràng. ${Date.now()}`;
  await review.getByLabel(text.list.comment).fill(comment);
  await review.getByRole('button', { name: text.list.reviewSubmit }).click();
  await expect(page.getByText(text.list.reviewThanks)).toBeVisible();
  await expect(done.getByRole('button', { name: text.list.review, exact: true })).toHaveCount(0);

  // The doctor's note and prescription are on the appointment's page.
  await done.getByRole('link', { name: 'Xem chi tiết' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Lịch hẹn ${hospital.number}` })).toBeVisible();
  await expect(page.getByText('Viêm dạ dày', { exact: true })).toBeVisible();
  await expect(page.getByText('Omeprazol 20mg')).toBeVisible();

  await page.goto(portal('songhong', '/me/feedback-list'));
  await expect(page.getByRole('heading', { level: 1, name: text.list.feedbackTitle })).toBeVisible();
  await expect(page.getByText(comment)).toBeVisible();
  await expect(page.getByRole('img', { name: text.list.stars(5) })).toBeVisible();
});

test('en: the same path in English: book online, see it under Upcoming, cancel it (refunded to the wallet), then pay a booking with the wallet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const lang = 'en';
  const text = BOOK[lang];
  await signedIn(page, 'songhong', uniqueEmail('book-en'));
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 1);

  // Switch the language the way a visitor does: the header's language menu.
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  const reload = page.waitForEvent('load');
  await page.getByRole('combobox', { name: /Ngôn ngữ/ }).selectOption('en');
  await reload;
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: text.bookFor(text.service[0]!) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book Appointment' })).toBeVisible();
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  await pickSlot(step(page, lang, 'slot'), lang);
  const patient = step(page, lang, 'patient');
  await choose(patient.getByRole('radio', { name: text.myself }));
  await expect(patient.getByText(text.missingInfo)).toBeVisible();
  await patient.getByRole('button', { name: text.completeInfo }).click();
  await fillPatient(page.getByRole('dialog', { name: text.selfDialog }), lang, {
    fullName: 'Emily Tran',
    gender: 'F',
    dateOfBirth: '1990-07-21',
  });
  await expect(patient.getByRole('radio', { name: /^Myself \(Emily Tran\)/ })).toBeChecked();
  await payAndConfirm(page, lang, 1);
  await approveAtBank(page, lang);
  const booked = { id: confirmedId(page), number: await appointmentNumber(page, lang) };

  await page.getByRole('link', { name: 'My appointments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.list.title })).toBeVisible();
  await expect(card(page, lang, booked.number)).toContainText('Payment: Paid');
  await cancelFromList(page, lang, booked.number);
  await openTab(page, lang, 'past');
  await expect(card(page, lang, booked.number)).toContainText(text.list.cancelledStatus);
  await expect(card(page, lang, booked.number)).toContainText('Payment: Refunded');

  // The refund is in the wallet: the next booking offers it, and when it covers the whole price
  // the only payment method left is "Free of charge".
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookFor(text.service[1]!) }).click();
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Myself \(Emily Tran\)/ }));
  const symptoms = step(page, lang, 'symptoms');
  await choose(firstSymptom(symptoms));
  await symptoms.getByRole('button', { name: text.continue }).click();
  const price = step(page, lang, 'price');
  await choose(price.getByRole('checkbox', { name: text.wallet }));
  await expect(price.getByText('Paid from wallet')).toBeVisible();
  await price.getByRole('button', { name: text.continue }).click();
  await expect(step(page, lang, 'payment').getByRole('radio')).toHaveCount(1);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: text.pay[2] }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.booked })).toBeVisible();
  expect(confirmedId(page)).not.toBe(booked.id);
});

test('saomai (video, home visit and wallet off), in English: only hospital visits, the tenant’s payment methods, no wallet', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'en';
  const text = BOOK[lang];
  const user = await signedIn(page, 'saomai', uniqueEmail('book-saomai'));
  await completeProfile(page.request, 'saomai', user, 'Lena Pham');
  const doctor = await doctorOffering(page.request, 'saomai', [0], 0);

  await gotoReady(page, portal('saomai', `/doctor-details/${doctor.doctorId}`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const bookButtons = page.getByRole('button', { name: /^Book a .* with / });
  await expect(bookButtons).toHaveCount(1);
  await expect(bookButtons).toHaveAccessibleName(text.bookFor(text.service[0]!));
  await bookButtons.click();

  const service = step(page, lang, 'service');
  await expect(service.getByRole('radio')).toHaveCount(1);
  await expect(service.getByRole('radio', { name: new RegExp(`^${text.service[0]}`) })).toBeChecked();
  await expect(page.getByText(text.service[1]!)).toHaveCount(0);
  await expect(page.getByText(text.service[2]!)).toHaveCount(0);

  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Myself \(Lena Pham\)/ }));
  await pickSymptomAndPrice(page, lang);
  await expect(step(page, lang, 'price').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText(text.wallet)).toHaveCount(0);
  // saomai enables the default methods; medical fee coverage needs hospitalFeeGuarantee (off)
  // and "free" applies only to a zero price: cash and online remain.
  const methods = step(page, lang, 'payment').getByRole('radio');
  await expect(methods).toHaveCount(2);
  await expect(
    step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) }),
  ).toBeVisible();
  await expect(
    step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[1]}`) }),
  ).toBeVisible();
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expectBooked(page, lang, text.pending);

  // The server refuses what the tenant does not offer, whatever the page would send.
  const video = await page.request.get(
    portal(
      'songkhoe',
      `/api/v1/Appointments/CheckPriceOfAppointment?doctorId=${doctor.doctorId}&serviceTypeId=1`,
    ),
    { headers: { CompanyCode: 'saomai' } },
  );
  expect(video.status()).toBe(404);
  const wallet = await page.request.post(portal('songkhoe', '/api/v1/Appointments/ApplyWalletBalance'), {
    headers: authHeaders('saomai', user),
    data: { doctorId: doctor.doctorId, serviceTypeId: 0 },
  });
  expect(wallet.status()).toBe(404);
  expect((await wallet.json()).codeMessageRespond).toBe('feature_disabled');
});

test('a declined sandbox payment shows the failed outcome and frees the slot again', async ({ page }) => {
  test.setTimeout(90_000);
  const lang = 'vi';
  const text = BOOK[lang];
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signedIn(page, 'songhong', uniqueEmail('book-decline'));
  await completeProfile(page.request, 'songhong', user, 'Phạm Thu Trang');
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 2);

  await openBooking(page, lang, doctor, 0);
  await choose(step(page, lang, 'hospital').getByRole('radio').first());
  const slot = await pickSlot(step(page, lang, 'slot'), lang);
  expect(await freeSlotIds(page.request, 'songhong', doctor.doctorId)).toContain(slot.slotId);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Phạm Thu Trang\)/ }));
  await payAndConfirm(page, lang, 1);

  // While the bank page is open the slot is held: no longer free.
  await expect(page.getByRole('heading', { level: 1, name: text.bankTitle })).toBeVisible();
  expect(await freeSlotIds(page.request, 'songhong', doctor.doctorId)).not.toContain(slot.slotId);
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: text.decline, exact: true }).click();

  await expect(page).toHaveURL(/\/appointment-confirmed\/\d+\?payment=failed/);
  await expect(page.getByRole('heading', { level: 2, name: text.failed })).toBeVisible();
  await expect(page.getByText('Thanh toán bị từ chối hoặc đã quá thời gian giữ chỗ')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Đặt lịch lại' })).toBeVisible();
  await expect(page.getByRole('link', { name: text.viewReceipt })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  expect(await freeSlotIds(page.request, 'songhong', doctor.doctorId)).toContain(slot.slotId);
});

test('a slot someone else books meanwhile: a clear message at its step, the time is gone, another one books', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'vi';
  const text = BOOK[lang];
  const user = await signedIn(page, 'songhong', uniqueEmail('book-race'));
  await completeProfile(page.request, 'songhong', user, 'Đỗ Hải Yến');
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 5);

  await openBooking(page, lang, doctor, 0);
  await chooseScheduledHospital(page, lang);
  const slot = await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Đỗ Hải Yến\)/ }));
  await pickSymptomAndPrice(page, lang);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) }));

  // Another patient takes that very slot through the API.
  const rival = await apiUser(page.request, 'songhong', uniqueEmail('book-rival'));
  const rivalPatient = await completeProfile(page.request, 'songhong', rival, 'Vũ Thành Nam');
  const symptoms = await apiData<{ symptomId: number }[]>(
    page.request,
    'songhong',
    `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctor.doctorId}`,
  );
  const taken = await page.request.post(portal('songkhoe', '/api/v1/Appointments/MakeAppointment'), {
    headers: authHeaders('songhong', rival),
    data: {
      doctorId: doctor.doctorId,
      slotId: slot.slotId,
      serviceTypeId: 0,
      hospitalId: Number(new URL(page.url()).searchParams.get('hospitalId')),
      patientId: rivalPatient,
      symptomIds: [symptoms[0]!.symptomId],
      paymentMethod: 0,
    },
  });
  expect((await taken.json()).isSuccess).toBe(true);

  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  const refusal = step(page, lang, 'slot').getByRole('alert');
  await expect(refusal).toHaveText(
    'Khung giờ này vừa được đặt hoặc không còn trống, vui lòng chọn giờ khác.',
  );
  await expect(page).toHaveURL(/\/book-appointment\?/);
  // The refused time is no longer offered; the next free one books.
  const times = step(page, lang, 'slot').getByRole('group', { name: text.chooseTime }).getByRole('radio');
  await expect(step(page, lang, 'slot').locator(`input[value="${slot.slotId}"]`)).toHaveCount(0);
  await choose(times.first());
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expectBooked(page, lang, text.pending);
});

test('keyboard only at 360 px: service, hospital, slot, patient, symptom, price, payment, confirm', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'vi';
  const text = BOOK[lang];
  await page.setViewportSize({ width: 360, height: 740 });
  const user = await signedIn(page, 'songhong', uniqueEmail('book-keys'));
  await completeProfile(page.request, 'songhong', user, 'Lê Minh Anh');
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 3);
  const today = todayInVietnam();

  await page.goto(portal('songhong', `/book-appointment?doctorId=${doctor.doctorId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt lịch khám' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  // Service type: Tab into the group, Space picks; focus moves on to the next step.
  const hospitalVisit = step(page, lang, 'service').getByRole('radio', {
    name: new RegExp(`^${text.service[0]}`),
  });
  await tabTo(page, hospitalVisit);
  await page.keyboard.press('Space');
  await expect(hospitalVisit).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: /^2\. Bệnh viện$/ })).toBeFocused();

  // A doctor at one hospital has it chosen already; otherwise Space picks it and focus moves on.
  const hospital = step(page, lang, 'hospital').getByRole('radio').first();
  if ((await step(page, lang, 'hospital').getByRole('radio').count()) > 1) {
    await tabTo(page, hospital);
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { level: 2, name: /^3\. Ngày và giờ khám$/ })).toBeFocused();
  }
  await expect(hospital).toBeChecked();

  // Day: into the group, arrow keys to the first later day with free slots; then its first time.
  const slotStep = step(page, lang, 'slot');
  const days = slotStep.getByRole('group', { name: text.chooseDay }).getByRole('radio');
  await tabTo(page, days.first());
  const labels = await days.evaluateAll((inputs) =>
    inputs.map((input) => [(input as HTMLInputElement).value, input.parentElement!.textContent ?? '']),
  );
  const target = labels.findIndex(([date, label]) => date! > today && text.free.test(label!));
  expect(target, 'a later day with free slots this week').toBeGreaterThanOrEqual(0);
  if (target === 0) await page.keyboard.press('Space');
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowRight');
  await expect(days.nth(target)).toBeChecked();
  await expect(days.nth(target)).toBeFocused();
  const time = slotStep.getByRole('group', { name: text.chooseTime }).getByRole('radio').first();
  await tabTo(page, time);
  await page.keyboard.press('Space');
  await expect(time).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: /^4\. Người khám$/ })).toBeFocused();
  await expectNoHorizontalScroll(page);

  const myself = step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Lê Minh Anh\)/ });
  await tabTo(page, myself);
  await page.keyboard.press('Space');
  await expect(myself).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: /^5\. Triệu chứng$/ })).toBeFocused();

  const symptom = firstSymptom(step(page, lang, 'symptoms'));
  await tabTo(page, symptom);
  await page.keyboard.press('Space');
  await expect(symptom).toBeChecked();
  await tabTo(page, step(page, lang, 'symptoms').getByRole('button', { name: text.continue }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /^6\. Chi phí$/ })).toBeFocused();

  await tabTo(page, step(page, lang, 'price').getByRole('button', { name: text.continue }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /^7\. Thanh toán$/ })).toBeFocused();

  const cash = step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) });
  await tabTo(page, step(page, lang, 'payment').getByRole('radio').first());
  // Arrow keys move through the methods without leaving the group; Space on cash picks it.
  while (!(await cash.evaluate((el) => el === document.activeElement)))
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(cash).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: /^8\. Xác nhận$/ })).toBeFocused();
  await expectNoHorizontalScroll(page);

  await tabTo(page, step(page, lang, 'confirm').getByRole('button', { name: text.confirm }));
  await page.keyboard.press('Enter');
  await expectBooked(page, lang, text.pending);
  await expectNoHorizontalScroll(page);

  const number = await appointmentNumber(page, lang);
  await page.goto(LIST);
  await expect(card(page, lang, number)).toBeVisible();
  await expectNoHorizontalScroll(page);
  // The reschedule dialog (a week of days and the times) fits too.
  await card(page, lang, number).getByRole('button', { name: text.list.reschedule }).click();
  const dialog = page.getByRole('dialog', { name: text.list.rescheduleDialog });
  await expect(dialog.getByRole('group', { name: text.chooseDay }).getByRole('radio').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  const box = await dialog.evaluate((el) => ({
    right: el.getBoundingClientRect().right,
    overflow: el.scrollWidth - el.clientWidth,
  }));
  expect(box.right).toBeLessThanOrEqual(360);
  expect(box.overflow).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await card(page, lang, number).getByRole('link', { name: text.list.receipt }).click();
  await expect(page.getByRole('button', { name: text.downloadPdf })).toBeEnabled();
  await expectNoHorizontalScroll(page);
  await page.goto(portal('songhong', '/me/family-member'));
  await expect(page.getByRole('heading', { level: 2, name: /Lê Minh Anh/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('a visitor who is not signed in picks a slot, signs in in the dialog and resumes on that slot', async ({
  page,
}) => {
  const lang = 'vi';
  const text = BOOK[lang];
  const email = uniqueEmail('book-anon');
  await createAccount(page.request, 'songhong', email, await useDevice(page));
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 4);

  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  const slot = page.getByRole('button', { name: text.bookSlot }).first();
  const label = (await slot.getAttribute('aria-label'))!;
  await slot.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(TEXT.vi.userName).fill(email);
  await dialog.getByLabel(TEXT.vi.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: TEXT.vi.submit, exact: true }).click();

  await expect(page).toHaveURL(/\/book-appointment\?.*slotId=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt lịch khám' })).toBeVisible();
  const chosen = step(page, lang, 'slot').getByRole('radio', { checked: true });
  // The day and the time chosen on the doctor's page are the ones checked here.
  await choose(step(page, lang, 'service').getByRole('radio', { name: new RegExp(`^${text.service[1]}`) }));
  await expect(chosen).toHaveCount(2);
  const [, time, date] = /lúc (\d{2}:\d{2}) ngày (\S+)$/.exec(label)!;
  await expect(step(page, lang, 'slot').getByRole('group', { name: text.chooseTime })).toHaveAccessibleName(
    new RegExp(date!.replace(/\//g, '\\/')),
  );
  await expect(chosen.nth(1).locator('xpath=..')).toHaveText(time!);
});

test('a visitor picks a slot, signs in from a new device (code step) and keeps the slot and its hospital', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'vi';
  const text = BOOK[lang];
  const email = uniqueEmail('book-newdev');
  // The account's trusted device is another one: signing in here asks for a code.
  await createAccount(page.request, 'songhong', email, randomUUID());
  await useDevice(page);
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 8);

  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await page.getByRole('button', { name: text.bookSlot }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(TEXT.vi.userName).fill(email);
  await dialog.getByLabel(TEXT.vi.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: TEXT.vi.submit, exact: true }).click();
  await expect(dialog.getByLabel(TEXT.vi.code)).toBeVisible();
  await enterCode(page, lang, await codeFor(page.request, 'songhong', email));
  await expect(page.getByText(TEXT.vi.welcome)).toBeVisible();

  await expect(page).toHaveURL(/\/book-appointment\?.*hospitalId=\d+.*slotId=\d+/);
  const hospitalId = new URL(page.url()).searchParams.get('hospitalId');
  await choose(step(page, lang, 'service').getByRole('radio', { name: new RegExp(`^${text.service[0]}`) }));
  await expect(step(page, lang, 'hospital').getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`serviceType=0&hospitalId=${hospitalId}&`));
  await expect(step(page, lang, 'slot').getByRole('radio', { checked: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
});
