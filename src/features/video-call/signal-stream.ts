import type { CallSignal } from '../../../schemas/calls';
import { openEventStream } from '../../lib/event-stream';

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
 * The other side's signalling messages (GET /Calls/Stream, Server-Sent Events), reconnecting with
 * Last-Event-ID after a drop, so nothing sent meanwhile is missed.
 */
export function openSignalStream(appointmentId: number, handlers: SignalStreamHandlers): () => void {
  return openEventStream(`Calls/Stream?appointmentId=${appointmentId}`, {
    event(name, data) {
      if (name === 'ready') handlers.open();
      else if (name === 'signal') handlers.signal(JSON.parse(data) as CallSignal);
    },
    lost: handlers.lost,
    refused: (code) => handlers.refused(code === 'unknown_error' ? 'video_join_failed' : code),
    renewSession: handlers.renewSession,
    maxDelayMs: 5000,
  });
}
