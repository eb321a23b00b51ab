import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { admin } from './admin';
import { uniqueEmail } from './accounts-support';
import { apiUser, completeProfile } from './booking-support';
import { startTurnServer, turnAvailable, TURNSERVER } from './turn-server';
import {
  expectReceivingVideo,
  FAKE_MEDIA_LAUNCH,
  inbound,
  joinCall,
  newCallContext,
  signInExisting,
} from './video-call-support';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });
test.describe.configure({ timeout: 180_000 });

const available = turnAvailable();
if (!available) {
  const message = `No coturn at ${TURNSERVER}: the relay-only call test is SKIPPED. Install it with \`apt-get install -y coturn\` (.ci/run does).`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n${'!'.repeat(78)}\n!! ${message}\n${'!'.repeat(78)}\n`);
}

let turn: ChildProcess | undefined;
test.beforeAll(async () => {
  if (available) turn = await startTurnServer();
});
test.afterAll(() => {
  turn?.kill();
});

// Without coturn (and outside CI) the test is not defined at all: the warning above says so.
const relayTest = available ? test : () => undefined;
relayTest(
  'a call connects with relay-only ICE through the TURN server and its short-lived credentials',
  async ({ browser }) => {
    const patientContext = await newCallContext(browser);
    const doctorContext = await newCallContext(browser);
    const email = uniqueEmail('relay');
    const patient = await apiUser(patientContext.request, 'songhong', email);
    await completeProfile(patientContext.request, 'songhong', patient, 'Lê Văn Nam');
    const booked = admin('demo', 'video-now', 'songhong', '--user', email);
    expect(booked.code, booked.output).toBe(0);
    const [, id, doctorLogin] = /appointmentId=(\d+) doctorLogin=(\S+)/.exec(booked.output)!;
    await patientContext.addInitScript((stored) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('user', JSON.stringify(stored));
        localStorage.setItem('device_id', String((stored as { cookie: string }).cookie));
      }
    }, patient);
    await signInExisting(doctorContext, 'songhong', doctorLogin!);
    const texts = { turnOn: 'Bật camera và micro', join: 'Vào cuộc gọi' };
    const patientPage = await patientContext.newPage();
    const doctorPage = await doctorContext.newPage();
    // ?relay=1: the browsers may use relayed candidates only (iceTransportPolicy 'relay').
    await joinCall(patientPage, Number(id), texts, '?relay=1');
    await joinCall(doctorPage, Number(id), texts, '?relay=1');
    await expectReceivingVideo(patientPage);
    await expectReceivingVideo(doctorPage);
    await expect.poll(async () => (await inbound(patientPage)).relay).toBe(true);
    await expect.poll(async () => (await inbound(doctorPage)).relay).toBe(true);
    await patientContext.close();
    await doctorContext.close();
  },
);
