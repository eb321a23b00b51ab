import http from 'node:http';
import type { Socket } from 'node:net';
import { failure } from '../lib/envelope';
import { messageFor } from '../lib/messages';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line and headers past
 * 16 KB, such as a VNPay return address with long parameters; a malformed request) still get the
 * envelope with a translated message (Vietnamese: no header was read to ask for another
 * language), and the connection ends after the answer instead of being reset under the client.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout']
        : [400, 'invalid_request'];
  const body = JSON.stringify(failure(code, messageFor(code, 'vi')));
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // A client that keeps sending never lets a graceful end finish: cut it after a moment.
  setTimeout(() => socket.destroy(), 5_000).unref();
}
