/**
 * Times in a given IANA zone (the hospital's, tenant `booking.timeZone`), whatever zone the
 * browser is in: a visitor abroad sees the hospital's clock, labelled as such. One
 * Intl.DateTimeFormat per zone, built on first use and kept.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone name: fall back to the default rather than breaking the page.
      formatter = formatterOf(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

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
}

/** The calendar date and clock time of an instant in a zone. */
export function zonedParts(value: Date | string | number, timeZone: string): ZonedParts {
  const date = value instanceof Date ? value : new Date(value);
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  // Some engines still answer "24" for midnight with h23.
  const hour = Number(parts.hour) % 24;
  const minute = Number(parts.minute);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
    year,
    month,
    day,
    hour,
    minute,
  };
}

/** HH:mm of an instant in the zone. */
export const formatZonedTime = (value: Date | string | number, timeZone: string) =>
  zonedParts(value, timeZone).time;

/** dd/MM/yyyy of an instant in the zone (spec section 9's date format). */
export function formatZonedDate(value: Date | string | number, timeZone: string): string {
  const { date } = zonedParts(value, timeZone);
  return formatLocalDate(date);
}

/** dd/MM/yyyy HH:mm of an instant in the zone. */
export const formatZonedDateTime = (value: Date | string | number, timeZone: string) =>
  `${formatZonedDate(value, timeZone)} ${formatZonedTime(value, timeZone)}`;

/** A calendar date YYYY-MM-DD as dd/MM/yyyy (no zone involved). */
export function formatLocalDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}

/** Minutes east of UTC of the zone at an instant (Vietnam: 420). */
export function zoneOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const p = zonedParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  const instant = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - instant) / 60_000);
}

/** Whether the browser's clock differs from the zone's at an instant (then times need a label). */
export const zoneDiffersFromBrowser = (timeZone: string, at: Date = new Date()) =>
  zoneOffsetMinutes(timeZone, at) !== -at.getTimezoneOffset();

/** "GMT+7", "GMT-4:30", "GMT". */
export function gmtLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'GMT';
  const sign = offsetMinutes > 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `GMT${sign}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The zone's offset at an instant as a label, e.g. "GMT+7". */
export const zoneGmtLabel = (timeZone: string, at: Date = new Date()) =>
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
 * A zone's clock as people say it, for texts read mid-sentence (the PDF receipt): "giờ Việt Nam
 * (GMT+7)" / "Vietnam time (GMT+7)", the offset the one in force at `at`.
 */
export function zoneClockName(timeZone: string, lang: 'vi' | 'en', at: Date = new Date()): string {
  const place = zonePlace(timeZone, lang);
  const offset = zoneGmtLabel(timeZone, at);
  return lang === 'vi' ? `giờ ${place} (${offset})` : `${place} time (${offset})`;
}

/** Today's date YYYY-MM-DD in the zone. */
export const todayIn = (timeZone: string, now: Date = new Date()) => zonedParts(now, timeZone).date;

/** A calendar date moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Day of week 0 (Sunday) to 6 of a calendar date. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
