import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { card, muted } from '../../../components/ui.css';
import { formatDate } from '../../../lib/i18n/format-date';
import { useScheduleQuery } from '../api';
import * as css from '../detail.css';

const PERIODS = ['morning', 'afternoon', 'evening'] as const;
const DAYS = 7;

const time = (iso: string) => {
  const date = new Date(iso);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** The next days' free slots, each day grouped into Morning / Afternoon / Evening. */
export function ScheduleSection({ doctorId }: { doctorId: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useScheduleQuery({ doctorId, days: DAYS });
  const days = (data ?? []).filter((day) => day.timeSlots.some((group) => group.slots.length > 0));
  return (
    <section className={card} aria-labelledby="doctor-slots">
      <h2 id="doctor-slots">{t('doctorPage.slots', { count: DAYS })}</h2>
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
              <h3 className={css.dayTitle}>{formatDate(`${day.date}T00:00:00`)}</h3>
              {day.timeSlots
                .filter((group) => group.slots.length > 0)
                .map((group) => (
                  <div key={group.timeSlot}>
                    <p className={muted}>{t(`doctorPage.${PERIODS[group.timeSlot]}`)}</p>
                    <ul
                      className={css.slotList}
                      aria-label={`${formatDate(`${day.date}T00:00:00`)} ${t(`doctorPage.${PERIODS[group.timeSlot]}`)}`}
                    >
                      {group.slots.map((slot) => (
                        <li key={slot.slotId} className={css.slotChip}>
                          <time dateTime={slot.startsAt}>{time(slot.startsAt)}</time>
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
