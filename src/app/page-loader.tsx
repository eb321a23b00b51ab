import { lazy, type ComponentType } from 'react';
import type { PageModule, RouteEntry } from './route-entry';

type Load = RouteEntry['load'];

const loaded = new Map<Load, PageModule>();
const loading = new Map<Load, Promise<PageModule>>();

/**
 * Loads a page's code once and remembers it. A failed load is forgotten, so the next visit tries
 * again (the route's error boundary shows the failure meanwhile).
 */
export function loadPage(load: Load): Promise<PageModule> {
  let promise = loading.get(load);
  if (!promise) {
    promise = load().then(
      (module) => {
        loaded.set(load, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, promise);
  }
  return promise;
}

/**
 * The page as a component: rendered at once when its code is already loaded (the page being
 * opened is preloaded during boot, see preload-page.ts), else through React.lazy. Why: every
 * Suspense fallback React shows delays the content that replaces it by up to 300 ms (React 19
 * throttles reveals), so the first page must not suspend after the boot screen did.
 */
export function pageComponent(load: Load): ComponentType {
  const Lazy = lazy(() => loadPage(load).then(({ Component }) => ({ default: Component })));
  return function Page() {
    const Loaded = loaded.get(load)?.Component;
    return Loaded ? <Loaded /> : <Lazy />;
  };
}
