/**
 * Health records: the public API of this module for the app (routes), the operator
 * commands (care side) and the personal-data module (export and purge). Nothing else in this
 * folder may be imported from outside it.
 */
export { healthRecordsRoutes, type HealthRecordsOptions } from './routes';
export { healthResultRoutes } from './result-routes';
export { healthRecordsSection } from './section';
export {
  addResult,
  careAppointment,
  sharedFileForCare,
  sharedForCare,
  type CareAppointment,
  type CareReader,
} from './care-side';
export { eraseFiles } from './files';
