/**
 * Personal data (issue 8; Personal Data Protection Law 91/2025): consent to the processing of
 * health data and the access log. Other features import only from here.
 */
export { logDataAccess, selfActor, type AccessResource, type DataAccess } from './access-log';
export type { PersonalDataSection } from './section';
export { consentVersionOf, hasHealthDataConsent, requireHealthDataConsent } from './consent';
