import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { adminSocketPath, sendAdminCommand, startAdminSocket } from './socket';

const dir = mkdtempSync(path.join(tmpdir(), 'admin-socket-'));
const socketPath = adminSocketPath(dir);
let t: TestApp;
let server: Server;

beforeAll(async () => {
  t = await createTestApp();
  server = await startAdminSocket(socketPath, t.db, t.registry);
});
afterAll(async () => {
  server?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('admin socket of a server on the embedded database', () => {
  it('runs a command inside the server and returns its output and exit code', async () => {
    const reply = await sendAdminCommand(socketPath, 'tenants', []);
    expect(reply?.code).toBe(0);
    expect(reply?.lines.join('\n')).toMatch(/songhong .*Sông Hồng/);
  });

  it('reports bad usage and unknown commands with their exit codes', async () => {
    expect((await sendAdminCommand(socketPath, 'lock', []))?.code).toBe(2);
    expect((await sendAdminCommand(socketPath, 'format-disk', []))?.code).toBe(2);
  });

  it('is readable by its owner only', () => {
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
  });

  it('answers null when no server listens, so the command opens the database itself', async () => {
    expect(await sendAdminCommand(path.join(dir, 'none.sock'), 'tenants', [])).toBeNull();
  });
});
