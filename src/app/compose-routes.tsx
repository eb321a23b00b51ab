import type { RouteObject } from 'react-router-dom';
import type { BootBundle } from '../../schemas/boot';
import { BareLayout, MainLayout } from './layout/main-layout';
import { pageComponent } from './page-loader';
import { RequireUser } from './require-user';
import { availableRoutes, type RouteEntry } from '../../schemas/routes';
import { RoutePage } from './route-page';
import { NOT_FOUND_PAGE, ROUTES } from '../../schemas/routes';

const toRoute = (entry: RouteEntry): RouteObject => {
  const page = pageComponent(entry);
  return {
    path: entry.path,
    element: <RoutePage key={entry.path} page={page} crumbs={entry.crumbs} crumbsFor={entry.crumbsFor} />,
  };
};

export const NOT_FOUND_ENTRY: RouteEntry = { path: '*', page: NOT_FOUND_PAGE };

/**
 * The route tree of one tenant, composed here and nowhere else: pages with the site chrome
 * (protected ones behind the guard, then the 404 page for every other path) and layout-less
 * pages for the mobile apps. A feature that is off has no route at all.
 */
export function composeRoutes(
  bundle: Pick<BootBundle, 'features' | 'environment'>,
  entries = ROUTES,
): RouteObject[] {
  const available = availableRoutes(entries, bundle);
  const withChrome = available.filter((entry) => entry.layout !== 'bare');
  return [
    {
      element: <MainLayout />,
      children: [
        ...withChrome.filter((entry) => !entry.protected).map(toRoute),
        { element: <RequireUser />, children: withChrome.filter((entry) => entry.protected).map(toRoute) },
        toRoute(NOT_FOUND_ENTRY),
      ],
    },
    { element: <BareLayout />, children: available.filter((entry) => entry.layout === 'bare').map(toRoute) },
  ];
}
