import { useTranslation } from 'react-i18next';
import { useGoSignedIn } from '../../../app/layout/open-login-context';
import { QueryState } from '../../../components/query-state';
import { card, muted } from '../../../components/ui.css';
import { bookAppointmentUrl } from '../../../../schemas/paths';
import { formatLocalDate, formatZonedTime, zonedParts } from '../../../../schemas/time';
import { useBookingRules, useZoneName } from '../../../tenant/use-booking-rules';
import { useScheduleQuery } from '../api';
import * as css from '../detail.css';

const PERIODS = ['morning', 'afternoon', 'evening'] as const;
const DAYS = 7;

/**
 * The next days' free slots, each day grouped into Morning / Afternoon / Evening. Times are the
 * hospital's clock (tenant booking.timeZone), always labelled, so the
 * grouping and the times agree. A slot opens the booking flow on that day and slot (a visitor
 * signs in first and lands there).
 */
export function ScheduleSection({
  doctorId,
  serviceType,
}: {
  doctorId: number;
  serviceType?: number | null;
}) {
  const { t } = useTranslation();
  const goSignedIn = useGoSignedIn();
  const { timeZone } = useBookingRules();
  // Always said: this page comes from the server, which cannot know the visitor's zone.
  const zoneName = useZoneName(timeZone);
  const { data, isLoading, isError, refetch } = useScheduleQuery({ doctorId, days: DAYS });
  const days = (data ?? []).filter((day) => day.timeSlots.some((group) => group.slots.length > 0));
  // Every choice made here travels in the booking URL, through the sign-in dialog if need be.
  const book = (slot: { slotId: number; startsAt: string; hospitalId: number | null }) => {
    goSignedIn(
      bookAppointmentUrl({
        doctorId,
        serviceType: serviceType ?? null,
        hospitalId: slot.hospitalId,
        date: zonedParts(slot.startsAt, timeZone).date,
        slotId: slot.slotId,
      }),
    );
  };
  return (
    <section className={card} aria-labelledby="doctor-slots">
      <h2 id="doctor-slots">{t('doctorPage.slots', { count: DAYS })}</h2>
      <p className={muted}>{t('booking.timesIn', { zone: zoneName })}</p>
      <QueryState
        isLoading={isLoading}
        isError={isError}
        isEmpty={days.length === 0}
        onRetry={refetch}
        emptyText={t('doctor.noSlot')}
        skeletons={2}
      >
        <div className={css.days}>
          {days.map((day) => (
            <div key={day.date} className={css.day}>
              <h3 className={css.dayTitle}>{formatLocalDate(day.date)}</h3>
              {day.timeSlots
                .filter((group) => group.slots.length > 0)
                .map((group) => (
                  <div key={group.timeSlot}>
                    <p className={muted}>{t(`doctorPage.${PERIODS[group.timeSlot]}`)}</p>
                    <ul
                      className={css.slotList}
                      aria-label={`${formatLocalDate(day.date)} ${t(`doctorPage.${PERIODS[group.timeSlot]}`)}`}
                    >
                      {group.slots.map((slot) => (
                        <li key={slot.slotId}>
                          <button
                            type="button"
                            className={css.slotChip}
                            onClick={() => book(slot)}
                            aria-label={t('doctorPage.bookSlot', {
                              time: formatZonedTime(slot.startsAt, timeZone),
                              date: formatLocalDate(day.date),
                            })}
                          >
                            <time dateTime={slot.startsAt}>{formatZonedTime(slot.startsAt, timeZone)}</time>
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
            </div>
          ))}
        </div>
      </QueryState>
    </section>
  );
}
