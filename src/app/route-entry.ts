import type { ComponentType } from 'react';
import type { BootBundle } from '../../schemas/boot';
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
