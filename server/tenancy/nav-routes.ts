import { matchRoutes } from 'react-router';
import type { TenantConfig } from '../../schemas/tenant.schema';
import type { RouteEntry } from '../../schemas/routes';
import { ROUTES } from '../../schemas/routes';

// Every path of the app, whatever the features: whether a page is on for a tenant is another rule.
const APP_ROUTES = ROUTES.map((entry) => ({ path: entry.path, entry }));

/** The path of an app link (`/blog/?x=1#y` -> `/blog/`); null for absolute URLs, mailto:, tel:. */
function appPath(href: string): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  return href.split(/[?#]/)[0]!;
}

/** The route-table entry of an app path (its feature says whether a tenant has it), if any. */
export const pageOf = (pathname: string): RouteEntry | undefined =>
  matchRoutes(APP_ROUTES, pathname)?.at(-1)?.route.entry;

const isPage = (pathname: string) => pageOf(pathname) !== undefined;

/**
 * "Every link leads where it says": the footer links of a tenant whose page is not in the route
 * table (a typo, a screen not built), one line per field. Start-up refuses such a tenant file
 * (registry.ts), so no visitor meets a link to the not-found page. Header buttons are a closed
 * list whose pages a test checks (nav-routes.test.ts), so a tenant cannot name a missing one.
 */
export function navigationWithoutRoute(navigation: TenantConfig['navigation']): string[] {
  const problems: string[] = [];
  for (const list of ['quickLinks', 'privacyLinks'] as const) {
    navigation[list].forEach((link, index) => {
      const target = appPath(link.href);
      if (target !== null && !isPage(target))
        problems.push(`field /navigation/${list}/${index} "${link.href}" is no page of the app`);
    });
  }
  return problems;
}
