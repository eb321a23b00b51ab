/**
 * Appointment times are shown in the hospital's time zone (the tenant's booking.timeZone, echoed
 * by every appointment as `timeZone`), never the browser's: a visitor abroad must see the time
 * the hospital expects them, with a label saying which zone it is.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface ZonedParts {
  /** dd/MM/yyyy (spec section 9). */
  date: string;
  /** HH:mm, 24-hour. */
  time: string;
  /** e.g. "GMT+7". */
  offset: string;
}

/** An instant as date, time and offset in a zone; null for an invalid instant or zone. */
export function zonedParts(iso: string, timeZone: string): ZonedParts | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterOf(timeZone).formatToParts(instant);
  } catch {
    return null;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')}/${part('month')}/${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
    offset: part('timeZoneName'),
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
