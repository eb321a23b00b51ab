import { describe, expect, it } from 'vitest';
import { navigationWithoutRoute } from './nav-routes';

type Navigation = Parameters<typeof navigationWithoutRoute>[0];
const nav = (overrides: Partial<Navigation>): Navigation => ({
  header: ['scheduleConsultation', 'memberPackage'],
  quickLinks: [],
  privacyLinks: [],
  ...overrides,
});

describe('tenant navigation against the route table', () => {
  it('accepts app paths the route table has (with query or hash), absolute URLs and mail/phone links', () => {
    expect(
      navigationWithoutRoute(
        nav({
          quickLinks: [
            { labelKey: 'nav.doctors', href: '/doctor-list?servicetype=1' },
            { labelKey: 'nav.blog', href: '/blog/' },
            { labelKey: 'x', href: '/doctor-details/12#reviews' },
            { labelKey: 'x', href: 'https://zalo.me/123' },
          ],
          privacyLinks: [{ labelKey: 'x', href: '/info/privacy-policy' }],
        }),
      ),
    ).toEqual([]);
  });

  it('names every footer link and header button whose page does not exist', () => {
    expect(
      navigationWithoutRoute(
        nav({
          header: ['scheduleConsultation', 'directCall'],
          quickLinks: [
            { labelKey: 'account.servicePackages', href: '/service-packages' },
            { labelKey: 'nav.doctors', href: '/doctor-list' },
          ],
          privacyLinks: [{ labelKey: 'x', href: '/info/nowhere' }],
        }),
      ),
    ).toEqual([
      'field /navigation/header/1 "directCall" opens /direct-call, which is no page of the app',
      'field /navigation/quickLinks/0 "/service-packages" is no page of the app',
      'field /navigation/privacyLinks/0 "/info/nowhere" is no page of the app',
    ]);
  });
});
