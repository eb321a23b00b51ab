import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as ui from '../../../components/ui.css';
import { replyOf, replyText } from '../../../lib/reply';
import { useJoinWaitlistMutation, useMyWaitlistQuery, useWaitlistPatientsQuery } from '../api';

export interface WaitlistButtonProps {
  doctorId: number;
  /** The fully booked day in the hospital's time zone ('2025-07-01'). */
  localDate: string;
  serviceTypeId: number;
  /** The patient already chosen in the flow; otherwise the user picks (default: myself). */
  patientId?: number;
}

/**
 * "Tell me when a place frees up" for a fully booked day (place it where a day has no free slot).
 * The first waiting patients are told when someone cancels; whoever books first gets the place.
 */
export function WaitlistButton({ doctorId, localDate, serviceTypeId, patientId }: WaitlistButtonProps) {
  const { t } = useTranslation();
  const selectId = useId();
  const patients = useWaitlistPatientsQuery(undefined, { skip: patientId !== undefined });
  const mine = useMyWaitlistQuery();
  const [join, { isLoading }] = useJoinWaitlistMutation();
  const [chosen, setChosen] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const list = patients.data ?? [];
  const self = list.find((p) => p.isSelf) ?? list[0];
  const who = patientId ?? chosen ?? self?.patientId;
  const waiting = mine.data?.some(
    (e) => e.doctorId === doctorId && e.localDate === localDate && (who === undefined || e.patientId === who),
  );

  if (waiting) return <p role="status">{t('waitlist.joined')}</p>;

  const onJoin = async () => {
    if (who === undefined) return;
    const result = await join({ doctorId, localDate, patientId: who, serviceTypeId });
    const reply = replyOf(result);
    setMessage(reply?.isSuccess ? t('waitlist.joined') : replyText(t, reply));
  };

  return (
    <div>
      {patientId === undefined && list.length > 1 && (
        <div className={ui.field}>
          <label htmlFor={selectId} className={ui.label}>
            {t('waitlist.forWhom')}
          </label>
          <select
            id={selectId}
            className={ui.input}
            value={who ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {list.map((p) => (
              <option key={p.patientId} value={p.patientId}>
                {p.isSelf ? t('waitlist.myself') : p.fullName}
              </option>
            ))}
          </select>
        </div>
      )}
      <button
        type="button"
        className={ui.button.secondary}
        onClick={() => void onJoin()}
        disabled={isLoading || who === undefined}
      >
        {t('waitlist.join')}
      </button>
      <p className={ui.muted}>{t('waitlist.explain')}</p>
      {message && <p role="status">{message}</p>}
    </div>
  );
}
