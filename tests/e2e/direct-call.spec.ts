import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { admin } from './admin';
import { uniqueEmail } from './accounts-support';
import { apiUser, authHeaders, completeProfile } from './booking-support';
import { expectNoSeriousA11yViolations, portal } from './portal';
import {
  expectReceivingVideo,
  FAKE_MEDIA_LAUNCH,
  joinCall,
  newCallContext,
  signInExisting,
} from './video-call-support';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
// Three browsers, a call rung, answered and connected: more than a page test's time.
test.describe.configure({ timeout: 180_000 });

/**
 * "Gọi bác sĩ" end to end on songhong: a patient with a package calls, the package's online doctors
 * see it ring in their workspace, the first to answer takes it (the other sees it taken), both meet
 * on the call screen, and the package has exactly one call less. In English, a call cancelled
 * while ringing gives its call back.
 */

/** A new songhong patient with a profile and a membership package of 3 calls; its doctors' logins. */
async function member(context: BrowserContext, name: string, lang: 'vi' | 'en') {
  const email = uniqueEmail(`direct-${lang}`);
  const user = await apiUser(context.request, 'songhong', email);
  await completeProfile(context.request, 'songhong', user, name);
  const granted = admin('packages', 'grant', 'songhong', '--user', email, '--calls', '3');
  expect(granted.code, granted.output).toBe(0);
  const logins = /doctorLogins=(\S+)/.exec(granted.output)![1]!.split(',');
  await context.addInitScript(
    ([stored, language]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('user', JSON.stringify(stored));
        localStorage.setItem('device_id', String((stored as { cookie: string }).cookie));
        localStorage.setItem('lang', language as string);
      }
    },
    [user, lang] as const,
  );
  return { user, logins };
}

/** A doctor's workspace, online for direct calls. */
async function onlineDoctor(context: BrowserContext, login: string, lang: 'vi' | 'en'): Promise<Page> {
  await signInExisting(context, 'songhong', login);
  await context.addInitScript((language) => localStorage.setItem('lang', language), lang);
  const page = await context.newPage();
  await page.goto(portal('songhong', '/care'));
  await page.getByRole('button', { name: lang === 'vi' ? 'Trực tuyến' : 'Online', exact: true }).click();
  await expect(page.getByText(lang === 'vi' ? /Chưa có cuộc gọi nào/ : /No calls yet/)).toBeVisible();
  return page;
}

const callsLeft = async (context: BrowserContext, user: Record<string, unknown>) => {
  const reply = await context.request.get(
    portal('songkhoe', '/api/v1/WalletHistories/GetAllCallDiriectOfUser'),
    {
      headers: authHeaders('songhong', user),
    },
  );
  return ((await reply.json()).data.packages as { callsLeft: number }[]).map((p) => p.callsLeft);
};

test('a direct call rings two online doctors; the first answers, the other sees it taken; they see each other (vi)', async ({
  browser,
}) => {
  const patientContext = await newCallContext(browser);
  const { user, logins } = await member(patientContext, 'Phạm Thị Lan', 'vi');
  expect(logins.length).toBeGreaterThanOrEqual(2);
  const first = await onlineDoctor(await newCallContext(browser), logins[0]!, 'vi');
  const second = await onlineDoctor(await newCallContext(browser), logins[1]!, 'vi');

  const patient = await patientContext.newPage();
  await patient.goto(portal('songhong', '/direct-call'));
  await expect(patient.getByRole('heading', { level: 1, name: 'Gọi bác sĩ' })).toBeVisible();
  await expect(patient.getByText('3 / 3')).toBeVisible();
  await expectNoSeriousA11yViolations(patient);
  await patient.getByRole('main').getByRole('button', { name: 'Gọi bác sĩ' }).click();
  await expect(patient.getByText(/Đang đổ chuông cho \d+ bác sĩ/)).toBeVisible();

  const answerFirst = first.getByRole('button', { name: 'Nhận cuộc gọi của Phạm Thị Lan' });
  await expect(answerFirst).toBeVisible();
  await expect(second.getByRole('button', { name: 'Nhận cuộc gọi của Phạm Thị Lan' })).toBeVisible();
  await expectNoSeriousA11yViolations(second);
  await answerFirst.click();
  await expect(first).toHaveURL(/\/video-call\/\d+/);
  const appointmentId = Number(/\/video-call\/(\d+)/.exec(first.url())![1]);
  await expect(second.getByText('Một bác sĩ khác đã nhận cuộc gọi của Phạm Thị Lan.')).toBeVisible();
  await expect(second.getByRole('button', { name: 'Nhận cuộc gọi của Phạm Thị Lan' })).toHaveCount(0);

  // The patient's ringing screen opens the same call by itself.
  await expect(patient).toHaveURL(new RegExp(`/video-call/${appointmentId}$`));
  const texts = { turnOn: 'Bật camera và micro', join: 'Vào cuộc gọi' };
  await patient.getByRole('button', { name: texts.turnOn }).click();
  await patient.getByRole('button', { name: texts.join }).click();
  await joinCall(first, appointmentId, texts);
  await expectReceivingVideo(patient);
  await expectReceivingVideo(first);
  expect(await callsLeft(patientContext, user)).toEqual([2]);
});

test('a call cancelled while it rings gives its call back, and the history says so (en)', async ({
  browser,
}) => {
  const patientContext = await newCallContext(browser);
  const { user, logins } = await member(patientContext, 'Pham Thi Mai', 'en');
  const doctor = await onlineDoctor(await newCallContext(browser), logins[2] ?? logins[0]!, 'en');

  const patient = await patientContext.newPage();
  await patient.goto(portal('songhong', '/direct-call'));
  await expect(patient.getByRole('heading', { level: 1, name: 'Call a doctor' })).toBeVisible();
  await patient.getByRole('main').getByRole('button', { name: 'Call a doctor' }).click();
  await expect(patient.getByText(/Ringing the online doctors \(\d+\)…/)).toBeVisible();
  await expect(doctor.getByRole('button', { name: 'Answer the call of Pham Thi Mai' })).toBeVisible();
  expect(await callsLeft(patientContext, user)).toEqual([2]);

  await patient.getByRole('button', { name: 'Cancel the call' }).click();
  await expect(patient.getByText('You cancelled the call. Your call was given back.')).toBeVisible();
  await expect(patient.getByText('3 of 3')).toBeVisible();
  await expect(patient.getByRole('region', { name: 'Call history' }).getByText('Cancelled')).toBeVisible();
  await expect(doctor.getByText('The call of Pham Thi Mai is over.')).toBeVisible();
  expect(await callsLeft(patientContext, user)).toEqual([3]);
});
