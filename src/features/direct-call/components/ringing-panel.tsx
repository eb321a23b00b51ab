import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { DIRECT_CALL_POLL_SECONDS } from '../../../../schemas/codes';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { videoCallPath } from '../../video-call/index';
import { directCallApi, useCancelDirectCallMutation, useDirectCallQuery, type DirectCall } from '../api';
import * as css from '../direct-call.css';
import { directCallNs } from '../i18n/namespace';

interface Props {
  directCallId: number;
  /** The call's state when it was placed (shown until the first look). */
  placed?: DirectCall;
  onAgain(): void;
}

/**
 * The call while it rings: how many doctors it rings, the seconds left, a cancel button. It looks
 * every DIRECT_CALL_POLL_SECONDS; once a doctor answers it opens the call screen, and a call that
 * was missed or cancelled says its call was given back and offers to call again.
 */
export function RingingPanel({ directCallId, placed, onAgain }: Props) {
  const { t } = useNamespace(directCallNs);
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [cancel, cancelling] = useCancelDirectCallMutation();
  const cancelled = cancelling.data?.data;
  // Polling stops once the call no longer rings (answered, missed or cancelled).
  const known = directCallApi.endpoints.directCall.useQueryState(directCallId);
  const done = !!cancelled || (known.data !== undefined && known.data.status !== 'ringing');
  const query = useDirectCallQuery(directCallId, {
    pollingInterval: done ? 0 : DIRECT_CALL_POLL_SECONDS * 1000,
    skip: !!cancelled,
  });
  const call = cancelled ?? query.data ?? placed;
  const now = useSecondTicker(call?.status === 'ringing');

  useEffect(() => {
    if (!call || call.status === 'ringing') return;
    // The package's calls left and the history changed: read them again.
    dispatch(directCallApi.util.invalidateTags([{ type: 'DirectCall', id: 'MINE' }]));
    if (call.status === 'connected' && call.appointmentId) navigate(videoCallPath(call.appointmentId));
  }, [call, navigate, dispatch]);

  if (!call) return null;
  const secondsLeft = Math.max(0, Math.ceil((Date.parse(call.ringExpiresAt) - now) / 1000));
  return (
    <section className={css.callout} aria-labelledby="direct-call-ringing">
      <h2 id="direct-call-ringing">{t('ringingTitle')}</h2>
      <div role="status" aria-live="polite">
        {call.status === 'ringing' && <p>{t('ringing', { count: call.doctorsRung })}</p>}
        {call.status === 'connected' && <p>{t('connected', { doctor: call.doctorName ?? '' })}</p>}
        {call.status === 'missed' && <p>{t('missed')}</p>}
        {call.status === 'cancelled' && <p>{t('cancelled')}</p>}
      </div>
      {call.status === 'ringing' && (
        <>
          <p>{t('ringingLeft', { seconds: secondsLeft })}</p>
          <p>{t('ringingNote')}</p>
          <div className={css.actions}>
            <button
              type="button"
              className={button.secondary}
              disabled={cancelling.isLoading}
              onClick={() => void cancel(directCallId)}
            >
              {t('cancel')}
            </button>
          </div>
        </>
      )}
      {call.status === 'connected' && call.appointmentId && (
        <div className={css.actions}>
          <button
            type="button"
            className={button.primary}
            onClick={() => navigate(videoCallPath(call.appointmentId!))}
          >
            {t('openCall')}
          </button>
        </div>
      )}
      {(call.status === 'missed' || call.status === 'cancelled') && (
        <div className={css.actions}>
          <button type="button" className={button.primary} onClick={onAgain}>
            {t('tryAgain')}
          </button>
        </div>
      )}
    </section>
  );
}

/** Date.now(), renewed every second while `running` (the ring's countdown). */
function useSecondTicker(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
