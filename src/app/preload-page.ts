import { matchRoutes } from 'react-router-dom';
import type { BootBundle } from '../../schemas/boot';
import { NOT_FOUND_ENTRY } from './compose-routes';
import { loadPage } from './page-loader';
import { ROUTES } from '../../schemas/routes';
import type { AppDispatch } from './store';

/** Starts the first requests of the page being opened (its `prefetch`, if it has one). */
export type StartPageData = (dispatch: AppDispatch, bundle: BootBundle) => void;

/**
 * Loads the code of the page at `location` (the 404 page when none matches), so that it downloads
 * alongside the boot request and the first render needs not wait for it. Resolves to what starts
 * the page's data, to be called once the tenant is booted.
 */
export async function preloadPage(location: Pick<Location, 'pathname' | 'search'>): Promise<StartPageData> {
  const match = matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, entry })),
    location.pathname,
  )?.at(-1);
  const page = await loadPage((match?.route.entry ?? NOT_FOUND_ENTRY).page);
  return (dispatch, bundle) =>
    page.prefetch?.(dispatch, {
      params: match?.params ?? {},
      search: new URLSearchParams(location.search),
      bundle,
    });
}
