/** Personal data: other features import only from here. */
export { ConsentGate } from './components/consent-gate';
export { PrivacyLink } from './components/privacy-link';
export { personalDataApi, useHealthDataConsentQuery, PRIVACY_PATH } from './api';
