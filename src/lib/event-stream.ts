import { createParser } from 'eventsource-parser';
import { commonHeaders } from './request-headers';
import { readUser } from './user-storage';

export interface EventStreamHandlers {
  /** One event of the stream (`id` is what a reconnect sends back as Last-Event-ID). */
  event(name: string, data: string): void;
  /** The stream dropped or ended; it reconnects by itself after a pause. */
  lost(): void;
  /**
   * The server refused the stream with a final answer (4xx other than 401): the code of its
   * answer. Without this handler such answers are retried like any other failure.
   */
  refused?(code: string): void;
  /** Asked before each reconnect: renews an expired session through the normal request layer. */
  renewSession(): Promise<void>;
  /** The longest pause between attempts (default 30 s; a call in progress keeps it short). */
  maxDelayMs?: number;
}

/** The pause before reconnection attempt n (1, 2, ...): doubling from 500 ms up to `max`, with jitter. */
export function reconnectDelay(attempt: number, max = 30_000, random = Math.random): number {
  const ceiling = Math.min(max, 500 * 2 ** Math.min(attempt - 1, 10));
  // Up to a quarter less: the browsers of a drained server do not all come back at once.
  return Math.round(ceiling * (0.75 + 0.25 * random()));
}

/**
 * A Server-Sent Events stream of the API (`path` under /api/v1) read with fetch rather than
 * EventSource, so the access token travels in the Authorization header and never in a URL.
 * Reconnects with backoff after a drop (the server draining, a network change, an expired token),
 * sending Last-Event-ID so nothing sent meanwhile is missed. Returns the function that stops it.
 */
export function openEventStream(path: string, handlers: EventStreamHandlers): () => void {
  const controller = new AbortController();
  let lastEventId = '';
  let stopped = false;

  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    let received = false;
    try {
      if (attempt > 0) await handlers.renewSession();
      const token = readUser()?.token;
      const headers: Record<string, string> = { ...commonHeaders(), Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`/api/v1/${path}`, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { codeMessageRespond?: string } | null;
        if (handlers.refused && response.status !== 401 && response.status < 500) {
          handlers.refused(body?.codeMessageRespond ?? 'unknown_error');
          return;
        }
        throw new Error(`stream answered ${response.status}`);
      }
      const parser = createParser({
        onEvent(event) {
          received = true;
          if (event.id) lastEventId = event.id;
          handlers.event(event.event ?? 'message', event.data);
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
      // A stream that worked starts the backoff over (a drain or an expired token is routine).
      const next = received ? 1 : attempt + 1;
      await new Promise((resolve) => setTimeout(resolve, reconnectDelay(next, handlers.maxDelayMs)));
      return connect(next);
    }
  };
  void connect(0);
  return () => {
    stopped = true;
    controller.abort();
  };
}
