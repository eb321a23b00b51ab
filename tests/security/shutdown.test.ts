import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyPgliteSnapshot } from '../helpers/db-snapshot';
import { startServer } from '../load/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM', () => {
  it('finishes a request in flight, then exits cleanly and accepts nothing new', async () => {
    const port = 8290 + Math.floor(Math.random() * 9);
    // What is proved is the drain, not a first start: the database is migrated already.
    await copyPgliteSnapshot('migrated', path.join(dataDir, 'pglite'));
    const server = await startServer(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
    });
    const body = JSON.stringify({ pageNumber: 1, pageSize: 5 });

    // A request that is in flight by construction: headers and half the body sent before the signal.
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/Doctors/FilterDoctors',
      headers: {
        companycode: 'songkhoe',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answer = new Promise<{ status: number; text: string } | Error>((resolve) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on('error', resolve);
    });
    request.write(body.slice(0, 10));
    await sleep(500);

    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    await sleep(300);
    request.end(body.slice(10));

    const result = await answer;
    expect(result).not.toBeInstanceOf(Error);
    expect(result).toMatchObject({ status: 200 });
    expect(JSON.parse((result as { text: string }).text).isSuccess).toBe(true);
    // 0, not 143: the server itself handled SIGTERM (a wrapper process in front would die of it).
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  }, 120_000);
});
