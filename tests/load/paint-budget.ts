import type { PaintWeight } from './first-paint-bytes';

/** "Speed and structure": JS before the app's first render on `/`, gzipped KB. */
export const HOME_JS_BUDGET_KB = 120;
/** Every other page may load at most this much more JS than `/` before its first render. */
export const PAGE_JS_MARGIN_KB = 15;

export interface PageBudgetLine {
  route: string;
  kb: number;
  budgetKb: number;
  over: boolean;
}

/**
 * Each page's JS before the app's first render against its budget: HOME_JS_BUDGET_KB on `/`,
 * and `/`'s own figure plus PAGE_JS_MARGIN_KB on every other page (so a page cannot hide behind
 * a heavy home page, nor grow unnoticed when the home page shrinks).
 */
export function pageBudgets(weights: PaintWeight[]): PageBudgetLine[] {
  const home = weights.find((w) => w.route === '/');
  if (!home) return [];
  const round = (kb: number) => Math.round(kb * 10) / 10;
  return weights.map((w) => {
    const budgetKb = w.route === '/' ? HOME_JS_BUDGET_KB : round(home.appJsGzipKb + PAGE_JS_MARGIN_KB);
    // A page the app never rendered has no figure to trust: over budget until it renders.
    const rendered = Number.isFinite(w.appRenderMs);
    return { route: w.route, kb: w.appJsGzipKb, budgetKb, over: !rendered || w.appJsGzipKb > budgetKb };
  });
}
