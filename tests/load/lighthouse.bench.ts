import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';
import type { BenchSection } from './bench-module';
import { measurePaintWeight } from './first-paint-bytes';

/** Issue 4: Lighthouse mobile performance of each discovery page at least this. */
const SCORE_BUDGET = 95;
/** Lighthouse scores vary from run to run; the median of a few runs is the figure reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse (its default mobile preset: Moto G Power viewport, 4x CPU slowdown, simulated slow
 * 4G) on the system Chromium, against the running server: performance score and its metrics for
 * `/`, `/doctor-list` and `/doctor-details/{id}` (median of RUNS runs), plus the gzipped JS
 * finished before first paint. A median score under the budget fails the bench.
 */
export const section: BenchSection = {
  title: `Lighthouse mobile performance (median of ${RUNS} runs; budget ${SCORE_BUDGET})`,
  async run({ server, print }) {
    const reply = await fetch(`${server.url}/api/v1/Doctors/FilterDoctors`, {
      method: 'POST',
      headers: { companycode: 'songkhoe', 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: 1 }),
    }).then((r) => r.json() as Promise<{ data?: { doctors?: { doctorId: number }[] } }>);
    const doctorId = reply.data?.doctors?.[0]?.doctorId ?? 1;
    const routes = [
      '/',
      '/doctor-list',
      `/doctor-details/${doctorId}`,
      `/book-appointment?doctorId=${doctorId}`,
    ];
    // localhost, not 127.0.0.1: the tenant is resolved from the host (localhost = default tenant).
    const base = server.url.replace('127.0.0.1', 'localhost');

    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    });
    try {
      for (const route of routes) {
        const runs: { score: number; metrics: string }[] = [];
        for (let i = 0, failures = 0; i < RUNS; i++) {
          const result = await lighthouse(`${base}${route}`, {
            port: chrome.port,
            onlyCategories: ['performance'],
            logLevel: 'error',
            output: 'json',
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
          const { lhr } = result;
          // A run Lighthouse itself could not finish (its trace missed the navigation start, say)
          // has no score: run it again, up to twice.
          if (lhr.runtimeError) {
            if (++failures > 2) throw new Error(`${route}: ${lhr.runtimeError.message}`);
            print(`${route.padEnd(22)} run failed (${lhr.runtimeError.code}), running it again`);
            i--;
            continue;
          }
          const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
          runs.push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            metrics: `FCP ${ms('first-contentful-paint')} ms  LCP ${ms('largest-contentful-paint')} ms  SI ${ms('speed-index')} ms  TBT ${ms('total-blocking-time')} ms  CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)}`,
          });
        }
        runs.sort((a, b) => a.score - b.score);
        const median = runs[Math.floor(runs.length / 2)]!;
        const verdict = median.score >= SCORE_BUDGET ? 'ok' : `UNDER BUDGET ${SCORE_BUDGET}`;
        print(
          `${route.padEnd(22)} score ${median.score} (runs ${runs.map((r) => r.score).join(', ')}) ${verdict}   ${median.metrics}`,
        );
        if (median.score < SCORE_BUDGET) process.exitCode = 1;
      }
    } finally {
      await chrome.kill();
    }
    for (const weight of await measurePaintWeight(server.url, ['/', '/join-as-doctor'])) {
      print(
        `${weight.route.padEnd(22)} JS before the app's first render ${weight.appJsGzipKb} KB gzip (before first paint ${weight.jsGzipKb} KB)`,
      );
    }
  },
};
