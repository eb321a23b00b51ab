import { lazy, type ComponentType } from 'react';
import type { RouteEntry } from '../../schemas/routes';
import type { PageModule } from './route-entry';

/** Every page module, each its own chunk, loaded on demand (keys like `/src/features/.../x.tsx`). */
const PAGES = import.meta.glob<PageModule>([
  '/src/features/*/routes/*.tsx',
  '/src/app/routes/not-found-page.tsx',
  '!**/*.test.tsx',
]);

const loaded = new Map<string, PageModule>();
const loading = new Map<string, Promise<PageModule>>();

/**
 * Loads a page's code once and remembers it. A failed load is forgotten, so the next visit tries
 * again (the route's error boundary shows the failure meanwhile).
 */
export function loadPage(page: string): Promise<PageModule> {
  let promise = loading.get(page);
  if (!promise) {
    const load = PAGES[`/${page}.tsx`];
    if (!load) return Promise.reject(new Error(`no page module ${page}`));
    promise = load().then(
      (module) => {
        loaded.set(page, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(page);
        throw error;
      },
    );
    loading.set(page, promise);
  }
  return promise;
}

/**
 * The page as a component: rendered at once when its code is already loaded (the page being
 * opened is preloaded during boot, see preload-page.ts), else through React.lazy. Why: every
 * Suspense fallback React shows delays the content that replaces it by up to 300 ms (React 19
 * throttles reveals), so the first page must not suspend after the boot screen did.
 */
export function pageComponent({ page, props }: Pick<RouteEntry, 'page' | 'props'>): ComponentType {
  const Lazy = lazy(() => loadPage(page).then(({ Component }) => ({ default: Component })));
  return function Page() {
    const Loaded = loaded.get(page)?.Component;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  };
}
