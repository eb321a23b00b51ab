import { createParser } from 'eventsource-parser';
import type { CallSignal } from '../../../schemas/calls';
import { commonHeaders } from '../../lib/request-headers';
import { readUser } from '../../lib/user-storage';

export interface SignalStreamHandlers {
  signal(signal: CallSignal | { kind: 'left' }): void;
  /** The stream is open (again): the room knows this side is in it. */
  open(): void;
  /** The stream dropped; it reconnects by itself. */
  lost(): void;
  /** The server refused the stream (the call window closed, …): the code of its answer. */
  refused(code: string): void;
  /** Asked before each reconnect: renews an expired session through the normal request layer. */
  renewSession(): Promise<void>;
}

/**
 * The other side's signalling messages (GET /Calls/Stream, Server-Sent Events) over fetch rather
 * than EventSource, so the access token travels in the Authorization header and never in a URL.
 * Reconnects with Last-Event-ID after a drop, so nothing sent meanwhile is missed.
 */
export function openSignalStream(appointmentId: number, handlers: SignalStreamHandlers): () => void {
  const controller = new AbortController();
  let lastEventId = '';
  let stopped = false;

  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    try {
      if (attempt > 0) await handlers.renewSession();
      const token = readUser()?.token;
      const headers: Record<string, string> = { ...commonHeaders(), Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`/api/v1/Calls/Stream?appointmentId=${appointmentId}`, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { codeMessageRespond?: string } | null;
        // A refusal other than an expired session is final (not a participant, window closed).
        if (response.status !== 401 && response.status < 500) {
          handlers.refused(body?.codeMessageRespond ?? 'video_join_failed');
          return;
        }
        throw new Error(`stream answered ${response.status}`);
      }
      const parser = createParser({
        onEvent(event) {
          if (event.id) lastEventId = event.id;
          if (event.event === 'ready') handlers.open();
          else if (event.event === 'signal') handlers.signal(JSON.parse(event.data) as CallSignal);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      throw new Error('stream ended');
    } catch {
      if (stopped) return;
      handlers.lost();
      const delay = Math.min(5000, 500 * 2 ** Math.min(attempt, 4));
      await new Promise((resolve) => setTimeout(resolve, delay));
      return connect(attempt + 1);
    }
  };
  void connect(0);
  return () => {
    stopped = true;
    controller.abort();
  };
}
