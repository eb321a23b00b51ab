import { useEffect, useRef, useState } from 'react';
import { button, field, label, select } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { PermissionHelp } from '../../permissions';
import { useCallSummaryQuery } from '../api';
import type { CallRole } from '../call-peer';
import { videoCallNs } from '../i18n/namespace';
import {
  listDevices,
  mediaProblemOf,
  openCameraAndMicrophone,
  permissionStates,
  stopStream,
  type Devices,
  type MediaProblem,
} from '../media';
import * as css from '../video-call.css';

interface Props {
  appointmentId: number;
  role: CallRole;
  joining: boolean;
  onJoin(stream: MediaStream): void;
}

/** How often the pre-call check asks whether the other side is in the room. */
const PRESENCE_POLL_MS = 5000;

/**
 * The pre-call check: says why the camera and microphone are needed and asks for them only when
 * the person presses the button (spec section 4, asked at the moment they are needed), shows the
 * preview, the devices to choose from and the permission state, and whether the other side is
 * already in the room. The stream it opened is handed to the call on Join.
 */
export function PreCallCheck({ appointmentId, role, joining, onJoin }: Props) {
  const { t } = useNamespace(videoCallNs);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [cameraId, setCameraId] = useState<string>();
  const [microphoneId, setMicrophoneId] = useState<string>();
  const [permissions, setPermissions] = useState<{ camera: PermissionState; microphone: PermissionState }>();
  const video = useRef<HTMLVideoElement>(null);
  const handedOver = useRef(false);
  const { data: summary } = useCallSummaryQuery(appointmentId, { pollingInterval: PRESENCE_POLL_MS });

  useEffect(() => {
    void permissionStates().then(setPermissions);
  }, [stream, problem]);

  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);

  // The preview's tracks stop when the page is left without joining.
  useEffect(
    () => () => {
      if (!handedOver.current) stopStream(stream);
    },
    [stream],
  );

  const turnOn = async (choice = { cameraId, microphoneId }) => {
    setProblem(null);
    try {
      const next = await openCameraAndMicrophone(choice);
      stopStream(stream);
      setStream(next);
      setDevices(await listDevices());
      setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId);
      setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId);
    } catch (error) {
      const found = mediaProblemOf(error);
      setProblem(found);
      if (found === 'permission_denied') setHelpOpen(true);
    }
  };

  const otherPresent = role === 'patient' ? summary?.doctorPresent : summary?.patientPresent;
  const presenceKey =
    role === 'patient'
      ? otherPresent
        ? 'doctorJoined'
        : 'doctorNotJoined'
      : otherPresent
        ? 'patientJoined'
        : 'patientNotJoined';

  return (
    <section aria-labelledby="precheck-title" className={css.layout}>
      <h2 id="precheck-title">{t('precheckTitle')}</h2>
      <p>{t(role === 'patient' ? 'whyCamera' : 'whyCameraDoctor')}</p>
      {summary && <p role="status">{t(presenceKey)}</p>}
      {permissions && (
        <p>
          {t('permission', {
            camera: t(`permissionStates.${permissions.camera}`),
            microphone: t(`permissionStates.${permissions.microphone}`),
          })}
        </p>
      )}
      {problem && (
        <p role="alert">
          {t(`problems.${problem}`)}{' '}
          {problem === 'permission_denied' && (
            <button type="button" className={button.ghost} onClick={() => setHelpOpen(true)}>
              {t('help.title')}
            </button>
          )}
        </p>
      )}
      {stream ? (
        <>
          <video ref={video} className={css.preview} autoPlay playsInline muted aria-label={t('preview')} />
          <div className={css.devices}>
            <div className={field}>
              <label className={label} htmlFor="camera-choice">
                {t('camera')}
              </label>
              <select
                id="camera-choice"
                className={select}
                value={cameraId ?? ''}
                onChange={(e) => {
                  setCameraId(e.target.value);
                  void turnOn({ cameraId: e.target.value, microphoneId });
                }}
              >
                {devices.cameras.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label || `${t('camera')} ${i + 1}`}
                  </option>
                ))}
              </select>
            </div>
            <div className={field}>
              <label className={label} htmlFor="microphone-choice">
                {t('microphone')}
              </label>
              <select
                id="microphone-choice"
                className={select}
                value={microphoneId ?? ''}
                onChange={(e) => {
                  setMicrophoneId(e.target.value);
                  void turnOn({ cameraId, microphoneId: e.target.value });
                }}
              >
                {devices.microphones.map((d, i) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label || `${t('microphone')} ${i + 1}`}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className={css.controls}>
            <button
              type="button"
              className={button.primary}
              disabled={joining}
              onClick={() => {
                handedOver.current = true;
                onJoin(stream);
              }}
            >
              {t(joining ? 'joining' : 'join')}
            </button>
          </div>
        </>
      ) : (
        <div className={css.controls}>
          <button type="button" className={button.primary} onClick={() => void turnOn()}>
            {t('turnOn')}
          </button>
        </div>
      )}
      <PermissionHelp
        open={helpOpen}
        permission="camera"
        onClose={() => setHelpOpen(false)}
        onRetry={() => {
          setHelpOpen(false);
          void turnOn();
        }}
      />
    </section>
  );
}
