import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';

export interface WebVitals {
  route: string;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/**
 * Lighthouse-like mobile lab figures without Lighthouse: a 360x740 phone viewport, the CPU slowed
 * 4x through CDP (Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset does), then FCP,
 * LCP, CLS and Total Blocking Time (sum of long-task time above 50 ms after FCP) read from
 * PerformanceObserver entries once the page has been quiet for 2 s. No network throttling: the
 * server is on loopback, so these are CPU-bound figures, not Lighthouse's simulated 4G ones.
 */
export async function measureWebVitals(
  baseUrl: string,
  routes: string[],
  cpuSlowdown = 4,
): Promise<WebVitals[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const results: WebVitals[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        deviceScaleFactor: 2,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      // Observers registered before any page script, buffered so nothing before them is lost.
      await page.addInitScript(() => {
        const w = window as unknown as {
          __vitals: { lcp: number; cls: number; longTasks: [number, number][] };
        };
        w.__vitals = { lcp: 0, cls: 0, longTasks: [] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__vitals.longTasks.push([entry.startTime, entry.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(2000);
      const vitals = await page.evaluate(() => {
        const w = window as unknown as {
          __vitals: { lcp: number; cls: number; longTasks: [number, number][] };
        };
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        const tbt = w.__vitals.longTasks
          .filter(([start]) => start >= fcp)
          .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
        return { fcp, lcp: w.__vitals.lcp, cls: w.__vitals.cls, tbt };
      });
      results.push({
        route,
        fcpMs: Math.round(vitals.fcp),
        lcpMs: Math.round(vitals.lcp),
        cls: Math.round(vitals.cls * 1000) / 1000,
        tbtMs: Math.round(vitals.tbt),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
