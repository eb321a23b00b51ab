/**
 * The appointments module's public API for other modules (jobs, payments, operator commands,
 * discovery). Nothing else in this folder may be imported from outside it.
 */
export { expireLapsedHolds, expireDoctorHolds, type LapsedHold } from './holds';
export { settleAppointmentPayment } from './settlement';
export { cancelAppointmentBy } from './cancel';
export { operatorList, completeAppointment, parsePrescription, type OperatorRow } from './operator';
export { quotePrice, basePrice, type Quote, type QuoteInput } from './pricing';
export { bookingWindow, dayOpen, type BookingWindow } from './booking-window';
export { localDateOf, wallClock, startOfLocalDay, addDays, timeSlotOf } from './local-time';
export { bookingClock, setBookingNow } from './clock';
export { dateFilterRange } from './appointment-view';
