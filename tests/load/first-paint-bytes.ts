import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { CHROMIUM } from '../../playwright.config';

export interface PaintWeight {
  route: string;
  firstContentfulPaintMs: number;
  jsGzipKb: number;
  cssGzipKb: number;
  files: string[];
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Loads each route in Chromium and sums the gzipped size of the JavaScript and CSS that finished
 * loading before the first contentful paint (bodies re-gzipped at level 9 so the figure does not
 * depend on how the server compressed them).
 */
export async function measurePaintWeight(baseUrl: string, routes: string[]): Promise<PaintWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  const results: PaintWeight[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies = new Map<string, Buffer>();
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') {
          bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
        }
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      const timing = await page.evaluate(() => {
        const fcp =
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
        const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (r) => ({
            name: r.name,
            end: r.responseEnd,
          }),
        );
        return { fcp, resources };
      });
      const beforePaint = new Set(timing.resources.filter((r) => r.end <= timing.fcp).map((r) => r.name));
      let js = 0;
      let css = 0;
      const files: string[] = [];
      for (const [url, body] of bodies) {
        if (!beforePaint.has(url)) continue;
        const size = gzipSync(body, { level: 9 }).length;
        if (url.endsWith('.css') || url.includes('/theme.css')) css += size;
        else js += size;
        files.push(new URL(url).pathname);
      }
      results.push({
        route,
        firstContentfulPaintMs: Math.round(timing.fcp),
        jsGzipKb: Math.round((js / 1024) * 10) / 10,
        cssGzipKb: Math.round((css / 1024) * 10) / 10,
        files,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
