import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import {
  apiData,
  authHeaders,
  BOOK,
  choose,
  chooseScheduledHospital,
  completeProfile,
  confirmedId,
  doctorOffering,
  pickSlot,
  pickSymptomAndPrice,
  step,
  type Lang,
} from './booking-support';
import { useLanguage } from './health-data-support';
import { appReady, expectNoSeriousA11yViolations, gotoReady, portal } from './portal';

/**
 * Notification permission after a booking (spec section 4, asked when useful and saying why), in
 * the real browser's permission system: Appointment Confirmed shows the card, the browser is
 * asked only on the click, granted hides it, and a refusal opens the permission help dialog.
 * Headless Chromium answers a prompt in a context without a grant with 'denied' (no one to ask).
 */

const CARD = {
  vi: {
    title: 'Nhắc lịch hẹn trên thiết bị này',
    allow: 'Bật thông báo',
    granted: 'Đã bật thông báo. Chúng tôi sẽ nhắc bạn trước giờ hẹn.',
  },
  en: {
    title: 'Reminders on this device',
    allow: 'Turn on notifications',
    blocked: /blocks notifications from this site/,
    howTo: 'How to turn on notifications',
    notNow: 'Not now',
    dialog: 'Allow notifications',
    ownBrowser: /^In your browser \(/,
    close: 'Got it',
  },
} as const;

const permission = (page: Page) => page.evaluate(() => Notification.permission);

async function expectBooked(page: Page, lang: Lang) {
  await expect(page).toHaveURL(/\/appointment-confirmed\/\d+/);
  await expect(page.getByRole('heading', { level: 2, name: BOOK[lang].booked })).toBeVisible();
}

test('vi: booked through the page, the card says why; granted on the click, it goes and stays gone', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const lang = 'vi';
  const text = BOOK[lang];
  const user = await signedIn(page, 'songhong', uniqueEmail('notify-yes'));
  await completeProfile(page.request, 'songhong', user, 'Lê Thu Hà');
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 9);

  // Nothing is asked on the way: no card and no prompt before the booking exists.
  await gotoReady(page, portal('songhong', `/doctor-details/${doctor.doctorId}`));
  await expect(page.getByRole('region', { name: CARD.vi.title })).toHaveCount(0);
  await page.getByRole('button', { name: text.bookFor(text.service[0]!) }).click();
  await chooseScheduledHospital(page, lang);
  await pickSlot(step(page, lang, 'slot'), lang);
  await choose(step(page, lang, 'patient').getByRole('radio', { name: /^Tôi \(Lê Thu Hà\)/ }));
  await pickSymptomAndPrice(page, lang);
  await choose(step(page, lang, 'payment').getByRole('radio', { name: new RegExp(`^${text.pay[0]}`) }));
  await step(page, lang, 'confirm').getByRole('button', { name: text.confirm }).click();
  await expectBooked(page, lang);

  const card = page.getByRole('region', { name: CARD.vi.title });
  await expect(card).toContainText('nhắc bạn trước giờ hẹn');
  expect(await permission(page)).toBe('default');
  await expectNoSeriousA11yViolations(page);

  // The person allows it in the browser's prompt (the context's grant answers the prompt).
  await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await card.getByRole('button', { name: CARD.vi.allow }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText(CARD.vi.granted)).toBeVisible();
  expect(await permission(page)).toBe('granted');

  await page.reload();
  await appReady(page);
  await expectBooked(page, lang);
  await expect(page.getByRole('region', { name: CARD.vi.title })).toHaveCount(0);
});

test('en: a refusal opens the help dialog with the browser’s steps; "Not now" hides the card on this device', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang = 'en';
  await useLanguage(page, lang);
  const user = await signedIn(page, 'songhong', uniqueEmail('notify-no'));
  const patientId = await completeProfile(page.request, 'songhong', user, 'Tran Minh Khoa');
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 13);

  // Booked through the API (the booking page is the other test's subject), then its confirmation.
  type Day = { timeSlots: { slots: { slotId: number; hospitalId: number | null }[] }[] };
  const days = await apiData<Day[]>(
    page.request,
    'songhong',
    `/Appointments/GetDoctorScheduleTimingSlots?doctorId=${doctor.doctorId}&days=14`,
  );
  const slot = days.flatMap((d) => d.timeSlots.flatMap((g) => g.slots)).find((s) => s.hospitalId)!;
  const symptoms = await apiData<{ symptomId: number }[]>(
    page.request,
    'songhong',
    `/Doctors/SymptomsByDoctor/symptoms-by-doctor?doctorId=${doctor.doctorId}`,
  );
  const booked = await page.request.post(portal('songkhoe', '/api/v1/Appointments/MakeAppointment'), {
    headers: authHeaders('songhong', user),
    data: {
      doctorId: doctor.doctorId,
      slotId: slot.slotId,
      serviceTypeId: 0,
      hospitalId: slot.hospitalId,
      patientId,
      symptomIds: [symptoms[0]!.symptomId],
      paymentMethod: 0,
    },
  });
  const { appointmentId } = (await booked.json()).data as { appointmentId: number };
  await gotoReady(page, portal('songhong', `/appointment-confirmed/${appointmentId}`));
  await expectBooked(page, lang);
  expect(confirmedId(page)).toBe(appointmentId);

  const card = page.getByRole('region', { name: CARD.en.title });
  await expect(card).toContainText('so we can remind you before your appointment');
  await card.getByRole('button', { name: CARD.en.allow }).click();
  const dialog = page.getByRole('dialog', { name: CARD.en.dialog });
  await expect(dialog).toBeVisible();
  expect(await permission(page)).toBe('denied');
  await expect(dialog.getByRole('heading', { level: 3, name: CARD.en.ownBrowser })).toBeVisible();
  await expect(dialog).toContainText('Notifications → Allow');
  await expectNoSeriousA11yViolations(page);

  // Closed, focus is back on the card, which now says notifications are blocked.
  await dialog.getByRole('button', { name: CARD.en.close }).click();
  await expect(dialog).toBeHidden();
  const howTo = card.getByRole('button', { name: CARD.en.howTo });
  await expect(howTo).toBeFocused();
  await expect(card).toContainText(CARD.en.blocked);

  // Still blocked after a reload: the card offers the steps again, without a new prompt.
  await page.reload();
  await appReady(page);
  await card.getByRole('button', { name: CARD.en.howTo }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // "Not now": gone, and not back on this device.
  await card.getByRole('button', { name: CARD.en.notNow }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await appReady(page);
  await expectBooked(page, lang);
  await expect(page.getByRole('region', { name: CARD.en.title })).toHaveCount(0);
});
