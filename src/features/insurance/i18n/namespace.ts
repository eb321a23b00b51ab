import { defineNamespace } from '../../../lib/i18n/namespace';

/** The insurance feature's messages (Insurance information page, claim and profile forms). */
export const insuranceNs = defineNamespace('insurance', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
