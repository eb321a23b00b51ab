import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/**
 * Closing the app (SIGTERM's drain) ends a connection that never sent a request instead of waiting
 * for Node's headers timeout (a minute; this test's timeout is 20 s), and still answers the request
 * in flight on another connection, and one that the server had not yet read when the close began.
 */
let t: TestApp;
let release: () => void = () => undefined;
const released = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      app.get('/test/slow', async () => {
        await released;
        return { answered: true };
      });
      app.get('/test/fast', async () => ({ fast: true }));
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  release();
  await t?.close();
});

const connect = (port: number) =>
  new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });

const closedByServer = (socket: net.Socket) =>
  new Promise<void>((resolve) => socket.once('close', () => resolve()));

/** Sends `GET path` on a new connection: what the server answered on it, once it has closed it. */
async function request(port: number, path: string) {
  const socket = await connect(port);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  const closed = closedByServer(socket);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return { socket, answer: closed.then(() => answer) };
}

it('ends a connection that sent nothing, and answers the request in flight', async () => {
  const { port } = t.app.server.address() as AddressInfo;
  const silent = await connect(port);
  const silentClosed = closedByServer(silent);
  const busy = await request(port, '/test/slow');
  // The request has reached the route before the close starts.
  while (busy.socket.bytesWritten === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));

  // Connected earlier, its request written in the same tick as the close starts: not read yet.
  const late = await request(port, '/test/fast');
  const closing = t.app.close();
  await silentClosed;
  expect(silent.bytesRead).toBe(0);
  const lateAnswer = await late.answer;
  expect(lateAnswer).toMatch(/^HTTP\/1\.1 200/);
  expect(lateAnswer).toContain('{"fast":true}');
  release();
  await closing;
  const answer = await busy.answer;
  expect(answer).toMatch(/^HTTP\/1\.1 200/);
  expect(answer).toContain('{"answered":true}');
}, 20_000);
