import { useTranslation } from 'react-i18next';
import { useTenant } from '../../../tenant/tenant-context';
import { visitorTimeZone, zonedParts, zoneDiffers } from '../time-zone';
import * as css from '../appointments.css';

interface Props {
  startsAt: string;
  endsAt?: string | undefined;
  /** The appointment's zone; empty: the tenant's booking zone. */
  timeZone: string;
  /** The visitor's zone (tests pass one; the browser's by default). */
  visitorZone?: string | undefined;
}

/**
 * An appointment's date and time in the hospital's zone; when the visitor's own clock would read
 * otherwise, a label names the hospital's zone and gives the visitor's local time too.
 */
export function AppointmentTime({ startsAt, endsAt, timeZone, visitorZone = visitorTimeZone() }: Props) {
  const { t } = useTranslation();
  const tenantZone = useTenant().bundle.booking.timeZone;
  const zone = timeZone || tenantZone;
  const start = zonedParts(startsAt, zone);
  if (!start) return null;
  const end = endsAt ? zonedParts(endsAt, zone) : null;
  const span = end && end.date === start.date ? `${start.time}–${end.time}` : start.time;
  const differs = zoneDiffers(startsAt, zone, visitorZone);
  const local = differs ? zonedParts(startsAt, visitorZone) : null;
  return (
    <>
      <time dateTime={startsAt}>
        {start.date} {span}
      </time>
      {differs && (
        <span className={css.zoneNote}>
          {t('appointments.zoneLabel', { offset: start.offset, zone })}
          {local && ` · ${t('appointments.yourTime', { time: `${local.date} ${local.time}` })}`}
        </span>
      )}
    </>
  );
}
