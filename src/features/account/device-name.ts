import Bowser from 'bowser';

/** What a person recognises of a signed-in device: its browser and its system, when known. */
export interface DeviceName {
  /** "Chrome 140", "Safari 17.4"; null when the user agent says nothing recognisable. */
  browser: string | null;
  /** "Windows 10", "iOS 17.4", "Linux"; null when unknown. */
  system: string | null;
}

const major = (version: string | undefined) => version?.split('.').slice(0, 2).join('.').replace(/\.0$/, '');

/**
 * The browser and system of a stored user agent (profile settings, login devices), read with
 * bowser rather than hand-written patterns that drift as browsers change their strings.
 */
export function deviceName(userAgent: string): DeviceName {
  if (!userAgent.trim()) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  const join = (name: string | undefined, version: string | undefined) =>
    name ? [name, version].filter(Boolean).join(' ') : null;
  return {
    browser: join(browser.name, major(browser.version)),
    system: join(os.name, os.versionName ?? major(os.version)),
  };
}
