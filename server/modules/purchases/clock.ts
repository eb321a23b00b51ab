import { bookingClock } from '../../lib/booking-clock';

/** Purchases keep the booking's clock (tests move one clock for holds of both). */
export const purchasesClock = bookingClock;
