import { expect, test, type BrowserContext } from '@playwright/test';
import { admin } from './admin';
import { apiUser, authHeaders, completeProfile } from './booking-support';
import { uniqueEmail } from './accounts-support';
import { expectNoSeriousA11yViolations, portal } from './portal';
import {
  expectReceivingVideo,
  FAKE_MEDIA_LAUNCH,
  joinCall,
  newCallContext,
  signInExisting,
} from './video-call-support';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
// Two browsers, a call set up and media flowing, an operator command: more than a page test's time.
test.describe.configure({ timeout: 180_000 });

const TEXT = {
  vi: {
    turnOn: 'Bật camera và micro',
    join: 'Vào cuộc gọi',
    connected: 'Đã kết nối',
    hangUp: 'Rời cuộc gọi',
  },
  en: {
    turnOn: 'Turn on camera and microphone',
    join: 'Join the call',
    connected: 'Connected',
    hangUp: 'Leave the call',
  },
} as const;

/** A new patient of songhong with a profile and a video appointment open now with a demo doctor. */
async function videoNow(request: Parameters<typeof apiUser>[0], lang: 'vi' | 'en') {
  const email = uniqueEmail(`call-${lang}`);
  const patient = await apiUser(request, 'songhong', email);
  await completeProfile(request, 'songhong', patient, lang === 'vi' ? 'Trần Thị Hoa' : 'Tran Thi Hoa');
  const booked = admin('demo', 'video-now', 'songhong', '--user', email);
  expect(booked.code, booked.output).toBe(0);
  const [, id, doctorLogin] = /appointmentId=(\d+) doctorLogin=(\S+)/.exec(booked.output)!;
  return { email, patient, appointmentId: Number(id), doctorLogin: doctorLogin! };
}

/**
 * One call in both languages: the patient's side in English, the doctor's in Vietnamese (the same
 * call screen). A call is the suite's most expensive test (four renderers decoding live video on
 * two cores), so the languages share one instead of a call each.
 */
