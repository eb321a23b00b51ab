/**
 * Where the waitlist button goes on a fully booked day. The waitlist feature
 * (src/features/waitlist/components/waitlist-button.tsx) is being built; until it lands this
 * shows nothing.
 */
export function WaitlistSlot(_props: { doctorId: number; date: string }) {
  return null;
}
