import { defineNamespace } from '../../../lib/i18n/namespace';

/** The fee guarantee feature's messages (bảo lãnh viện phí). */
export const feeGuaranteeNs = defineNamespace('feeGuarantee', {
  vi: () => import('./vi.json'),
  en: () => import('./en.json'),
});
