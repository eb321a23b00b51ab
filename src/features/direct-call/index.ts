/**
 * The direct call feature's public API: the doctors' incoming calls (care workspace), the ringing
 * call's panel (where a call is placed: /direct-call, the IoMT packages page), and the packages a
 * patient holds (membership page, booking's free appointments).
 */
export { IncomingCalls } from './components/incoming-calls';
export { PackageCard } from './components/package-card';
export { RingingPanel } from './components/ringing-panel';
export { useDirectCallsOfUserQuery, type UserPackage } from './api';
