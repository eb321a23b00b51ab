/**
 * Booking's idea of "now": slot start checks, holds, cut-offs and cancel/reschedule limits read it
 * (passed to SQL as a parameter, never SQL now()), so tests can move time instead of sleeping.
 * Every module that decides by the patient's clock reads it (appointments, purchases, promotions,
 * IoMT); it lives outside them so none of them imports another for the time.
 */
export const bookingClock = {
  now: (): Date => new Date(),
};

/** Tests: `setBookingNow(d)` freezes time at d; `setBookingNow(null)` returns to the real clock. */
export function setBookingNow(date: Date | null): void {
  bookingClock.now = date ? () => new Date(date) : () => new Date();
}
