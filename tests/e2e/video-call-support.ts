import { randomUUID } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';
import { codeFor, lastMessageId } from './accounts-support';
import { portal } from './portal';

/** Chromium's stand-in camera and microphone (a test pattern and a beep), granted without a prompt. */
export const FAKE_MEDIA_LAUNCH = {
  executablePath: CHROMIUM,
  args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
};

export const DEMO_PASSWORD = 'Demo@123';

/**
 * Signs an existing account (a demo doctor) in through the API from a new device, confirming the
 * new device with the emailed code, and stores it in the context's browser as the app does.
 */
export async function signInExisting(
  context: BrowserContext,
  tenant: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Record<string, unknown>> {
  const device = randomUUID();
  const headers = { CompanyCode: tenant, unique: device };
  const request = context.request;
  const before = await lastMessageId(request, tenant as never, email);
  const login = { userName: email, password, deviceType: 0, deviceTokenWeb: '' };
  const first = await (
    await request.post(portal('songkhoe', '/api/v1/Auth/Login'), { headers, data: login })
  ).json();
  let data = first.data as Record<string, unknown>;
  if (first.codeMessageRespond === 'LoginStrangeDevice') {
    const otp = await codeFor(request, tenant as never, email, before);
    const verified = await request.post(portal('songkhoe', '/api/v1/Auth/VerifyOTPReliableDevice'), {
      headers,
      data: { userName: email, otp, deviceToken: device },
    });
    data = (await verified.json()).data;
  }
  expect(data?.token, `sign-in of ${email}`).toBeTruthy();
  const user = { ...data, cookie: device };
  await context.addInitScript(
    ([stored, id]) => {
      if (!localStorage.getItem('device_id')) localStorage.setItem('device_id', id as string);
      if (!sessionStorage.getItem('e2e-signed-in')) {
        sessionStorage.setItem('e2e-signed-in', '1');
        localStorage.setItem('user', JSON.stringify(stored));
      }
    },
    [user, device] as const,
  );
  return user;
}

/**
 * Keeps every RTCPeerConnection the page makes in `window.__peers`, so a test can read the call's
 * statistics (inbound RTP bytes) the way chrome://webrtc-internals would. Test instrumentation
 * only: the app itself exposes nothing.
 */
export async function recordPeers(context: BrowserContext) {
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Inbound video RTP bytes of the page's live connection, and the remote picture's size. */
export async function inbound(page: Page): Promise<{ bytes: number; width: number; relay: boolean }> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers ?? [];
    const live = peers.filter((pc) => pc.connectionState === 'connected');
    let bytes = 0;
    let relay = false;
    for (const pc of live) {
      const stats = await pc.getStats();
      const candidates = new Map<string, { candidateType?: string }>();
      stats.forEach((r: { type: string; id: string; [k: string]: unknown }) => {
        if (r.type === 'local-candidate') candidates.set(r.id, r as { candidateType?: string });
      });
      // The pair in use is the transport's selected one (either side sees it, unlike `nominated`).
      const selected = new Set<string>();
      stats.forEach((r: { type: string; [k: string]: unknown }) => {
        if (r.type === 'transport' && r.selectedCandidatePairId)
          selected.add(String(r.selectedCandidatePairId));
      });
      stats.forEach((r: { type: string; id: string; [k: string]: unknown }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') bytes += Number(r.bytesReceived ?? 0);
        const inUse = selected.has(r.id) || (r.nominated === true && r.state === 'succeeded');
        if (r.type === 'candidate-pair' && inUse)
          relay ||= candidates.get(String(r.localCandidateId))?.candidateType === 'relay';
      });
    }
    const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
    return { bytes, width: video?.videoWidth ?? 0, relay };
  });
}

/** Opens the call screen, turns on the fake camera and microphone and joins. */
export async function joinCall(
  page: Page,
  appointmentId: number,
  texts: { turnOn: string; join: string },
  query = '',
) {
  await page.goto(portal('songhong', `/video-call/${appointmentId}${query}`));
  await page.getByRole('button', { name: texts.turnOn }).click();
  await expect(page.getByLabel(/Hình của bạn|Your picture/)).toBeVisible();
  await page.getByRole('button', { name: texts.join }).click();
}

/** Waits until the page receives the other side's video: bytes growing and a sized picture. */
export async function expectReceivingVideo(page: Page) {
  let first = 0;
  await expect
    .poll(
      async () => {
        const now = await inbound(page);
        return now.width > 0 && now.bytes > 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  first = (await inbound(page)).bytes;
  await expect.poll(async () => (await inbound(page)).bytes, { timeout: 10_000 }).toBeGreaterThan(first);
}

export async function newCallContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await recordPeers(context);
  return context;
}
