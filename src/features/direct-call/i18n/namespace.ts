import { defineNamespace } from '../../../lib/i18n/namespace';

/** The direct call's messages (the patient's page and the doctors' incoming calls), loaded with them only. */
export const directCallNs = defineNamespace('directCall', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
