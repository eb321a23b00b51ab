/** Personal data (issue 8): other features import only from here. */
export { ConsentGate } from './components/consent-gate';
export { personalDataApi, useHealthDataConsentQuery } from './api';
