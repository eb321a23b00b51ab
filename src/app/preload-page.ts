import { matchRoutes } from 'react-router-dom';
import { NOT_FOUND_ENTRY } from './compose-routes';
import { loadPage } from './page-loader';
import { ROUTES } from './route-table';

/**
 * Loads the code of the page at `pathname` (the 404 page when none matches), so that it
 * downloads alongside the boot request and the first render needs not wait for it.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, entry })),
    pathname,
  )?.at(-1)?.route.entry;
  await loadPage((match ?? NOT_FOUND_ENTRY).load);
}
