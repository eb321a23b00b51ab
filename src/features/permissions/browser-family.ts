import Bowser from 'bowser';

/**
 * The browsers whose permission settings differ for a person: Chromium-based ones (Chrome, Edge,
 * Cốc Cốc, Opera, Samsung Internet) share their site settings, Firefox has its own, Safari on a
 * Mac its own, and every browser on an iPhone or iPad takes its permissions from iOS settings.
 */
export const BROWSER_FAMILIES = ['chromium', 'firefox', 'safari', 'ios'] as const;

export type BrowserFamily = (typeof BROWSER_FAMILIES)[number] | 'other';

export interface BrowserOfUser {
  family: BrowserFamily;
  /** The browser's own name ("Chrome", "Firefox"), null when the user agent says nothing known. */
  name: string | null;
}

/**
 * Which permission steps fit this browser (the help dialog of spec section 4), read with bowser
 * by engine and system rather than by brand, so a Chromium browser we never listed still gets
 * the right steps.
 */
export function browserOf(userAgent: string): BrowserOfUser {
  if (!userAgent.trim()) return { family: 'other', name: null };
  const { browser, os, engine } = Bowser.parse(userAgent);
  const name = browser.name ?? null;
  if (os.name === 'iOS') return { family: 'ios', name };
  if (engine.name === 'Blink') return { family: 'chromium', name };
  if (engine.name === 'Gecko') return { family: 'firefox', name };
  if (engine.name === 'WebKit' && os.name === 'macOS') return { family: 'safari', name };
  return { family: 'other', name };
}
