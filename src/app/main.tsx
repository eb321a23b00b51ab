import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../lib/i18n/i18n';
import { storedLanguage } from '../lib/i18n/language';
import { bootTenant } from '../tenant/boot';
import { BootGate, loadApp } from './boot-gate';

/*
 * Start-up: the boot request, the messages of the likely language and the app's code load in
 * parallel; the loading state renders as soon as the messages are in, the app once the tenant
 * is known.
 */
const i18nReady = initI18n(storedLanguage() ?? 'vi');
void loadApp();
const first = bootTenant(i18nReady);
const retry = () => bootTenant(i18nReady);

await i18nReady;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BootGate first={first} retry={retry} />
  </StrictMode>,
);
