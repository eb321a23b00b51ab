import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';

/** The URL of a demo portal: the default tenant on localhost, the others on <code>.localhost. */
export function portal(code: 'songkhoe' | 'songhong' | 'saomai' | string, path = '/'): string {
  const host = code === 'songkhoe' ? 'localhost' : `${code}.localhost`;
  return `http://${host}:${E2E_PORT}${path}`;
}

/** Fails on any serious or critical axe violation of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/**
 * Opens a page and waits until the app has rendered (or, for a server-rendered page, hydrated)
 * it: a server-rendered page shows its buttons before React handles their clicks.
 */
export async function gotoReady(page: Page, url: string) {
  await page.goto(url);
  await appReady(page);
}

/** Waits until the app has rendered or hydrated the page now loaded (after a reload, say). */
export async function appReady(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByName('app-render').length > 0);
}
