import { useEffect, useRef } from 'react';

/** What the service worker (public/firebase-messaging-sw.js) tells the open app. */
export interface PushMessageEvent {
  kind: 'received' | 'clicked';
  push: {
    title: string;
    body: string;
    url: string;
    tag: string;
    type: string;
    notificationId: number | null;
  };
}

/**
 * Listens to the push service worker: `received` while the app is open, `clicked` when a
 * notification was clicked and this tab was focused for it. Without a service worker (the server
 * render, old browsers) nothing happens.
 */
export function usePushMessages(onMessage: (event: PushMessageEvent) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const listen = (event: MessageEvent) => {
      const data = event.data as (PushMessageEvent & { source?: string }) | null;
      if (data?.source === 'sk-push' && (data.kind === 'received' || data.kind === 'clicked'))
        handler.current({ kind: data.kind, push: data.push });
    };
    const worker = navigator.serviceWorker;
    worker.addEventListener('message', listen);
    return () => worker.removeEventListener('message', listen);
  }, []);
}
