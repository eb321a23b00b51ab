import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n';
import { storedLanguage } from '../lib/i18n/language';
import { bootTenant } from '../tenant/boot';
import { BootGate } from './boot-gate';
import { preloadPage } from './preload-page';
import { hydrateStore, takeServerState } from './server-state';
import { createStore } from './store';

/*
 * Start-up: the boot request, the messages of the likely language and the code of the page being
 * opened load in parallel, while what the server put in #root shows: a public page rendered with
 * its data (server/modules/web, src/app/entry-server.tsx), else the loading shell. Then the
 * page's first requests start (its `prefetch`; a server-rendered page's data is already in the
 * store, so they fetch nothing) and React renders once: it hydrates the server's HTML, or
 * replaces the shell.
 */
const stored = storedLanguage();
const serverState = takeServerState(stored, window.location.search);
const i18nReady = initI18n(serverState?.language ?? stored ?? 'vi');
const store = createStore();
if (serverState) hydrateStore(store, serverState);
// A page that fails to preload is loaded (or reported) again by its route.
const pageReady = preloadPage(window.location).catch(() => null);
const start = async () => {
  const [result, startPageData] = await Promise.all([
    bootTenant(i18nReady, serverState?.language),
    pageReady,
    i18nReady,
  ]);
  // The page's first requests go out now, while React renders it.
  if (result.kind === 'ready') startPageData?.(store.dispatch, result.bundle);
  return result;
};
const first = await start();
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BootGate first={first} retry={start} store={store} />
  </StrictMode>
);
// As a transition, React renders (or hydrates) the first page in slices and yields to the
// browser between them, instead of one long task that would leave a slow phone unresponsive.
startTransition(() => {
  if (serverState && first.kind === 'ready') hydrateRoot(root, app);
  else createRoot(root).render(app);
});
