import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { button } from '../../../components/ui.css';
import {
  addDays,
  daysBetween,
  formatLocalDate,
  formatZonedTime,
  todayIn,
  weekdayOf,
  zonedParts,
} from '../../../../schemas/time';
import { useBookingRules, useZoneLabel } from '../../../tenant/use-booking-rules';
import { useBookingScheduleQuery, type Day } from '../api';
import * as css from '../booking.css';
import { usePickIntent } from './choice-group';

/** A slot as the picker hands it over. `date` is the hospital's calendar day (YYYY-MM-DD). */
export interface PickedSlot {
  slotId: number;
  startsAt: string;
  endsAt: string;
  hospitalId: number | null;
  date: string;
  timeSlot: 0 | 1 | 2;
}

export interface SlotPickerProps {
  doctorId: number;
  /** The chosen slot id, or null. */
  value: number | null;
  /** A slot was picked; `advance` is false while the user arrows through the radios. */
  onChange: (slot: PickedSlot, how: { advance: boolean }) => void;
  /** Hospital visits: only this hospital's slots (slots without a hospital stay). */
  hospitalId?: number | null;
  /** The chosen day (YYYY-MM-DD in the hospital's zone); uncontrolled when left out. */
  date?: string | null;
  onDateChange?: (date: string) => void;
  /** Rescheduling: the appointment's own slot is not offered. */
  excludeSlotId?: number | null;
  /** Shown for a chosen day without a free slot (e.g. the waitlist button). */
  fullDayAction?: (date: string) => ReactNode;
  /** Enter on the chosen slot: move on without changing it. */
  onConfirm?: () => void;
  /** Marks the day choice invalid (a refused slot), so focus-first-error lands on it. */
  invalid?: boolean;
}

const WINDOW_DAYS = 7;
const PERIOD_KEYS = ['morning', 'afternoon', 'evening'] as const;

interface DaySlots {
  date: string;
  periods: { timeSlot: 0 | 1 | 2; slots: PickedSlot[] }[];
  count: number;
  /** The doctor works that day but every slot is taken (the waitlist is offered). */
  fullyBooked: boolean;
  /** Past the same-day cut-off. */
  closed: boolean;
}

/**
 * Regroups the schedule by the hospital's calendar day, whatever zone the server grouped in:
 * a slot's day and clock are the hospital's, Morning / Afternoon / Evening its `timeSlot`.
 */
