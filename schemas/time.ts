import { TZDateMini, tzOffset } from '@date-fns/tz';

/**
 * The one time module of the server and the web app (ARCHITECTURE.md "Times"). Instants are stored
 * in UTC; what people read is a hospital's wall clock in its IANA zone (tenant `booking.timeZone`),
 * whatever zone the server or the browser runs in. Zone arithmetic comes from `@date-fns/tz`
 * (TZDateMini: Date getters and constructors in a given zone, over Intl's time zone data), so any
 * zone, with or without daylight saving, works. Calendar dates are `YYYY-MM-DD` strings; the
 * spec's display formats are dd/MM/yyyy and HH:mm (24-hour). Nothing else formats a Date.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** An instant as a Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number;

const known = new Map<string, boolean>();

/** Whether a string names a time zone Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  let ok = known.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(timeZone, ok);
  }
  return ok;
}

/** An unknown zone name reads as the default rather than breaking a page or a message. */
const usable = (timeZone: string) => (isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE);

const toMs = (value: Instant) => (value instanceof Date ? value.getTime() : new Date(value).getTime());
const pad = (n: number) => String(n).padStart(2, '0');

export interface ZonedParts {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** HH:mm (24-hour) in the zone. */
  time: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The calendar date and clock time of an instant in a zone. */
export function zonedParts(value: Instant, timeZone: string): ZonedParts {
  const at = new TZDateMini(toMs(value), usable(timeZone));
  const [year, month, day, hour, minute] = [
    at.getFullYear(),
    at.getMonth() + 1,
    at.getDate(),
    at.getHours(),
    at.getMinutes(),
  ];
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    year,
    month,
    day,
    hour,
    minute,
    minutes: hour * 60 + minute,
  };
}

/** YYYY-MM-DD of an instant in a zone. */
export const localDateOf = (value: Instant, timeZone: string) => zonedParts(value, timeZone).date;

/** Today's date YYYY-MM-DD in the zone. */
export const todayIn = (timeZone: string, now: Instant = Date.now()) => localDateOf(now, timeZone);

/** The instant of local wall time `date` + `minutes` in a zone (the later reading across a DST gap). */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new TZDateMini(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, usable(timeZone));
  return new Date(at.getTime());
}

/** Local midnight of a day, as an instant. */
export const startOfLocalDay = (date: string, timeZone: string): Date => zonedInstant(date, 0, timeZone);

/** Minutes the zone is ahead of UTC at an instant (Vietnam: 420). */
export const zoneOffsetMinutes = (timeZone: string, at: Instant = Date.now()): number =>
  tzOffset(usable(timeZone), new Date(toMs(at)));

/** HH:mm of an instant in the zone. */
export const formatZonedTime = (value: Instant, timeZone: string) => zonedParts(value, timeZone).time;

/** A calendar date YYYY-MM-DD as dd/MM/yyyy (spec section 9; no zone involved). */
export function formatLocalDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** dd/MM/yyyy of an instant in the zone. */
export const formatZonedDate = (value: Instant, timeZone: string) =>
  formatLocalDate(zonedParts(value, timeZone).date);

/** dd/MM/yyyy HH:mm of an instant in the zone. */
export function formatZonedDateTime(value: Instant, timeZone: string): string {
  const { date, time } = zonedParts(value, timeZone);
  return `${formatLocalDate(date)} ${time}`;
}

/** A calendar date moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Day of week 0 (Sunday) to 6 of a calendar date. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Morning 0 (before 12:00), AfterNoon 1 (before 18:00), Evening 2, from local minutes of the day. */
export function timeSlotOf(minutes: number): 0 | 1 | 2 {
  return minutes < 720 ? 0 : minutes < 1080 ? 1 : 2;
}

/** "GMT+7", "GMT-4:30", "GMT". */
export function gmtLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'GMT';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${minutes ? `:${pad(minutes)}` : ''}`;
}

/** The zone's offset at an instant as a label, e.g. "GMT+7". */
export const zoneGmtLabel = (timeZone: string, at: Instant = Date.now()) =>
  gmtLabel(zoneOffsetMinutes(timeZone, at));

/** What a zone's clock is called after where no city name would do (Vietnam's zone: the country). */
const ZONE_PLACES: Record<string, Record<'vi' | 'en', string>> = {
  'Asia/Ho_Chi_Minh': { vi: 'Việt Nam', en: 'Vietnam' },
  'Asia/Saigon': { vi: 'Việt Nam', en: 'Vietnam' },
};

/** The place a zone's clock is named after: "Việt Nam" / "Vietnam", else the IANA city ("Bangkok"). */
export const zonePlace = (timeZone: string, lang: 'vi' | 'en') =>
  ZONE_PLACES[timeZone]?.[lang] ?? (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');

/**
 * A zone's clock as people say it, for texts read mid-sentence (receipts, messages): "giờ Việt Nam
 * (GMT+7)" / "Vietnam time (GMT+7)", the offset the one in force at `at`.
 */
export function zoneClockName(timeZone: string, lang: 'vi' | 'en', at: Instant = Date.now()): string {
  const place = zonePlace(timeZone, lang);
  const offset = zoneGmtLabel(timeZone, at);
  return lang === 'vi' ? `giờ ${place} (${offset})` : `${place} time (${offset})`;
}

/** The zone this runtime's clock is in (the visitor's, in a browser). */
export const runtimeTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether this runtime's clock differs from the zone's at an instant (then times need a label). */
export const zoneDiffersFromRuntime = (timeZone: string, at: Instant = Date.now()) =>
  zoneOffsetMinutes(timeZone, at) !== -new Date(toMs(at)).getTimezoneOffset();
