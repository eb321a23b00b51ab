import { defineNamespace } from '../../../lib/i18n/namespace';

/**
 * Remote monitoring's messages (the patient's /service-packages and the doctors' advice inbox),
 * loaded with them only. Its error keys come first, so the spec's user_not_join and
 * package_expired speak of the monitoring package here; other keys fall back to the main catalogue.
 */
export const iomtNs = defineNamespace('iomt', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
