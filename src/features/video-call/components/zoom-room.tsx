import { createElement, useEffect, useRef, useState } from 'react';
// Types only: the SDK itself is imported dynamically below, so it stays out of this chunk.
import type * as ZoomModule from '@zoom/videosdk';
import { button } from '../../../components/ui.css';
import { useNamespace } from '../../../lib/i18n/namespace';
import type { CallJoinResult } from '../api';
import { videoCallNs } from '../i18n/namespace';
import { LeaveButtons } from './leave-buttons';
import { useEndReminder, useHangUpAt } from '../use-end-reminder';
import * as css from '../video-call.css';

type ZoomJoin = Extract<CallJoinResult, { provider: 'zoom' }>;
type ZoomSdk = typeof ZoomModule;
type Client = ReturnType<ZoomSdk['default']['createClient']>;

interface Props {
  join: ZoomJoin;
  displayName: string;
  onLeft(): void;
}

/**
 * The call on the Zoom Video SDK (tenant.json video.provider 'zoom'). The SDK (several MB with its
 * WebAssembly) is imported here only, so it loads with this component's chunk on the call screen
 * of a Zoom tenant and in no other page's JavaScript. The token stays in memory.
 */
export function ZoomRoom({ join, displayName, onLeft }: Props) {
  const { t, i18n } = useNamespace(videoCallNs);
  const [problem, setProblem] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const client = useRef<{ sdk: ZoomSdk; client: Client } | null>(null);
  const selfTile = useRef<HTMLDivElement>(null);
  const remoteTile = useRef<HTMLDivElement>(null);
  const reminder = useEndReminder(join.endsAt);

  useEffect(() => {
    let left = false;
    void (async () => {
      let sdk: ZoomSdk;
      let zoom: Client;
      try {
        sdk = await import('@zoom/videosdk');
        zoom = sdk.default.createClient();
        await zoom.init(i18n.language === 'en' ? 'en-US' : 'vi-VN', 'Global', { patchJsMedia: true });
        await zoom.join(join.sessionName, join.token, displayName);
      } catch {
        if (!left) setProblem('video_join_failed');
        return;
      }
      if (left) return void zoom.leave();
      client.current = { sdk, client: zoom };
      const stream = zoom.getMediaStream();
      if (!stream) return setProblem('session_not_initialised');
      const { VideoQuality } = sdk;
      zoom.on('peer-video-state-change', async ({ action, userId }) => {
        if (action === 'Start') {
          const element = await stream.attachVideo(userId, VideoQuality.Video_360P);
          if (element instanceof HTMLElement) remoteTile.current?.replaceChildren(element);
        } else {
          await stream.detachVideo(userId);
          remoteTile.current?.replaceChildren();
        }
      });
      try {
        await stream.startAudio();
      } catch {
        setProblem('audio_failed');
      }
      try {
        await stream.startVideo();
        const self = await stream.attachVideo(zoom.getCurrentUserInfo().userId, VideoQuality.Video_360P);
        if (self instanceof HTMLElement) selfTile.current?.replaceChildren(self);
      } catch {
        setProblem('problems.device_permission_error');
      }
      setConnected(true);
    })();
    return () => {
      left = true;
      const current = client.current;
      if (current) {
        void current.client.leave();
        current.sdk.default.destroyClient();
      }
    };
  }, [join, displayName, i18n.language]);

  const stream = () => client.current?.client.getMediaStream();
  const leave = async (forAll: boolean) => {
    await client.current?.client.leave(forAll);
    onLeft();
  };
  // A direct call ends by itself when its package's call duration is over.
  useHangUpAt(join.hangUpAt, () => void leave(false));

  return (
    <section aria-label={t('title')} className={css.layout}>
      <div className={css.stage}>
        {createElement('video-player-container', { class: css.remoteVideo }, <div ref={remoteTile} />)}
        {createElement('video-player-container', { class: css.selfView }, <div ref={selfTile} />)}
      </div>
      <p role="status" className={css.status}>
        {t(connected ? 'states.connected' : 'states.connecting')}
      </p>
      {reminder && <p role="alert">{t('endReminder')}</p>}
      {problem && <p role="alert">{t(problem)}</p>}
      <div className={css.controls} role="toolbar" aria-label={t('controls')}>
        <button
          type="button"
          className={button.secondary}
          aria-pressed={muted}
          onClick={() => {
            void (muted ? stream()?.unmuteAudio() : stream()?.muteAudio());
            setMuted(!muted);
          }}
        >
          {t(muted ? 'unmute' : 'mute')}
        </button>
        <button
          type="button"
          className={button.secondary}
          aria-pressed={cameraOff}
          onClick={() => {
            void (cameraOff ? stream()?.startVideo() : stream()?.stopVideo());
            setCameraOff(!cameraOff);
          }}
        >
          {t(cameraOff ? 'cameraOn' : 'cameraOff')}
        </button>
        <LeaveButtons role={join.role} onLeave={(forAll) => void leave(forAll)} />
      </div>
    </section>
  );
}
