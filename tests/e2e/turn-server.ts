import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createSocket } from 'node:dgram';

/** The e2e server hands browsers this TURN server (playwright.config.ts: TURN_URLS, TURN_SECRET). */
export const TURN_PORT = Number(process.env.E2E_TURN_PORT ?? 3479);
export const TURN_SECRET = 'e2e-turn-secret';
export const TURNSERVER = '/usr/bin/turnserver';

export const turnAvailable = () => existsSync(TURNSERVER);

/**
 * Starts Debian's coturn on loopback with the TURN REST API secret (short-lived credentials) and
 * waits until it answers a STUN binding request. Loopback peers are allowed: both browsers are
 * on this machine, and their media must go through the relay.
 */
export async function startTurnServer(): Promise<ChildProcess> {
  const child = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${TURN_PORT}`,
      '--min-port=49160',
      '--max-port=49260',
      '--use-auth-secret',
      `--static-auth-secret=${TURN_SECRET}`,
      '--realm=songkhoe.test',
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  while (!(await answersStun())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`coturn did not start on 127.0.0.1:${TURN_PORT}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return child;
}

/** One STUN binding request (RFC 5389) to the server: true when it answers. */
function answersStun(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const request = Buffer.alloc(20);
    request.writeUInt16BE(0x0001, 0); // Binding Request
    request.writeUInt32BE(0x2112a442, 4); // magic cookie
    for (let i = 8; i < 20; i++) request[i] = Math.floor(Math.random() * 256);
    const timer = setTimeout(() => {
      socket.close();
      resolve(false);
    }, 300);
    socket.on('message', () => {
      clearTimeout(timer);
      socket.close();
      resolve(true);
    });
    socket.send(request, TURN_PORT, '127.0.0.1');
  });
}
