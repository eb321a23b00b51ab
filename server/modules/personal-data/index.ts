/**
 * Personal data (Personal Data Protection Law 91/2025): consent to the processing of
 * health data and the access log. Other features import only from here. (The routes, the export
 * and the purge's erasure are imported by their registrar and command from their own files, so
 * that this file never imports a feature that imports it.)
 */
export { logDataAccess, selfActor, type AccessResource, type DataAccess } from './access-log';
export type { PersonalDataSection } from './section';
export { consentTextOf, consentVersionOf, hasHealthDataConsent, requireHealthDataConsent } from './consent';
