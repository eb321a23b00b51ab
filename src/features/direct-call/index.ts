/**
 * The direct call feature's public API: the doctors' incoming calls (care workspace), and the
 * packages a patient holds (membership page, booking's free appointments).
 */
export { IncomingCalls } from './components/incoming-calls';
export { PackageCard } from './components/package-card';
export { useDirectCallsOfUserQuery, type UserPackage } from './api';
