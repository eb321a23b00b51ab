import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { button, visuallyHidden } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import { callApi, useSendSignalMutation, type CallJoinResult, type CallSignal } from '../api';
import { CallPeer, type PeerState } from '../call-peer';
import { videoCallNs } from '../i18n/namespace';
import { LeaveButtons } from './leave-buttons';
import { mediaProblemOf, openCameraAndMicrophone, stopStream, type MediaProblem } from '../media';
import { qualityOf, sampleOf, type NetworkQuality, type QualitySample } from '../network-quality';
import { openSignalStream } from '../signal-stream';
import * as css from '../video-call.css';
import { useEndReminder, useHangUpAt } from '../use-end-reminder';

type WebrtcJoin = Extract<CallJoinResult, { provider: 'webrtc' }>;

interface Props {
  join: WebrtcJoin;
  local: MediaStream;
  onLeft(): void;
}

/** Spec: screen sharing and the camera cannot both be on (screen_share_conflict). */
const QUALITY_EVERY_MS = 2000;

/**
 * The call of the embedded WebRTC provider: the other side's picture, this side's in a corner,
 * the controls (microphone, camera, devices, screen share, leave; the doctor may end the call for
 * both), the connection's state and quality, and the reminder a minute before the booked end.
 */
export function CallRoom({ join, local, onLeft }: Props) {
  const { t } = useNamespace(videoCallNs);
  const dispatch = useDispatch();
  const [sendSignal] = useSendSignalMutation();
  const [state, setState] = useState<PeerState>('waiting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [sharing, setSharing] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [quality, setQuality] = useState<NetworkQuality>('unknown');
  const peer = useRef<CallPeer | null>(null);
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const selfVideo = useRef<HTMLVideoElement>(null);
  const reminder = useEndReminder(join.endsAt);
  const other = t(join.role === 'patient' ? 'doctor' : 'patient');

  useEffect(() => {
    const appointmentId = join.appointmentId;
    const send = async (signal: CallSignal) => {
      const reply = await sendSignal({ appointmentId, signal });
      if ('error' in reply) setProblem('video_join_failed');
    };
    const callPeer = new CallPeer({
      role: join.role,
      iceServers: join.iceServers,
      // Tests and networks that must relay say so in the page's query (?relay=1).
      iceTransportPolicy: new URLSearchParams(window.location.search).get('relay') === '1' ? 'relay' : 'all',
      local,
      send,
      onRemoteStream: setRemote,
      onState: setState,
    });
    peer.current = callPeer;
    // Messages are handled one at a time, in the order they were sent.
    let chain = Promise.resolve();
    const stop = openSignalStream(appointmentId, {
      open: () => callPeer.announce(),
      lost: () => setState((s) => (s === 'ended' ? s : 'reconnecting')),
      refused: (code) => setProblem(code),
      signal: (signal) => {
        chain = chain.then(() => callPeer.handle(signal)).catch(() => setProblem('video_join_failed'));
      },
      renewSession: async () => {
        await dispatch(
          callApi.endpoints.callSummary.initiate(appointmentId, {
            forceRefetch: true,
            subscribe: false,
          }) as never,
        );
      },
    });
    return () => {
      stop();
      callPeer.close();
      peer.current = null;
    };
  }, [join, local, sendSignal, dispatch]);

  useEffect(() => {
    if (remoteVideo.current) remoteVideo.current.srcObject = remote;
  }, [remote]);
  useEffect(() => {
    if (selfVideo.current) selfVideo.current.srcObject = sharing ?? local;
  }, [local, sharing]);

  // Network quality from the connection's statistics.
  useEffect(() => {
    let previous: QualitySample | null = null;
    const timer = setInterval(() => {
      const pc = peer.current?.connection;
      if (!pc || pc.connectionState !== 'connected') return;
      void sampleOf(pc).then((sample) => {
        setQuality(qualityOf(previous, sample));
        previous = sample;
      });
    }, QUALITY_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const toggleMute = () => {
    for (const track of local.getAudioTracks()) track.enabled = muted;
    setMuted(!muted);
  };
  const toggleCamera = () => {
    if (sharing) {
      setProblem('screen_share_conflict');
      return;
    }
    for (const track of local.getVideoTracks()) track.enabled = cameraOff;
    setCameraOff(!cameraOff);
  };
  const switchDevice = async (kind: 'audio' | 'video') => {
    try {
      const devices = (await navigator.mediaDevices.enumerateDevices()).filter(
        (d) => d.kind === (kind === 'video' ? 'videoinput' : 'audioinput'),
      );
      const current = (kind === 'video' ? local.getVideoTracks() : local.getAudioTracks())[0];
      const index = devices.findIndex((d) => d.deviceId === current?.getSettings().deviceId);
      const next = devices[(index + 1) % devices.length];
      if (!next || next.deviceId === current?.getSettings().deviceId) return;
      const fresh = await openCameraAndMicrophone(
        kind === 'video' ? { cameraId: next.deviceId } : { microphoneId: next.deviceId },
      );
      const track = (kind === 'video' ? fresh.getVideoTracks() : fresh.getAudioTracks())[0]!;
      for (const t2 of kind === 'video' ? fresh.getAudioTracks() : fresh.getVideoTracks()) t2.stop();
      if (!sharing || kind === 'audio') await peer.current?.replaceTrack(kind, track);
      if (current) {
        local.removeTrack(current);
        current.stop();
      }
      local.addTrack(track);
    } catch (error) {
      setProblem(`problems.${mediaProblemOf(error) satisfies MediaProblem}`);
    }
  };
  const toggleShare = async () => {
    if (sharing) {
      stopStream(sharing);
      setSharing(null);
      await peer.current?.replaceTrack('video', local.getVideoTracks()[0] ?? null);
      return;
    }
    if (cameraOff) {
      setProblem('screen_share_conflict');
      return;
    }
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = screen.getVideoTracks()[0]!;
      track.addEventListener('ended', () => {
        setSharing(null);
        void peer.current?.replaceTrack('video', local.getVideoTracks()[0] ?? null);
      });
      await peer.current?.replaceTrack('video', track);
      setSharing(screen);
    } catch (error) {
      // Cancelling the browser's picker is no error.
      if ((error as { name?: string }).name !== 'NotAllowedError')
        setProblem(`problems.${mediaProblemOf(error)}`);
    }
  };
  const leave = async (forAll: boolean) => {
    if (forAll) await sendSignal({ appointmentId: join.appointmentId, signal: { kind: 'end' } });
    peer.current?.close();
    stopStream(sharing);
    stopStream(local);
    onLeft();
  };
  // A direct call ends by itself when its package's call duration is over.
  useHangUpAt(join.hangUpAt, () => void leave(false));

  const note = state === 'connected' ? null : t(`states.${state}`, { who: other });

  return (
    <section aria-labelledby="call-title" className={css.layout}>
      <h2 id="call-title" className={visuallyHidden}>
        {t('title')}
      </h2>
      <div className={css.stage}>
        <video
          ref={remoteVideo}
          className={css.remoteVideo}
          autoPlay
          playsInline
          data-testid="remote-video"
          aria-label={t('remoteVideo', { who: other })}
        />
        <video
          ref={selfVideo}
          className={css.selfView}
          autoPlay
          playsInline
          muted
          data-testid="local-video"
          aria-label={t('localVideo')}
        />
        {note && <p className={css.stageNote}>{note}</p>}
      </div>
      <p className={css.status} role="status" data-state={state}>
        <span>{t(`states.${state}`, { who: other })}</span>
        <span>{t('quality.label', { value: t(`quality.${quality}`) })}</span>
      </p>
      {reminder && <p role="alert">{t('endReminder')}</p>}
      {problem && <p role="alert">{t(problem)}</p>}
      <div className={css.controls} role="toolbar" aria-label={t('controls')}>
        <button type="button" className={button.secondary} aria-pressed={muted} onClick={toggleMute}>
          {t(muted ? 'unmute' : 'mute')}
        </button>
        <button type="button" className={button.secondary} aria-pressed={cameraOff} onClick={toggleCamera}>
          {t(cameraOff ? 'cameraOn' : 'cameraOff')}
        </button>
        <button type="button" className={button.secondary} onClick={() => void switchDevice('video')}>
          {t('switchCamera')}
        </button>
        <button type="button" className={button.secondary} onClick={() => void switchDevice('audio')}>
          {t('switchMicrophone')}
        </button>
        {'getDisplayMedia' in (navigator.mediaDevices ?? {}) && (
          <button
            type="button"
            className={button.secondary}
            aria-pressed={!!sharing}
            onClick={() => void toggleShare()}
          >
            {t(sharing ? 'stopShare' : 'shareScreen')}
          </button>
        )}
        <LeaveButtons role={join.role} onLeave={(forAll) => void leave(forAll)} />
      </div>
    </section>
  );
}
