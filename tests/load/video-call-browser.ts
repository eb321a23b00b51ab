import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';

/**
 * Both sides of a real video consultation in Chromium, outside Playwright's test runner: the
 * two-host call proof (tests/scale/video-call.test.ts) and the call set-up benchmark
 * (tests/load/video-call.bench.ts). Each side's browser context is pointed at one server origin
 * only, signs in through that origin's API, and records what the measurements need: every
 * RTCPeerConnection (for inbound RTP statistics), the moment of each click, and when the
 * remote <video> presents its first frame.
 */

/** Chromium's stand-in camera and microphone (a test pattern and a beep), granted without a prompt. */
export const FAKE_MEDIA_ARGS = [
  ...CHROMIUM_FLAGS,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FAKE_MEDIA_ARGS });
}

/** The signed-in user as the web app keeps it in localStorage ('user'), `cookie` being the device. */
export type StoredUser = Record<string, unknown> & { token: string; cookie: string };

const DEMO_PASSWORD = 'Demo@123';

/**
 * Signs an existing account in through the API of `api` (one server's URL) from `device`,
 * confirming a device the account does not trust yet with the code the dev outbox shows (the
 * first device an account ever uses is trusted without one).
 */
export async function signInThrough(
  api: string,
  tenant: string,
  email: string,
  device: string = randomUUID(),
): Promise<StoredUser> {
  const headers = { companycode: tenant, unique: device, 'content-type': 'application/json' };
  const post = async (path: string, body: unknown) =>
    (await fetch(`${api}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) =>
      r.json(),
    )) as { data?: Record<string, unknown> | null; codeMessageRespond?: string | null };
  const outbox = async () =>
    (
      (await fetch(`${api}/api/v1/dev/outbox?to=${encodeURIComponent(email)}`, { headers }).then((r) =>
        r.json(),
      )) as { data?: { messageId: number; code: string | null }[] }
    ).data ?? [];
  const before = Math.max(0, ...(await outbox()).map((m) => m.messageId));
  let reply = await post('/Auth/Login', { userName: email, password: DEMO_PASSWORD, deviceType: 0 });
  if (reply.codeMessageRespond === 'LoginStrangeDevice') {
    let code: string | null | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      code = (await outbox()).find((m) => m.messageId > before && m.code)?.code;
      if (!code) await new Promise((r) => setTimeout(r, 200));
    }
    if (!code) throw new Error(`no device code for ${email} in the dev outbox`);
    reply = await post('/Auth/VerifyOTPReliableDevice', { userName: email, otp: code, deviceToken: device });
  }
  const token = reply.data?.token;
  if (typeof token !== 'string') throw new Error(`sign-in of ${email} failed: ${JSON.stringify(reply)}`);
  return { ...reply.data, token, cookie: device };
}

/** One side of the call: its page and every URL its browser asked for. */
export interface CallSide {
  context: BrowserContext;
  page: Page;
  requested: string[];
}

/**
 * A new browser context signed in as `user` (Vietnamese), with the measurements' instrumentation
 * (test-only: the app itself exposes nothing): `__peers` keeps every RTCPeerConnection,
 * `__clicks` the time of every click, `__firstFrame` when the remote picture first showed.
 * Times are `performance.timeOrigin + now`, milliseconds since the epoch on this machine's
 * clock, so the two sides' times compare. Code sent to the page declares no named functions:
 * under tsx (the bench) esbuild would wrap them in a `__name()` helper the page does not have.
 */
export async function newCallSide(browser: Browser, user: StoredUser): Promise<CallSide> {
  const context = await browser.newContext();
  const requested: string[] = [];
  context.on('request', (request) => requested.push(request.url()));
  await context.addInitScript(
    ([stored, device]) => {
      localStorage.setItem('user', JSON.stringify(stored));
      localStorage.setItem('device_id', device as string);
      localStorage.setItem('lang', 'vi');
      const w = window as unknown as {
        __peers: RTCPeerConnection[];
        __clicks: number[];
        __firstFrame: number | null;
        __connected: number | null;
      };
      const Native = window.RTCPeerConnection;
      w.__peers = [];
      w.__connected = null;
      window.RTCPeerConnection = class extends Native {
        constructor(config?: RTCConfiguration) {
          super(config);
          w.__peers.push(this);
          this.addEventListener('connectionstatechange', () => {
            if (this.connectionState === 'connected')
              w.__connected ??= performance.timeOrigin + performance.now();
          });
        }
      } as typeof RTCPeerConnection;
      w.__clicks = [];
      document.addEventListener(
        'click',
        (event) => w.__clicks.push(performance.timeOrigin + event.timeStamp),
        true,
      );
      w.__firstFrame = null;
      // The remote <video> is rendered when the call starts; its first presented frame is the
      // moment the person sees the other side.
      const watched = new WeakSet<Element>();
      new MutationObserver(() => {
        const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
        if (!video || watched.has(video)) return;
        watched.add(video);
        video.requestVideoFrameCallback((_now, frame) => {
          w.__firstFrame ??= performance.timeOrigin + frame.presentationTime;
        });
      }).observe(document, { childList: true, subtree: true });
    },
    [user, user.cookie] as const,
  );
  return { context, page: await context.newPage(), requested };
}

/**
 * Opens the call screen of `appointmentId` on `origin` and turns on the camera and microphone in
 * the pre-call check, leaving the page one click (Join) away from the call.
 */
export async function openPreCallCheck(side: CallSide, origin: string, appointmentId: number) {
  await side.page.goto(`${origin}/video-call/${appointmentId}`);
  await side.page.getByRole('button', { name: 'Bật camera và micro' }).click();
  await side.page.getByLabel('Hình của bạn').waitFor();
}

export function joinButton(side: CallSide) {
  return side.page.getByRole('button', { name: 'Vào cuộc gọi' });
}

export interface CallTimes {
  /** The side's last click (its Join). */
  joinedAt: number;
  /** Its peer connection first connected (null: not yet). */
  connectedAt: number | null;
  /** Its remote picture first showed (null: not yet). */
  firstFrameAt: number | null;
}

export function callTimes(side: CallSide): Promise<CallTimes> {
  return side.page.evaluate(() => {
    const w = window as unknown as {
      __clicks: number[];
      __connected: number | null;
      __firstFrame: number | null;
    };
    return { joinedAt: w.__clicks.at(-1) ?? NaN, connectedAt: w.__connected, firstFrameAt: w.__firstFrame };
  });
}

/** Inbound video of the side's connected peer: RTP bytes, frames decoded, the remote picture's width. */
export function inbound(side: CallSide): Promise<{ bytes: number; frames: number; width: number }> {
  return side.page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    let bytes = 0;
    let frames = 0;
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      (await pc.getStats()).forEach((r: { type: string; kind?: string; [k: string]: unknown }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') {
          bytes += Number(r.bytesReceived ?? 0);
          frames += Number(r.framesDecoded ?? 0);
        }
      });
    }
    const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
    return { bytes, frames, width: video?.videoWidth ?? 0 };
  });
}

/**
 * Waits until the side shows the other's video (first frame presented, a sized picture, inbound
 * RTP bytes) within `timeoutMs`, then until those bytes grow; throws with what was seen if not.
 */
export async function waitForRemoteVideo(side: CallSide, timeoutMs: number, label: string) {
  const deadline = Date.now() + timeoutMs;
  let seen = { bytes: 0, frames: 0, width: 0 };
  let times = await callTimes(side);
  while (!(times.firstFrameAt && seen.width > 0 && seen.bytes > 0)) {
    if (Date.now() > deadline)
      throw new Error(
        `${label}: no remote video within ${timeoutMs} ms (first frame ${times.firstFrameAt ?? 'none'}, ${JSON.stringify(seen)})`,
      );
    await new Promise((r) => setTimeout(r, 100));
    [seen, times] = await Promise.all([inbound(side), callTimes(side)]);
  }
  const first = seen.bytes;
  const growDeadline = Date.now() + 10_000;
  while ((seen = await inbound(side)).bytes <= first) {
    if (Date.now() > growDeadline) throw new Error(`${label}: inbound video stopped at ${first} bytes`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { ...times, ...seen };
}
