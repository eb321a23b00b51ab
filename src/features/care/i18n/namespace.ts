import { defineNamespace } from '../../../lib/i18n/namespace';

/** The care workspace's messages (doctors and hospital staff), loaded with its pages only. */
export const careNs = defineNamespace('care', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