export function groupSlots(
  days: Day[],
  timeZone: string,
  options: { hospitalId?: number | null; excludeSlotId?: number | null } = {},
): Map<string, DaySlots> {
  const byDay = new Map<string, Map<0 | 1 | 2, PickedSlot[]>>();
  const flags = new Map<string, { fullyBooked: boolean; closed: boolean }>();
  for (const day of days) {
    if (day.fullyBooked || day.closed)
      flags.set(day.date, { fullyBooked: !!day.fullyBooked, closed: !!day.closed });
    for (const group of day.timeSlots) {
      for (const slot of group.slots) {
        if (options.excludeSlotId && slot.slotId === options.excludeSlotId) continue;
        if (options.hospitalId && slot.hospitalId !== null && slot.hospitalId !== options.hospitalId)
          continue;
        const date = zonedParts(slot.startsAt, timeZone).date;
        const periods = byDay.get(date) ?? new Map<0 | 1 | 2, PickedSlot[]>();
        byDay.set(date, periods);
        const list = periods.get(group.timeSlot) ?? [];
        periods.set(group.timeSlot, list);
        list.push({ ...slot, date, timeSlot: group.timeSlot });
      }
    }
  }
  const result = new Map<string, DaySlots>();
  for (const [date, periods] of byDay) {
    const sorted = [...periods]
      .sort(([a], [b]) => a - b)
      .map(([timeSlot, slots]) => ({
        timeSlot,
        slots: [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
      }));
    const count = sorted.reduce((n, p) => n + p.slots.length, 0);
    result.set(date, { date, periods: sorted, count, fullyBooked: false, closed: false });
  }
  for (const [date, flag] of flags)
    if (!result.get(date)?.count) result.set(date, { date, periods: [], count: 0, ...flag });
  return result;
}

/** Whether the same-day cut-off ("16:00") has passed in the hospital's zone. */
export function pastSameDayCutoff(cutoff: string, timeZone: string, now: Date = new Date()): boolean {
  if (!cutoff) return false;
  return zonedParts(now, timeZone).time >= cutoff;
}

/**
 * Day and time of an appointment: a week of days (a radio group), then the chosen day's free
 * slots grouped Morning / Afternoon / Evening (one radio group with a fieldset per period).
 * Times are the hospital's (tenant `booking.timeZone`), labelled when the visitor's clock
 * differs; the same-day cut-off and how far ahead one may book are stated before picking.
 */
export function SlotPicker({
  doctorId,
  value,
  onChange,
  hospitalId,
  date: controlledDate,
  onDateChange,
  excludeSlotId,
  fullDayAction,
  onConfirm,
  invalid,
}: SlotPickerProps) {
  const { t } = useTranslation();
  const rules = useBookingRules();
  const { timeZone, maxDaysAhead, sameDayCutoff } = rules;
  const zoneLabel = useZoneLabel(timeZone);
  const name = useId();
  const today = todayIn(timeZone);
  const lastDate = addDays(today, maxDaysAhead);
  const cutoffPassed = pastSameDayCutoff(sameDayCutoff, timeZone);
  const firstDate = cutoffPassed ? addDays(today, 1) : today;

  const [ownDate, setOwnDate] = useState<string | null>(null);
  const chosenDate = controlledDate !== undefined ? controlledDate : ownDate;
  const windowOf = (date: string | null) =>
    date && date >= firstDate && date <= lastDate
      ? addDays(firstDate, Math.floor(daysBetween(firstDate, date) / WINDOW_DAYS) * WINDOW_DAYS)
      : firstDate;
  const [windowStart, setWindowStart] = useState(() => windowOf(chosenDate));

  // One day either side: the server may group by another zone than the hospital's.
  const { data, isLoading, isError, refetch } = useBookingScheduleQuery({
    doctorId,
    fromDate: addDays(windowStart, -1),
    days: WINDOW_DAYS + 2,
  });
  const grouped = useMemo(
    () =>
      groupSlots(data ?? [], timeZone, {
        hospitalId: hospitalId ?? null,
        excludeSlotId: excludeSlotId ?? null,
      }),
    [data, timeZone, hospitalId, excludeSlotId],
  );
  const windowDays = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(windowStart, i)).filter(
    (date) => date <= lastDate,
  );
  const activeDate = chosenDate && windowDays.includes(chosenDate) ? chosenDate : null;
  const daySlots = activeDate ? grouped.get(activeDate) : undefined;

  const dayIntent = usePickIntent();
  const slotIntent = usePickIntent(onConfirm);
  const pickDate = (date: string) => {
    setOwnDate(date);
    onDateChange?.(date);
  };
  const moveWindow = (days: number) => setWindowStart((start) => addDays(start, days));
  const weekday = (date: string) => t(`booking.weekdays.${weekdayOf(date)}`);

  const rulesText = [
    t('booking.maxDaysAhead', { count: maxDaysAhead }),
    sameDayCutoff ? t('booking.sameDayCutoff', { time: sameDayCutoff }) : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={css.step}>
      <p className={css.note} id={`${name}-rules`}>
        {rulesText}
        {zoneLabel && <> {t('booking.timesIn', { zone: zoneLabel })}</>}
      </p>
      <div className={css.row}>
        <button
          type="button"
          className={button.ghost}
          onClick={() => moveWindow(-WINDOW_DAYS)}
          disabled={windowStart <= firstDate}
        >
          {t('booking.earlierDays')}
        </button>
        <button
          type="button"
          className={button.ghost}
          onClick={() => moveWindow(WINDOW_DAYS)}
          disabled={addDays(windowStart, WINDOW_DAYS) > lastDate}
        >
          {t('booking.laterDays')}
        </button>
      </div>
      <QueryState isLoading={isLoading} isError={isError} isEmpty={false} onRetry={refetch} skeletons={1}>
        <fieldset
          className={css.fieldset}
          onKeyDown={dayIntent.onKeyDown}
          onPointerDown={dayIntent.onPointerDown}
          aria-describedby={`${name}-rules`}
        >
          <legend className={css.legend}>{t('booking.chooseDay')}</legend>
          <div className={css.options}>
            {windowDays.map((date, index) => {
              const found = grouped.get(date);
              const count = found?.count ?? 0;
              const state =
                count > 0
                  ? t('booking.freeSlots', { count })
                  : found?.closed
                    ? t('booking.dayClosed')
                    : found?.fullyBooked
                      ? t('booking.fullyBooked')
                      : t('booking.noSchedule');
              return (
                <label key={date} className={css.dayChoice}>
                  <input
                    type="radio"
                    className={css.choiceInput}
                    name={`${name}-day`}
                    value={date}
                    checked={activeDate === date}
                    aria-invalid={
                      invalid && (activeDate ? activeDate === date : index === 0) ? true : undefined
                    }
                    onChange={() => {
                      dayIntent.takeAdvance();
                      pickDate(date);
                    }}
                  />
                  <span>{weekday(date)}</span>
                  <span>{formatLocalDate(date).slice(0, 5)}</span>
                  <span className={css.choiceHint}>{state}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {activeDate && daySlots && daySlots.count > 0 && (
          <fieldset
            className={css.fieldset}
            onKeyDown={slotIntent.onKeyDown}
            onPointerDown={slotIntent.onPointerDown}
          >
            <legend className={css.legend}>
              {t('booking.chooseTime', { date: formatLocalDate(activeDate) })}
              {zoneLabel && ` (${zoneLabel})`}
            </legend>
            <div className={css.periods}>
              {daySlots.periods.map((period) => (
                <fieldset key={period.timeSlot} className={css.fieldset}>
                  <legend className={css.legend}>{t(`doctorPage.${PERIOD_KEYS[period.timeSlot]}`)}</legend>
                  <div className={css.options}>
                    {period.slots.map((slot) => (
                      <label key={slot.slotId} className={css.choice}>
                        <input
                          type="radio"
                          className={css.choiceInput}
                          name={`${name}-slot`}
                          value={slot.slotId}
                          checked={value === slot.slotId}
                          onChange={() => onChange(slot, { advance: slotIntent.takeAdvance() })}
                        />
                        <time dateTime={slot.startsAt}>{formatZonedTime(slot.startsAt, timeZone)}</time>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </fieldset>
        )}
        {activeDate && (!daySlots || daySlots.count === 0) && (
          <div className={css.step} role="status">
            <p className={css.notice}>
              {t(
                daySlots?.closed
                  ? 'booking.dayClosedText'
                  : daySlots?.fullyBooked
                    ? 'booking.dayFull'
                    : 'booking.dayNoSchedule',
                { date: formatLocalDate(activeDate) },
              )}
            </p>
            {daySlots?.fullyBooked && fullDayAction?.(activeDate)}
          </div>
        )}
        {!activeDate && <p className={css.note}>{t('booking.pickDayFirst')}</p>}
      </QueryState>
    </div>
  );
}
