import { describe, expect, it } from 'vitest';
import { browserOf } from './browser-family';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  coccoc:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) coc_coc_browser/140.0.180 Chrome/134.0.6998.180 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0.0.0 Mobile/15E148 Safari/604.1',
};

describe('browserOf', () => {
  it('groups browsers by whose settings hold their permissions', () => {
    expect(browserOf(UA.chrome)).toEqual({ family: 'chromium', name: 'Chrome' });
    expect(browserOf(UA.coccoc).family).toBe('chromium');
    expect(browserOf(UA.androidChrome).family).toBe('chromium');
    expect(browserOf(UA.firefox)).toEqual({ family: 'firefox', name: 'Firefox' });
    expect(browserOf(UA.macSafari)).toEqual({ family: 'safari', name: 'Safari' });
    // Chrome on an iPhone is WebKit under iOS settings, not Chrome's site settings.
    expect(browserOf(UA.iphoneChrome).family).toBe('ios');
  });

  it('says "other" for an empty or unknown user agent', () => {
    expect(browserOf('')).toEqual({ family: 'other', name: null });
    expect(browserOf('curl/8.5.0').family).toBe('other');
  });
});
