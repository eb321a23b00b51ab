import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Takes over a reply as a Server-Sent Events stream (the video call's signalling, live in-app
 * notifications): no caching, no proxy buffering, the request id kept. `retryMs` is the
 * reconnection delay the browser's EventSource would use; our fetch readers keep their own backoff.
 */
export function openEventStream(
  reply: FastifyReply,
  request: FastifyRequest,
  retryMs = 2000,
): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-request-id': String(request.id),
  });
  raw.write(`retry: ${retryMs}\n\n`);
  return raw;
}

/** One event: `event` name, optional `id` (sent back as Last-Event-ID on reconnect), JSON data. */
export function writeEvent(raw: ServerResponse, event: string, data: unknown, id?: number | string): void {
  raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * A stream's read, run now or once more right after the read in flight: wakes that arrive while a
 * read runs fold into one further read, so a burst of notices costs at most two reads. `read`
 * answers true when it knows more is waiting (a full page); reading stops once `stopped()`.
 */
export function coalescedReader(
  read: () => Promise<boolean | void>,
  stopped: () => boolean,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let busy = false;
  let again = false;
  return async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      do {
        again = false;
        if (await read()) again = true;
      } while (again && !stopped());
    } catch (error) {
      onError(error);
    } finally {
      busy = false;
    }
  };
}
