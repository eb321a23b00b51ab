import type { TenantConfig } from '../../../schemas/tenant.schema';
import { addDays, zonedParts } from '../../../schemas/time';

/** Which local days a patient may book now (tenant booking.sameDayCutoff and maxDaysAhead). */
export interface BookingWindow {
  timeZone: string;
  today: string;
  /** The last bookable local day (today + maxDaysAhead). */
  lastDay: string;
  /** Past today's cut-off: no more bookings for today. */
  todayClosed: boolean;
}

export function bookingWindow(now: Date, booking: TenantConfig['booking']): BookingWindow {
  const { date: today, minutes } = zonedParts(now, booking.timeZone);
  const cutoff = booking.sameDayCutoff
    ? Number(booking.sameDayCutoff.slice(0, 2)) * 60 + Number(booking.sameDayCutoff.slice(3, 5))
    : null;
  return {
    timeZone: booking.timeZone,
    today,
    lastDay: addDays(today, booking.maxDaysAhead),
    todayClosed: cutoff !== null && minutes >= cutoff,
  };
}

/** Whether a local day is open for booking in the window. */
export function dayOpen(window: BookingWindow, localDate: string): boolean {
  if (localDate < window.today || localDate > window.lastDay) return false;
  return !(localDate === window.today && window.todayClosed);
}
