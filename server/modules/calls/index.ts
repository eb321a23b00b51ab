/**
 * Video consultations (the call of a service-type-1 appointment): join tokens per the tenant's
 * video provider, and WebRTC signalling between the patient's and the doctor's browsers.
 */
export { callsRoutes, type CallsOptions } from './routes';
export { callSummary, type CallSummary } from './repository';
export { bookVideoNow, type DemoCall } from './demo-call';
