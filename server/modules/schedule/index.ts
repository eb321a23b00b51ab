/** The schedule module's public face: the doctor list's next-free-slot refresh (tests drive it). */
export { refreshNextFreeSlots } from './next-slot-refresher';
