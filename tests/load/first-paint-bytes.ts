import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../playwright.config';

export interface PaintWeight {
  route: string;
  firstContentfulPaintMs: number;
  /** When the app first rendered (React replaced the server's loading shell). */
  appRenderMs: number;
  /** Gzipped JS and CSS finished before the first paint (the shell: HTML and CSS only). */
  jsGzipKb: number;
  cssGzipKb: number;
  /** Gzipped JS finished before the app's first render: all the code a page needs to show. */
  appJsGzipKb: number;
  /** The files counted in jsGzipKb and cssGzipKb. */
  files: string[];
  /** The scripts counted in appJsGzipKb, heaviest first, with their gzipped KB. */
  appFiles: { path: string; gzipKb: number }[];
}

/** How long a page may take to render after its network went quiet. */
const RENDER_WAIT_MS = 15_000;

/** In the page: first contentful paint, the app's first render and when each resource finished. */
function readTimings() {
  const fcp =
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY;
  const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
    name: r.name,
    end: r.responseEnd,
  }));
  const app = performance.getEntriesByName('app-render')[0]?.startTime ?? Number.POSITIVE_INFINITY;
  return { fcp, app, resources };
}

/**
 * Loads each route in Chromium and sums the gzipped size of the JavaScript and CSS that finished
 * loading before the first contentful paint, and of the JavaScript that finished before the app's
 * first render (bodies re-gzipped at level 9 so the figure does not depend on how the server
 * compressed them). The first paint is the server's loading shell; the app's first render is
 * when React replaces it.
 */
export async function measurePaintWeight(
  baseUrl: string,
  routes: string[],
  options: { localStorage?: Record<string, string> } = {},
): Promise<PaintWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const results: PaintWeight[] = [];
  try {
    for (const route of routes) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // A stored user (spec section 3), for the pages that need one.
      if (options.localStorage) {
        await page.addInitScript((entries) => {
          for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
        }, options.localStorage);
      }
      // Notes the moment the app's first render takes the loading shell out of #root.
      await page.addInitScript(() => {
        let seenShell = false;
        new MutationObserver((_records, observer) => {
          const shell = document.querySelector('#root > .sk-shell');
          if (shell) seenShell = true;
          else if (seenShell) {
            performance.mark('app-render');
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      const bodies = new Map<string, Buffer>();
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') {
          bodies.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
        }
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      // Read once the app has rendered (a quiet network can come first: a page whose code is
      // still being parsed, or one that redirected); a page that never renders keeps Infinity
      // and counts everything it loaded, over its budget rather than hidden.
      const rendered = () =>
        page.waitForFunction(() => performance.getEntriesByName('app-render').length > 0, undefined, {
          timeout: RENDER_WAIT_MS,
        });
      await rendered().catch(async () => {
        // The page navigated on its own while waiting (a redirect): wait on the page it settled on.
        await page.waitForLoadState('networkidle');
        await rendered().catch(() => undefined);
      });
      const timing = await page.evaluate(readTimings).catch(async () => {
        await page.waitForLoadState('networkidle');
        return page.evaluate(readTimings);
      });
      const endOf = new Map(timing.resources.map((r) => [r.name, r.end]));
      let js = 0;
      let css = 0;
      let appJs = 0;
      const files: string[] = [];
      const appFiles: PaintWeight['appFiles'] = [];
      for (const [url, body] of bodies) {
        const end = endOf.get(url) ?? Number.POSITIVE_INFINITY;
        const size = gzipSync(body, { level: 9 }).length;
        const isCss = url.endsWith('.css') || url.includes('/theme.css');
        if (!isCss && end <= timing.app) {
          appJs += size;
          appFiles.push({ path: new URL(url).pathname, gzipKb: Math.round((size / 1024) * 10) / 10 });
        }
        if (end > timing.fcp) continue;
        if (isCss) css += size;
        else js += size;
        files.push(new URL(url).pathname);
      }
      results.push({
        route,
        firstContentfulPaintMs: Math.round(timing.fcp),
        appRenderMs: Math.round(timing.app),
        appJsGzipKb: Math.round((appJs / 1024) * 10) / 10,
        jsGzipKb: Math.round((js / 1024) * 10) / 10,
        cssGzipKb: Math.round((css / 1024) * 10) / 10,
        files,
        appFiles: appFiles.sort((a, b) => b.gzipKb - a.gzipKb),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
