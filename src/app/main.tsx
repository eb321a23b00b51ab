import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n';
import { storedLanguage } from '../lib/i18n/language';
import { bootTenant } from '../tenant/boot';
import { BootGate } from './boot-gate';
import { preloadPage } from './preload-page';
import { createStore } from './store';

/*
 * Start-up: the boot request, the messages of the likely language and the code of the page being
 * opened load in parallel, while the loading shell the server put in #root shows (the app's own
 * code is part of this entry, so the HTML already preloads it). Then the page's first requests
 * start (its `prefetch`) and React renders once, so the first page paints in one go.
 */
const i18nReady = initI18n(storedLanguage() ?? 'vi');
const store = createStore();
// A page that fails to preload is loaded (or reported) again by its route.
const pageReady = preloadPage(window.location).catch(() => null);
const start = async () => {
  const [result, startPageData] = await Promise.all([bootTenant(i18nReady), pageReady, i18nReady]);
  // The page's first requests go out now, while React renders it.
  if (result.kind === 'ready') startPageData?.(store.dispatch, result.bundle);
  return result;
};
const first = await start();
// As a transition, React renders the first page in slices and yields to the browser between
// them, instead of one long task that would leave a slow phone unresponsive meanwhile.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BootGate first={first} retry={start} store={store} />
    </StrictMode>,
  );
});
