import type { Response } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM } from '../../playwright.config';
import type { BenchSection } from './bench-module';
import { bookVideoNow } from './demo-video-call';
import {
  joinButton,
  launchCallBrowser,
  newCallSide,
  openPreCallCheck,
  signInThrough,
  waitForRemoteVideo,
  type CallSide,
} from './video-call-browser';

/** BENCH_CALLS: how many calls are set up (each a fresh appointment with another demo doctor). */
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const TENANT = 'songhong';
const PATIENT = 'demo@songhong.example';
/** The patient's one device across runs, trusted after its first sign-in (no code each call). */
const PATIENT_DEVICE = '0d0d0d0d-0000-4000-8000-000000000001';

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Gzipped (level 9) size of the scripts a page received, by path. */
function recordScripts(side: CallSide): Map<string, number> {
  const sizes = new Map<string, number>();
  side.page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    void response.body().then(
      (body) => sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length),
      () => undefined,
    );
  });
  return sizes;
}

/** The build's chunks of the call feature and of the Zoom SDK (dist/.vite/manifest.json). */
function callChunks(): { own: Set<string>; zoom: { file: string; gzip: number } | null } {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const own = new Set<string>();
  let zoom: { file: string; gzip: number } | null = null;
  for (const [source, { file }] of Object.entries(manifest)) {
    if (source.startsWith('src/features/video-call/') && file.endsWith('.js')) own.add(`/${file}`);
    if (/@zoom[\\/]videosdk/.test(source))
      zoom = { file: `/${file}`, gzip: gzipSync(readFileSync(path.join('dist', file)), { level: 9 }).length };
  }
  return { own, zoom };
}

/**
 * Call set-up time (video consultations): CALLS fresh video appointments of the songhong
 * demo patient (`demo video-now`, each with another demo doctor), both sides in Chromium with the
 * fake camera, on one server over loopback (the embedded WebRTC provider, host candidates). Each
 * side opens the call screen and turns its camera on; then both press Join together and the clock
 * runs from the first Join click to the moment both remote <video>s have presented their first
 * frame (requestVideoFrameCallback). Also the JavaScript the call screen loads (gzip level 9) up
 * to a connected call, its own chunks apart, and the Zoom SDK's chunk (loaded only by zoom tenants).
 */
export const section: BenchSection = {
  title: `Video call: set-up time over ${CALLS} calls (loopback, WebRTC) and the call screen's JS`,
  async run({ server, env, print }) {
    if (!existsSync(CHROMIUM)) {
      print(`(skipped: no Chromium at ${CHROMIUM})`);
      return;
    }
    const origin = server.url.replace('127.0.0.1', `${TENANT}.localhost`);
    const browser = await launchCallBrowser();
    const both: number[] = [];
    const patientSide: number[] = [];
    const doctorSide: number[] = [];
    const connected: number[] = [];
    let scripts = new Map<string, number>();
    try {
      for (let i = 0; i < CALLS; i++) {
        const { appointmentId, doctorLogin } = await bookVideoNow(env, TENANT, PATIENT);
        const patient = await newCallSide(
          browser,
          await signInThrough(server.url, TENANT, PATIENT, PATIENT_DEVICE),
        );
        const doctor = await newCallSide(browser, await signInThrough(server.url, TENANT, doctorLogin));
        if (i === 0) scripts = recordScripts(patient);
        await openPreCallCheck(patient, origin, appointmentId);
        await openPreCallCheck(doctor, origin, appointmentId);
        await Promise.all([joinButton(patient).click(), joinButton(doctor).click()]);
        const [p, d] = await Promise.all([
          waitForRemoteVideo(patient, 30_000, `call ${i + 1}, patient`),
          waitForRemoteVideo(doctor, 30_000, `call ${i + 1}, doctor`),
        ]);
        both.push(Math.max(p.firstFrameAt!, d.firstFrameAt!) - Math.min(p.joinedAt, d.joinedAt));
        patientSide.push(p.firstFrameAt! - p.joinedAt);
        doctorSide.push(d.firstFrameAt! - d.joinedAt);
        connected.push(Math.max(p.connectedAt!, d.connectedAt!) - Math.min(p.joinedAt, d.joinedAt));
        await patient.context.close();
        await doctor.context.close();
      }
    } finally {
      await browser.close();
    }
    const line = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      print(
        `${name.padEnd(44)} median ${Math.round(percentile(sorted, 0.5))} ms   p95 ${Math.round(percentile(sorted, 0.95))} ms   min ${Math.round(sorted[0]!)} ms   max ${Math.round(sorted.at(-1)!)} ms`,
      );
    };
    line(`Join (both) -> both see each other, ${CALLS} calls`, both);
    line('   of which Join -> both peer connections connected', connected);
    line("patient's Join -> patient's first remote frame", patientSide);
    line("doctor's Join -> doctor's first remote frame", doctorSide);

    const { own, zoom } = callChunks();
    let total = 0;
    let ownTotal = 0;
    for (const [file, size] of scripts) {
      total += size;
      if (own.has(file)) ownTotal += size;
    }
    print(
      `/video-call/:id (webrtc) JS to a connected call: ${kb(total)} gzip in ${scripts.size} files, ` +
        `of which the call feature's own chunks ${kb(ownTotal)}`,
    );
    print(`   ${[...scripts.keys()].sort().join(' ')}`);
    if (zoom)
      print(
        `Zoom Video SDK chunk (zoom tenants only, not counted above): ${kb(zoom.gzip)} gzip (${zoom.file}, ` +
          `${scripts.has(zoom.file) ? 'LOADED by the webrtc call screen' : 'not loaded by the webrtc call screen'}; ` +
          'its WebAssembly and workers come on top at run time)',
      );
  },
};
