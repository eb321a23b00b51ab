import { useNavigate } from 'react-router-dom';
import { DIRECT_CALL_POLL_SECONDS } from '../../../../schemas/codes';
import { button, card } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { replyOf, replyText } from '../../../lib/reply';
import { showToast } from '../../../lib/toast/toast-store';
import { useTranslation } from 'react-i18next';
import { videoCallPath } from '../../video-call/index';
import { useAcceptDirectCallMutation, useCareDirectCallsQuery, type CareDirectCall } from '../api';
import * as css from '../direct-call.css';
import { directCallNs } from '../i18n/namespace';

/**
 * A doctor's incoming direct calls in the workspace, while they are online: each ringing call with
 * the caller's name and an Answer button (the first doctor to answer takes it and lands on the call
 * screen), and for a short while the calls another doctor took or that ended. Looks every
 * DIRECT_CALL_POLL_SECONDS; the live region announces a new call to a screen reader.
 */
export function IncomingCalls({ online }: { online: boolean }) {
  const { t, ready } = useNamespace(directCallNs);
  const { t: tr } = useTranslation();
  const navigate = useNavigate();
  const calls = useCareDirectCallsQuery(undefined, {
    skip: !online,
    pollingInterval: online ? DIRECT_CALL_POLL_SECONDS * 1000 : 0,
  });
  const [accept, accepting] = useAcceptDirectCallMutation();

  const answer = async (call: CareDirectCall) => {
    const reply = replyOf<{ appointmentId: number }>(await accept(call.directCallId));
    if (reply?.isSuccess && reply.data) navigate(videoCallPath(reply.data.appointmentId));
    else {
      showToast(replyText(tr, reply), 'error');
      void calls.refetch();
    }
  };

  const list = online ? (calls.data ?? []) : [];
  if (!ready) return null;
  return (
    <section className={css.section} aria-labelledby="care-incoming-calls">
      <h2 id="care-incoming-calls">{t('incomingTitle')}</h2>
      {!online && <p>{t('offlineNote')}</p>}
      <div role="status" aria-live="assertive">
        {online && list.length === 0 && <p>{t('incomingEmpty')}</p>}
      </div>
      <ul className={css.list} aria-live="polite">
        {list.map((call) => (
          <li key={call.directCallId} className={call.state === 'ringing' ? css.callout : card}>
            {call.state === 'ringing' ? (
              <>
                <p>
                  <strong>{t('incomingFrom', { name: call.callerName })}</strong> ·{' '}
                  {t('incomingLength', { count: call.callMinutes })}
                </p>
                <button
                  type="button"
                  className={button.primary}
                  aria-label={t('acceptFrom', { name: call.callerName })}
                  disabled={accepting.isLoading}
                  onClick={() => void answer(call)}
                >
                  {t('accept')}
                </button>
              </>
            ) : (
              <p>
                {t(call.state, { name: call.callerName })}{' '}
                {call.state === 'mine' && call.appointmentId && (
                  <button
                    type="button"
                    className={button.secondary}
                    onClick={() => navigate(videoCallPath(call.appointmentId!))}
                  >
                    {t('openCall')}
                  </button>
                )}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
