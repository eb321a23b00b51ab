import { describe, expect, it } from 'vitest';
import type { PaintWeight } from './first-paint-bytes';
import { pageBudgets } from './paint-budget';

const weight = (route: string, appJsGzipKb: number): PaintWeight => ({
  route,
  appJsGzipKb,
  firstContentfulPaintMs: 0,
  appRenderMs: 0,
  jsGzipKb: 0,
  cssGzipKb: 0,
  files: [],
  appFiles: [],
});

describe('pageBudgets', () => {
  it('holds / to 120 KB and every other page to / plus 15 KB', () => {
    expect(
      pageBudgets([weight('/', 110), weight('/doctor-list', 125), weight('/join-as-doctor', 125.1)]),
    ).toEqual([
      { route: '/', kb: 110, budgetKb: 120, over: false },
      { route: '/doctor-list', kb: 125, budgetKb: 125, over: false },
      { route: '/join-as-doctor', kb: 125.1, budgetKb: 125, over: true },
    ]);
  });

  it('counts a page the app never rendered as over budget, however little it loaded', () => {
    const unrendered = { ...weight('/service-prices', 0.6), appRenderMs: Number.POSITIVE_INFINITY };
    expect(pageBudgets([weight('/', 110), unrendered])[1]).toMatchObject({ kb: 0.6, over: true });
  });

  it('flags / over its own budget, and has nothing to compare without /', () => {
    expect(pageBudgets([weight('/', 120.1)])[0]).toMatchObject({ budgetKb: 120, over: true });
    expect(pageBudgets([weight('/doctor-list', 300)])).toEqual([]);
  });
});
