import { useTranslation } from 'react-i18next';
import { useIsClient } from '../lib/hooks/use-is-client';
import type { BootBundle } from '../../schemas/boot';
import { DEFAULT_TIME_ZONE, gmtLabel, zoneDiffersFromBrowser, zoneOffsetMinutes } from '../lib/time-zone';
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

/**
 * The label of the hospital's clock when the visitor's differs, e.g. "Giờ Việt Nam (GMT+7)";
 * null when both clocks agree (then times need no label). Only the browser knows the visitor's
 * zone: the server renders the hospital's times without a label, which appears after hydration.
 */
export function useZoneLabel(timeZone: string, at?: Date): string | null {
  const { t } = useTranslation();
  const client = useIsClient();
  const when = at ?? new Date();
  if (!client || !zoneDiffersFromBrowser(timeZone, when)) return null;
  const offset = gmtLabel(zoneOffsetMinutes(timeZone, when));
  const name =
    timeZone === DEFAULT_TIME_ZONE || timeZone === 'Asia/Saigon'
      ? t('booking.zoneVietnam')
      : (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return t('booking.zoneLabel', { name, offset });
}
