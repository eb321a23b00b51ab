import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { BootBundle } from '../../schemas/boot';
import { BareLayout, MainLayout } from './layout/main-layout';
import { RequireUser } from './require-user';
import { availableRoutes, type RouteEntry } from './route-entry';
import { RoutePage } from './route-page';
import { ROUTES } from './route-table';

const toRoute = (entry: RouteEntry): RouteObject => {
  const page = lazy(() => entry.load().then((module) => ({ default: module.Component })));
  return {
    path: entry.path,
    element: <RoutePage key={entry.path} page={page} crumbs={entry.crumbs} crumbsFor={entry.crumbsFor} />,
  };
};

const notFound: RouteEntry = { path: '*', load: () => import('./routes/not-found-page') };

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
        toRoute(notFound),
      ],
    },
    { element: <BareLayout />, children: available.filter((entry) => entry.layout === 'bare').map(toRoute) },
  ];
}