test('a patient (in English) and the doctor (in Vietnamese) see and hear each other in a video consultation', async ({
  browser,
}) => {
  const text = TEXT.en;
  const patientContext = await newCallContext(browser);
  const doctorContext = await newCallContext(browser);
  const { patient, appointmentId, doctorLogin } = await videoNow(patientContext.request, 'en');
  const signedInAs = async (context: BrowserContext, lang: 'vi' | 'en') =>
    context.addInitScript(
      ([stored, language]) => {
        if (!sessionStorage.getItem('e2e-signed-in')) {
          sessionStorage.setItem('e2e-signed-in', '1');
          localStorage.setItem('user', JSON.stringify(stored));
          localStorage.setItem('device_id', String((stored as { cookie: string }).cookie));
          localStorage.setItem('lang', language as string);
        }
      },
      [patient, lang] as const,
    );

  // The way in, in Vietnamese: the same patient's appointment page offers it once the window is open.
  const viewer = await browser.newContext();
  await signedInAs(viewer, 'vi');
  const viPage = await viewer.newPage();
  await viPage.goto(portal('songhong', `/me/appointments-list/${appointmentId}`));
  await expect(viPage.getByRole('link', { name: TEXT.vi.join })).toBeVisible();
  await viewer.close();

  // The patient's browser carries the patient's session; the doctor signs in on another device.
  await signedInAs(patientContext, 'en');
  await signInExisting(doctorContext, 'songhong', doctorLogin);
  const patientPage = await patientContext.newPage();
  const doctorPage = await doctorContext.newPage();

  await patientPage.goto(portal('songhong', `/me/appointments-list/${appointmentId}`));
  await patientPage.getByRole('link', { name: text.join }).click();
  await expect(patientPage).toHaveURL(new RegExp(`/video-call/${appointmentId}`));
  await patientPage.getByRole('button', { name: text.turnOn }).click();
  await expectNoSeriousA11yViolations(patientPage);
  await patientPage.getByRole('button', { name: text.join }).click();

  await joinCall(doctorPage, appointmentId, TEXT.vi);
  await expectReceivingVideo(patientPage);
  await expectReceivingVideo(doctorPage);
  await expect(patientPage.getByRole('status').filter({ hasText: text.connected })).toBeVisible();
  await expect(doctorPage.getByRole('status').filter({ hasText: TEXT.vi.connected })).toBeVisible();
  await expect(doctorPage.getByRole('button', { name: TEXT.vi.hangUp })).toBeVisible();
  // The patient leaves: the doctor is told and waits; events are recorded for both sides.
  await patientPage.getByRole('button', { name: text.hangUp }).click();
  await expect(doctorPage.getByText('Đang chờ bệnh nhân vào phòng…').first()).toBeVisible();
  // The call screen with its controls (axe is slow on a page that is decoding live video).
  await expectNoSeriousA11yViolations(doctorPage);
  const summary = await patientContext.request.get(
    portal('songkhoe', `/api/v1/Calls/Summary?appointmentId=${appointmentId}`),
    { headers: authHeaders('songhong', patient) },
  );
  const kinds = ((await summary.json()).data.events as { role: string; kind: string }[]).map(
    (e) => `${e.role}:${e.kind}`,
  );
  expect(kinds).toEqual(expect.arrayContaining(['patient:joined', 'doctor:joined', 'patient:left']));

  // Back in the workspace, the doctor completes the consultation; the patient reads the note.
  await doctorPage.getByRole('link', { name: 'Về lịch hẹn' }).click();
  await expect(doctorPage).toHaveURL(new RegExp(`/care/appointments/${appointmentId}`));
  await doctorPage.getByLabel('Chẩn đoán').fill('Viêm họng cấp');
  await doctorPage.getByLabel('Ghi chú khám').fill('Họng đỏ qua video, không sốt. Súc họng nước muối.');
  await doctorPage.getByRole('button', { name: 'Hoàn thành lịch hẹn' }).click();
  await expect(doctorPage.getByText('Đã lưu kết quả khám và hoàn thành lịch hẹn.')).toBeVisible();
  await patientPage.goto(portal('songhong', `/me/appointments-list/${appointmentId}`));
  await expect(patientPage.getByText('Viêm họng cấp')).toBeVisible();
  await expect(patientPage.getByText('Họng đỏ qua video, không sốt. Súc họng nước muối.')).toBeVisible();
  await patientContext.close();
  await doctorContext.close();
});

test('another patient, or another tenant, can neither join the call nor read its signalling', async ({
  browser,
}) => {
  const context = await newCallContext(browser);
  const { appointmentId } = await videoNow(context.request, 'vi');
  const stranger = await apiUser(context.request, 'songhong', uniqueEmail('call-stranger'));
  const foreigner = await apiUser(context.request, 'saomai', uniqueEmail('call-foreigner'));
  for (const [tenant, user] of [
    ['songhong', stranger],
    ['saomai', foreigner],
  ] as const) {
    for (const [method, path, data] of [
      ['post', '/Appointments/GetZoomCallAuthToken', { appointmentId }],
      ['get', `/Calls/Stream?appointmentId=${appointmentId}`, undefined],
      ['post', '/Calls/Signal', { appointmentId, signal: { kind: 'hello' } }],
    ] as const) {
      const reply = await context.request[method](portal('songkhoe', `/api/v1${path}`), {
        headers: authHeaders(tenant, user),
        ...(data ? { data } : {}),
      });
      expect(reply.status(), `${tenant} ${path}`).toBe(404);
    }
  }
  // The stranger's browser on the call screen is told the appointment does not exist.
  const page = await context.newPage();
  await page.addInitScript((stored) => localStorage.setItem('user', JSON.stringify(stored)), stranger);
  await page.goto(portal('songhong', `/video-call/${appointmentId}`));
  await expect(page.getByRole('alert').filter({ hasText: /không tồn tại/ })).toBeVisible();
  await context.close();
});
