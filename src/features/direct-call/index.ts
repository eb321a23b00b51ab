/** The direct call feature's public API: the doctors' incoming calls, shown in the care workspace. */
export { IncomingCalls } from './components/incoming-calls';
