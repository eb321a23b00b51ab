import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/**
 * How long a connection on which the client has sent nothing may stay once the app is closing: a
 * request already on its way (written by the client, not yet read by the server) arrives well
 * within it.
 */
const SILENCE_ALLOWED_MS = 1_000;

/**
 * Ends, when the app closes, the connections on which the client sends nothing.
 *
 * Why: closing waits until every connection has ended. Node's `server.close()` ends the idle
 * kept-alive ones, but not a connection that never carried a request: browsers open spare
 * connections ahead of need, and Node's own fetch leaves one behind after an aborted stream. Such a
 * connection held a draining server (SIGTERM) for the headers timeout, a minute, after its last
 * answer. Such connections, and those that open while the app is closing, get SILENCE_ALLOWED_MS
 * to send something; then they are ended. Not at once: a request written just before the signal
 * may not have been read yet, and ending its connection reset it (seen in the scale suite's drain
 * proof, tests/scale/two-processes.test.ts). A connection that has sent even one byte is left
 * alone: its request is served, or when idle ended by Node as before.
 */
export function endUnusedConnectionsOnClose(app: FastifyInstance): void {
  const open = new Set<Socket>();
  let closing = false;
  const endIfSilent = (socket: Socket) => {
    if (socket.bytesRead > 0) return;
    const timer = setTimeout(() => socket.bytesRead === 0 && socket.destroy(), SILENCE_ALLOWED_MS);
    socket.once('close', () => clearTimeout(timer));
  };
  app.server.on('connection', (socket: Socket) => {
    if (closing) return endIfSilent(socket);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of open) endIfSilent(socket);
  });
}
