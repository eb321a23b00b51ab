import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { card, page } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { useStoredUser } from '../../../lib/use-stored-user';
import { useDocumentTitle } from '../../../tenant/use-document-title';
import { useCallSummaryQuery, useJoinCallMutation, type CallJoinResult } from '../api';
import { CallRoom } from '../components/call-room';
import { PreCallCheck } from '../components/pre-call-check';
import { ZoomRoom } from '../components/zoom-room';
import { videoCallNs } from '../i18n/namespace';
import { stopStream } from '../media';
import { backFromCall } from '../links';

type Phase =
  { name: 'check' } | { name: 'call'; join: CallJoinResult; local: MediaStream } | { name: 'left' };

/**
 * /video-call/:id: the consultation of a video appointment, for its patient and its doctor alike
 * (the server says which side the caller is, and refuses everyone else). The pre-call check first,
 * then the call with the tenant's provider.
 */
export function Component() {
  const { t, ready } = useNamespace(videoCallNs);
  const appointmentId = Number(useParams().id);
  const user = useStoredUser();
  const valid = Number.isSafeInteger(appointmentId) && appointmentId > 0;
  const summary = useCallSummaryQuery(appointmentId, { skip: !valid });
  const [joinCall, joining] = useJoinCallMutation();
  const [phase, setPhase] = useState<Phase>({ name: 'check' });
  const [refusal, setRefusal] = useState<string | null>(null);
  useDocumentTitle(ready ? t('title') : '');
  if (!ready) return null;

  const role = summary.data?.role;
  const back = backFromCall(role, appointmentId);

  const start = async (local: MediaStream) => {
    setRefusal(null);
    const reply = await joinCall(appointmentId);
    if ('error' in reply || !reply.data.data) {
      const error = 'error' in reply ? reply.error : null;
      const code =
        (error &&
          'data' in error &&
          (error.data as { codeMessageRespond?: string } | null)?.codeMessageRespond) ||
        'video_join_failed';
      setRefusal(code);
      return;
    }
    const join = reply.data.data;
    // Zoom opens the camera and microphone itself.
    if (join.provider === 'zoom') stopStream(local);
    setPhase({ name: 'call', join, local });
  };

  return (
    <div className={page}>
      <h1>{t('title')}</h1>
      {summary.isError && <p role="alert">{t('appointment_error')}</p>}
      {refusal && <p role="alert">{t(refusal)}</p>}
      {role && phase.name === 'check' && (
        <PreCallCheck
          appointmentId={appointmentId}
          role={role}
          joining={joining.isLoading}
          onJoin={(s) => void start(s)}
        />
      )}
      {phase.name === 'call' && phase.join.provider === 'webrtc' && (
        <CallRoom join={phase.join} local={phase.local} onLeft={() => setPhase({ name: 'left' })} />
      )}
      {phase.name === 'call' && phase.join.provider === 'zoom' && (
        <ZoomRoom
          join={phase.join}
          displayName={user?.fullName || t(phase.join.role)}
          onLeft={() => setPhase({ name: 'left' })}
        />
      )}
      {phase.name === 'left' && (
        <section className={card}>
          <p role="status">{t('states.ended')}</p>
        </section>
      )}
      <p>
        <Link to={back}>{t('backToAppointment')}</Link>
      </p>
    </div>
  );
}
