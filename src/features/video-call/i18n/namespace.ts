import { defineNamespace } from '../../../lib/i18n/namespace';

/** The video call's messages (pre-call check, call screen). */
export const videoCallNs = defineNamespace('videoCall', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
