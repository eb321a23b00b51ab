import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a service the test runs (an S3 server, Redis...), so
 * the test can take the service away from the code under test without stopping it:
 * - 'pass': connections go through to the service;
 * - 'refuse': nothing listens on the port (connection refused), open connections are cut;
 * - 'silent': connections are accepted and never answered (a network black hole), open ones cut.
 */
export type ProxyMode = 'pass' | 'refuse' | 'silent';

export interface CuttableProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function cuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let mode: ProxyMode = 'pass';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (mode !== 'pass') return;
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as { port: number };
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    get mode() {
      return mode;
    },
    async setMode(next) {
      if (next === mode) return;
      cut();
      if (next === 'refuse') await new Promise((resolve) => server.close(resolve));
      else if (mode === 'refuse') await listen(port);
      mode = next;
    },
    async close() {
      cut();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
