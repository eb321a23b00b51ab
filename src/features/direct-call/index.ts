/**
 * The direct call feature's public API: the doctors' incoming calls, shown in the care workspace,
 * and the ringing call's panel, shown where a call is placed (/direct-call, the IoMT packages page).
 */
export { IncomingCalls } from './components/incoming-calls';
export { RingingPanel } from './components/ringing-panel';
