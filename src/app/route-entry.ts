import type { ComponentType } from 'react';
import type { BootBundle } from '../../schemas/boot';
import type { FeatureKey } from '../../schemas/features';
import type { AppDispatch } from './store';

/**
 * Starts the requests a page makes first, before the page renders: main.tsx calls it once the
 * tenant is booted and the page's code has loaded, so the data is on its way while React renders.
 * It dispatches RTK Query's `util.prefetch` with the very arguments the page's hooks use.
 */
export type Prefetch = (
  dispatch: AppDispatch,
  context: {
    params: Readonly<Record<string, string | undefined>>;
    search: URLSearchParams;
    bundle: BootBundle;
  },
) => void;

/** What a page module exports. The component gets the route entry's `props`. */
export interface PageModule {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page declares its own props
  Component: ComponentType<any>;
  prefetch?: Prefetch;
}

/** One breadcrumb step; the last one is the current page and has no link. */
export interface Crumb {
  labelKey: string;
  to?: string;
}

/** One page of the app, with the conditions under which it exists. */
export interface RouteEntry {
  path: string;
  /**
   * The page module, from the project root without extension (`src/features/<f>/routes/<name>`):
   * its code loads only when the route is visited (src/app/page-loader.tsx).
   */
  page: string;
  /** Props the page component is rendered with (one module serving several routes). */
  props?: Readonly<Record<string, unknown>>;
  /** The page exists only when this tenant feature is on. */
  feature?: FeatureKey;
  /** Only for a stored user with userId and token; others are sent to /. */
  protected?: boolean;
  /** 'bare': no header or footer (pages embedded in the mobile apps). */
  layout?: 'main' | 'bare';
  /**
   * The server renders this page's HTML with its data (src/app/entry-server.tsx): public pages
   * that search engines and link previews read. Others get the loading shell and render in the
   * browser.
   */
  serverRendered?: boolean;
  /** Only outside production (demo tools). */
  devOnly?: boolean;
  /** The breadcrumb trail shown above the page, if the page has one. */
  crumbs?: Crumb[];
  /** A trail that depends on the query string (e.g. a health program's doctor list). */
  crumbsFor?: (search: URLSearchParams) => Crumb[] | undefined;
}

/** The entries this tenant gets: a feature that is off has no route, so it falls to the 404 page. */
export function availableRoutes(
  entries: readonly RouteEntry[],
  bundle: Pick<BootBundle, 'features' | 'environment'>,
): RouteEntry[] {
  return entries.filter(
    (entry) =>
      (!entry.feature || bundle.features[entry.feature]) &&
      (!entry.devOnly || bundle.environment !== 'production'),
  );
}
