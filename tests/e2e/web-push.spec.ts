import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, uniqueEmail } from './accounts-support';
import { apiData, authHeaders, completeProfile, doctorOffering } from './booking-support';
import { gotoReady, portal } from './portal';

/**
 * Web push in the real browser (spec sections 3, 4 and 7). Chromium's own push service is out of
 * reach offline, so the push is handed to the service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), exactly as the browser hands it over after decrypting it:
 * the worker shows the notification with the tenant's icon, and a reminder opens the app's
 * reminder dialog at once. The server's side (encryption, VAPID, FCM) is proved against push
 * service stand-ins in server/services/push.
 */

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
    }));
  });

/** Books the doctor's first free slot for the patient through the API; answers the appointment id. */
async function bookThroughApi(page: Page, user: Record<string, unknown>, patientId: number): Promise<number> {
  const doctor = await doctorOffering(page.request, 'songhong', [0, 1, 2], 17);
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
  return ((await booked.json()).data as { appointmentId: number }).appointmentId;
}

test('nothing push-related loads before it is needed: no service worker, firebase SDK or push config on the home page', async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, Chunk>;
  const firebaseFiles = Object.entries(manifest)
    .filter(([key]) => key.includes('firebase'))
    .map(([, chunk]) => `/${chunk.file}`);
  expect(firebaseFiles.length, 'the build holds the firebase web SDK, in chunks of its own').toBeGreaterThan(
    0,
  );
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await gotoReady(page, portal('songhong', '/'));
  await gotoReady(page, portal('songhong', '/doctor-list'));
  expect(fetched.length).toBeGreaterThan(10);
  for (const file of firebaseFiles) expect(fetched).not.toContain(file);
  expect(fetched).not.toContain('/firebase-messaging-sw.js');
  expect(fetched).not.toContain('/api/v1/Notifications/GetPushConfig');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});

test('vi: allowed after a booking, the service worker receives a reminder push, shows it and opens the reminder dialog', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const user = await signedIn(page, 'songhong', uniqueEmail('push'));
  const patientId = await completeProfile(page.request, 'songhong', user, 'Lê Thu Hà');
  const appointmentId = await bookThroughApi(page, user, patientId);
  const origin = new URL(portal('songhong')).origin;
  await context.grantPermissions(['notifications'], { origin });

  // The DevTools protocol's view of service workers: the registration id a push is delivered to.
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  const asked: string[] = [];
  page.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));
  // Notifications were allowed before: the confirmation subscribes this browser without a prompt.
  await gotoReady(page, portal('songhong', `/appointment-confirmed/${appointmentId}`));
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toBe(`${origin}/firebase-messaging-sw.js`);
  expect(asked).toContain('GET /api/v1/Notifications/GetPushConfig');
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  // The signed-in layout's reminder dialog (a lazy chunk) listens once it has asked for the unread
  // notifications: a message the worker posts before that finds no listener, as in any browser.
  await expect
    .poll(() => asked.some((a) => a.startsWith('GET /api/v1/Notifications/GetAllNotifications')))
    .toBe(true);
  const registrationId = registrations.get(`${origin}/`)!;

  // A reminder, as server/services/push sends it (Web Push: our JSON).
  const reminder = {
    title: 'Nhắc lịch hẹn',
    body: 'Bạn có lịch khám lúc 09:00 ngày 02/12/2026 tại Bệnh viện Sông Hồng.',
    url: '/me/appointments-list/',
    tag: `reminder-${appointmentId}-60`,
    type: 'AppointmentReminder',
    icon: '/api/v1/Tenants/songhong/assets/icon.svg',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(reminder),
  });
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      { title: reminder.title, body: reminder.body, tag: reminder.tag, icon: `${origin}${reminder.icon}` },
    ]);

  // The open app shows the reminder dialog at once; "Đến cuộc hẹn" opens the appointments list.
  const dialog = page.getByRole('dialog', { name: 'Nhắc lịch hẹn' });
  await expect(dialog).toContainText('09:00 ngày 02/12/2026');
  await dialog.getByRole('button', { name: 'Đến cuộc hẹn' }).click();
  await expect(page).toHaveURL(/\/me\/appointments-list\/$/);
  await expect(dialog).toBeHidden();

  // The same push again (a retried delivery) replaces the notification instead of adding one;
  // an FCM message (fields as strings in `data`) shows the same way.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify(reminder),
  });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId,
    data: JSON.stringify({
      data: {
        title: 'Đã xác nhận lịch hẹn',
        body: 'Số thứ tự 12',
        url: '/me/appointments-list/',
        tag: 'booked',
        type: 'BookingConfirmed',
        notificationId: '12',
        icon: reminder.icon,
      },
      from: '123456789012',
      fcmMessageId: 'fcm-1',
    }),
  });
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort())
    .toEqual(['booked', reminder.tag].sort());
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
