/**
 * Local days and times in an IANA time zone (the tenant's `booking.timeZone`), through Intl: no
 * hand-written offsets, so any zone, with or without daylight saving, works.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** YYYY-MM-DD of an instant in a zone. */
export const localDateOf = (instant: Date, timeZone: string): string => wallClock(instant, timeZone).date;

/** Minutes the zone is ahead of UTC at an instant (+420 for Vietnam). */
export function offsetMinutesAt(instant: Date, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of local wall time `date` + `minutes` in a zone (first occurrence around a DST shift). */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let guess = wall - offsetMinutesAt(new Date(wall), timeZone) * 60_000;
  const corrected = wall - offsetMinutesAt(new Date(guess), timeZone) * 60_000;
  if (corrected !== guess) guess = corrected;
  return new Date(guess);
}

/** Local midnight of a day, as an instant. */
export const startOfLocalDay = (date: string, timeZone: string): Date => zonedInstant(date, 0, timeZone);

/** A YYYY-MM-DD day plus n days. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** Morning 0 (before 12:00), AfterNoon 1 (before 18:00), Evening 2, from local minutes of the day. */
export function timeSlotOf(minutes: number): 0 | 1 | 2 {
  return minutes < 720 ? 0 : minutes < 1080 ? 1 : 2;
}

/** Whether a string names a time zone Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}
