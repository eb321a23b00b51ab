import type { Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../playwright.config';
import { bookVideoNow } from '../load/demo-video-call';
import {
  joinButton,
  launchCallBrowser,
  newCallSide,
  openPreCallCheck,
  signInThrough,
  waitForRemoteVideo,
} from '../load/video-call-browser';
import { startClusterWorld, type ClusterWorld } from './cluster-world';

/**
 * A video consultation whose patient and doctor are served by different server processes (two
 * hosts on one PostgreSQL; `WEB_CONCURRENCY=2` workers are the same program and share nothing
 * more): the patient's Chromium talks only to process A, the doctor's only to process B, and each
 * must receive the other's video.
 *
 * Why this fails without the relay: a signalling message is a row written through the sender's
 * process; only the `NOTIFY call_signal` after its commit wakes the other process's stream at
 * once, otherwise that stream reads it on its next 15 s heartbeat. The call needs at least two
 * messages to reach the doctor one after the other (hello or here, then the answer to its offer),
 * so without the relay no picture can show before 15 s, and usually not before 30 s. The test
 * allows less than one heartbeat.
 */
const HEARTBEAT_MS = 15_000;

let world: ClusterWorld;
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  world = await startClusterWorld(2);
  browser = await launchCallBrowser();
});
afterAll(async () => {
  await browser?.close();
  await world?.close();
});

describe('a video call across two server processes', () => {
  it('the patient on process A and the doctor on process B see each other within one heartbeat', async () => {
    const [a, b] = [world.servers[0]!, world.servers[1]!];
    const originOf = (url: string) => `http://songhong.localhost:${new URL(url).port}`;
    const [originA, originB] = [originOf(a.url), originOf(b.url)];

    const { appointmentId, doctorLogin } = await bookVideoNow(world.env, 'songhong', 'demo@songhong.example');
    const patient = await newCallSide(
      browser,
      await signInThrough(a.url, 'songhong', 'demo@songhong.example'),
    );
    const doctor = await newCallSide(browser, await signInThrough(b.url, 'songhong', doctorLogin));
    await openPreCallCheck(patient, originA, appointmentId);
    await openPreCallCheck(doctor, originB, appointmentId);

    await Promise.all([joinButton(patient).click(), joinButton(doctor).click()]);
    const [seenByPatient, seenByDoctor] = await Promise.all([
      waitForRemoteVideo(patient, HEARTBEAT_MS, 'patient on A'),
      waitForRemoteVideo(doctor, HEARTBEAT_MS, 'doctor on B'),
    ]);
    for (const seen of [seenByPatient, seenByDoctor]) {
      expect(seen.width).toBeGreaterThan(0);
      expect(seen.frames).toBeGreaterThan(0);
      expect(seen.firstFrameAt! - seen.joinedAt).toBeLessThan(HEARTBEAT_MS);
    }

    // Each browser only ever talked to its own process (media went browser to browser).
    const origins = (urls: string[]) => [...new Set(urls.map((u) => new URL(u).origin))];
    expect(origins(patient.requested)).toEqual([originA]);
    expect(origins(doctor.requested)).toEqual([originB]);
    await patient.context.close();
    await doctor.context.close();
  });
});
