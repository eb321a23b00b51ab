import './global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n';
import { storedLanguage } from '../lib/i18n/language';
import { bootTenant } from '../tenant/boot';
import { BootGate, loadApp } from './boot-gate';

/*
 * Start-up: the boot request, the messages of the likely language, the app's code and the code
 * of the page being opened load in parallel, while the loading shell the server put in #root
 * shows. React renders once all of it is there, so the first page paints in one go.
 */
const i18nReady = initI18n(storedLanguage() ?? 'vi');
// A page that fails to preload is loaded (or reported) again by its route.
const appReady = loadApp()
  .then((app) => app.preloadPage(window.location.pathname))
  .catch(() => undefined);
const start = () => Promise.all([bootTenant(i18nReady), appReady, i18nReady]).then(([result]) => result);
const first = await start();
// As a transition, React renders the first page in slices and yields to the browser between
// them, instead of one long task that would leave a slow phone unresponsive meanwhile.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BootGate first={first} retry={start} />
    </StrictMode>,
  );
});
