import { formatLocalDate, zonedParts as clockIn, zoneGmtLabel } from '../../../schemas/time';

/**
 * Appointment times are shown in the hospital's time zone (the tenant's booking.timeZone, echoed
 * by every appointment as `timeZone`), never the browser's: a visitor abroad must see the time
 * the hospital expects them, with a label saying which zone it is. Built on schemas/time.ts.
 */

export interface ZonedParts {
  /** dd/MM/yyyy (spec section 9). */
  date: string;
  /** HH:mm, 24-hour. */
  time: string;
  /** e.g. "GMT+7". */
  offset: string;
}

/** An instant as date, time and offset in a zone; null for an invalid instant. */
export function zonedParts(iso: string, timeZone: string): ZonedParts | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const clock = clockIn(instant, timeZone);
  return {
    date: formatLocalDate(clock.date),
    time: clock.time,
    offset: zoneGmtLabel(timeZone, instant),
  };
}

/** The browser's own zone. */
export const visitorTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Whether the visitor would read another wall-clock time for this instant in their own zone
 * (zones with other names but the same offset read the same, so they need no label).
 */
export function zoneDiffers(iso: string, timeZone: string, visitorZone = visitorTimeZone()): boolean {
  if (timeZone === visitorZone) return false;
  const hospital = zonedParts(iso, timeZone);
  const visitor = zonedParts(iso, visitorZone);
  if (!hospital || !visitor) return false;
  return hospital.date !== visitor.date || hospital.time !== visitor.time;
}
