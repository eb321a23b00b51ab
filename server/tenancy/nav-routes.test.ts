import { describe, expect, it } from 'vitest';
import { HEADER_ITEM_PATHS } from '../../schemas/paths';
import { navigationWithoutRoute, pageOf } from './nav-routes';

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

  it('names every footer link whose page does not exist', () => {
    expect(
      navigationWithoutRoute(
        nav({
          quickLinks: [
            { labelKey: 'account.servicePackages', href: '/lab-tests' },
            { labelKey: 'nav.doctors', href: '/doctor-list' },
          ],
          privacyLinks: [{ labelKey: 'x', href: '/info/nowhere' }],
        }),
      ),
    ).toEqual([
      'field /navigation/quickLinks/0 "/lab-tests" is no page of the app',
      'field /navigation/privacyLinks/0 "/info/nowhere" is no page of the app',
    ]);
  });

  it('opens a page of the app from every header button a tenant may list', () => {
    for (const [item, path] of Object.entries(HEADER_ITEM_PATHS)) expect(pageOf(path), item).toBeDefined();
  });
});
