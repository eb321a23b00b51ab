// Booking's clock lives in server/lib so other modules read it without importing this one.
export { bookingClock, setBookingNow } from '../../lib/booking-clock';
