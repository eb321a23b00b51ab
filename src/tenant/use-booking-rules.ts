import { useTranslation } from 'react-i18next';
import { useIsClient } from '../lib/hooks/use-is-client';
import type { BootBundle } from '../../schemas/boot';
import {
  DEFAULT_TIME_ZONE,
  formatZonedDate,
  formatZonedDateTime,
  zoneDiffersFromRuntime,
  zoneGmtLabel,
  zonePlace,
} from '../../schemas/time';
import { useTenant } from './tenant-context';

export type BookingRules = BootBundle['booking'];

const DEFAULT_RULES: BookingRules = {
  timeZone: DEFAULT_TIME_ZONE,
  holdMinutes: 10,
  paymentMethods: [0, 1, 2, 3],
  sameDayCutoff: '16:00',
  maxDaysAhead: 30,
};

/** The tenant's public booking rules from the boot bundle (defaults when an older server sends none). */
export function useBookingRules(): BookingRules {
  const { bundle } = useTenant();
  return bundle.booking ?? DEFAULT_RULES;
}

/** The name of the hospital's clock, e.g. "Giờ Việt Nam (GMT+7)", whatever the visitor's zone. */
export function useZoneName(timeZone: string, at?: Date): string {
  const { t, i18n } = useTranslation();
  const offset = zoneGmtLabel(timeZone, at ?? new Date());
  const name = zonePlace(timeZone, i18n.language === 'en' ? 'en' : 'vi');
  return t('booking.zoneLabel', { name, offset });
}

/**
 * The name of the hospital's clock when the visitor's differs; null when both clocks agree (then
 * times need no label). Only the browser knows the visitor's zone, so on a server-rendered page
 * the label would appear after hydration and move what follows: those pages say useZoneName.
 */
export function useZoneLabel(timeZone: string, at?: Date): string | null {
  const client = useIsClient();
  const name = useZoneName(timeZone, at);
  return client && zoneDiffersFromRuntime(timeZone, at ?? new Date()) ? name : null;
}

/**
 * Formatters of instants on the hospital's clock (dd/MM/yyyy, dd/MM/yyyy HH:mm): a public page
 * rendered by the server then shows the same date and time as the browser that hydrates it,
 * whatever the visitor's zone ('' for an invalid instant). Times pair with useZoneLabel.
 */
export function useHospitalClock() {
  const { timeZone } = useBookingRules();
  const valid = (value: string | Date) => !Number.isNaN(new Date(value).getTime());
  return {
    timeZone,
    date: (value: string | Date) => (valid(value) ? formatZonedDate(value, timeZone) : ''),
    dateTime: (value: string | Date) => (valid(value) ? formatZonedDateTime(value, timeZone) : ''),
  };
}
