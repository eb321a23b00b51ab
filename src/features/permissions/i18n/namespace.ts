import { defineNamespace } from '../../../lib/i18n/namespace';

/** The permission step's messages: the notification card and the permission help dialog. */
export const permissionsNs = defineNamespace('permissions', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
