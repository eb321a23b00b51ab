import { defineNamespace } from '../../../lib/i18n/namespace';

/** The personal-data feature's messages (consent gate, privacy page). */
export const personalDataNs = defineNamespace('personalData', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
