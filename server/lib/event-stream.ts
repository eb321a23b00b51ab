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
