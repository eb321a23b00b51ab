import { appointmentsSection } from '../appointments/index';
import { feeGuaranteeSection } from '../fee-guarantee/index';
import { healthRecordsSection } from '../health-records/index';
import { insuranceSection } from '../insurance/index';
import { iomtAdviceSection } from '../iomt/index';
import { refundBankSection } from '../refund-bank/index';
import type { PersonalDataSection } from './section';

/**
 * Every feature's part of a user's personal data (PersonalDataSection, exported from each
 * feature's index.ts): the export archive reads them all, the purge of a deleted account erases
 * them all. A new feature holding personal data adds its section here. (A function, read at call
 * time: the features import this module's index.ts, so the list is never read mid-cycle.)
 */
export function personalDataSections(): PersonalDataSection[] {
  return [
    appointmentsSection,
    healthRecordsSection,
    insuranceSection,
    feeGuaranteeSection,
    iomtAdviceSection,
    refundBankSection,
  ];
}
