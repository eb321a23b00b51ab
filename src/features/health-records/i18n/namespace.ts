import { defineNamespace } from '../../../lib/i18n/namespace';

/** The health records feature's messages (page, form, viewer, appointment sections). */
export const healthRecordsNs = defineNamespace('healthRecords', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
