import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '../../../../schemas/time';
import { useBookingRules } from '../../../tenant/use-booking-rules';
import { useBookingScheduleQuery } from '../api';
import type { BookingFailure } from '../booking-errors';
import type { BookingParams } from '../booking-params';
import * as css from '../booking.css';
import { failureMessages } from './failure-text';
import { groupSlots, SlotPicker, type PickedSlot } from './slot-picker';
import { WaitlistSlot } from './waitlist-slot';

/** The chosen slot's times (for the summary), looked up around the chosen day. */
export function usePickedSlot(params: BookingParams, enabled: boolean) {
  const { timeZone } = useBookingRules();
  const query = useBookingScheduleQuery(
    { doctorId: params.doctorId ?? 0, fromDate: addDays(params.date ?? '2000-01-01', -1), days: 3 },
    { skip: !enabled || !params.slotId || !params.date },
  );
  const slot = useMemo<PickedSlot | null>(() => {
    if (!params.slotId || !query.data) return null;
    for (const day of groupSlots(query.data, timeZone).values())
      for (const period of day.periods)
        for (const s of period.slots) if (s.slotId === params.slotId) return s;
    return null;
  }, [query.data, params.slotId, timeZone]);
  return { slot, isFetching: query.isFetching, refetch: () => void query.refetch() };
}

interface SlotStepProps {
  doctorId: number;
  params: BookingParams;
  picked: ReturnType<typeof usePickedSlot>;
  error: BookingFailure | null;
  onDate: (date: string) => void;
  onPick: (slot: PickedSlot, advance: boolean) => void;
  onConfirm: () => void;
}

/** Step: day and time, hospital visits limited to the chosen hospital's slots. */
export function SlotStep({ doctorId, params, error, onDate, onPick, onConfirm }: SlotStepProps) {
  const { t } = useTranslation();
  return (
    <div className={css.step}>
      <SlotPicker
        doctorId={doctorId}
        value={params.slotId}
        onChange={(slot, how) => onPick(slot, how.advance)}
        hospitalId={params.serviceType === 0 ? params.hospitalId : null}
        date={params.date}
        onDateChange={onDate}
        onConfirm={onConfirm}
        invalid={!!error}
        fullDayAction={(date) => (
          <WaitlistSlot
            doctorId={doctorId}
            date={date}
            serviceType={params.serviceType ?? 0}
            patientId={params.patientId}
          />
        )}
      />
      {error && (
        <p className={css.errorText} role="alert">
          {failureMessages(t, error).join(' ')}
        </p>
      )}
    </div>
  );
}
