import type { FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';

/**
 * Ends, when the app closes, the connections on which the client has sent nothing.
 *
 * Why: closing waits until every connection has ended. Node's `server.close()` ends the idle
 * kept-alive ones, but not a connection that never carried a request: browsers open spare
 * connections ahead of need, and Node's own fetch leaves one behind after an aborted stream. Such a
 * connection held a draining server (SIGTERM) for the headers timeout, a minute, after its last
 * answer. A connection that has sent even one byte is left alone: its request is served or, when
 * idle, ended by Node as before. One that opens while the app is closing is ended at once (the
 * server is about to refuse new connections anyway).
 */
export function endUnusedConnectionsOnClose(app: FastifyInstance): void {
  const open = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  });
}
