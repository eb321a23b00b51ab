/**
 * What other features may use of health records: the records of a patient (booking shares them)
 * and the health data shown on an appointment's page.
 */
export { healthRecordsApi, useHealthRecordsQuery, type HealthRecord } from './api';
export { SharedHealthData } from './components/shared-health-data';
