import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';
import type { BenchSection } from './bench-module';
import { measurePaintWeight } from './first-paint-bytes';

/**
 * Lighthouse mobile performance: every server-rendered public page 100, the booking page (rendered
 * by the app in the browser) at least 95.
 */
const PUBLIC_BUDGET = 100;
const BOOKING_BUDGET = 95;
const budgetOf = (route: string) => (route.startsWith('/book-appointment') ? BOOKING_BUDGET : PUBLIC_BUDGET);
/** Lighthouse scores vary from run to run; the median of a few runs is the figure reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_ROUTES=/,/doctor-list measures only those (the ids of the others are looked up). */
const ONLY = process.env.LIGHTHOUSE_ROUTES?.split(',');

/** The first id an API list of the demo portal answers, for the detail pages. */
async function firstId(url: string, pick: (data: never) => number | undefined, init?: RequestInit) {
  const reply = await fetch(url, {
    ...init,
    headers: { companycode: 'songkhoe', 'content-type': 'application/json' },
  }).then((r) => r.json() as Promise<{ data?: never }>);
  return reply.data ? pick(reply.data) : undefined;
}

/** An offer of the demo portal (promo ids are shared by all portals). */
async function offerId(api: string): Promise<number> {
  for (let id = 1; id <= 60; id++) {
    const reply = await fetch(`${api}/PromoCodes/GetPromoDetails/${id}`, {
      headers: { companycode: 'songkhoe' },
    });
    if (reply.ok) return id;
  }
  return 1;
}

/**
 * Lighthouse (its default mobile preset: Moto G Power viewport, 4x CPU slowdown, simulated slow
 * 4G) on the system Chromium, against the running server: performance score and its metrics for
 * every server-rendered public page and the booking page (median of RUNS runs), plus
 * the gzipped JS finished before first paint. A median score under the budget fails the bench.
 */
export const section: BenchSection = {
  title: `Lighthouse mobile performance (median of ${RUNS} runs; budget ${PUBLIC_BUDGET} on the public pages, ${BOOKING_BUDGET} on the booking page)`,
  async run({ server, print }) {
    const api = `${server.url}/api/v1`;
    const doctorId =
      (await firstId(
        `${api}/Doctors/FilterDoctors`,
        (d: { doctors?: { doctorId: number }[] }) => d.doctors?.[0]?.doctorId,
        {
          method: 'POST',
          body: JSON.stringify({ pageSize: 1 }),
        },
      )) ?? 1;
    const blogId =
      (await firstId(
        `${api}/Blogs/GetAllBlogs?PageNumber=1&PageSize=1`,
        (d: { blogs?: { blogId: number }[] }) => d.blogs?.[0]?.blogId,
      )) ?? 1;
    const all = [
      '/',
      '/doctor-list',
      '/doctor-list?specialityId=1',
      `/doctor-details/${doctorId}`,
      '/speciality-list',
      '/symptoms-list',
      '/hospital-list',
      '/blog/',
      `/blog/blog-detail/${blogId}/`,
      `/blog/blog-detail-mobile/${blogId}/post`,
      '/info/faqs',
      '/info/about-us',
      '/membership',
      `/offer-detail/${await offerId(api)}`,
      '/refer-and-earn',
      `/book-appointment?doctorId=${doctorId}`,
    ];
    const routes = ONLY
      ? all.filter((route) => ONLY.some((only) => route === only || (only !== '/' && route.startsWith(only))))
      : all;
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
        const budget = budgetOf(route);
        const verdict = median.score >= budget ? 'ok' : `UNDER BUDGET ${budget}`;
        print(
          `${route.padEnd(38)} score ${median.score} (runs ${runs.map((r) => r.score).join(', ')}) ${verdict}   ${median.metrics}`,
        );
        if (median.score < budget) process.exitCode = 1;
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
