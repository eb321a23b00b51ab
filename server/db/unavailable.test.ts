import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../tests/helpers/test-app';
import type { Database } from './database';
import { openPostgres } from './postgres';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

const run = promisify(execFile);

/**
 * The database out of reach (restarting, stopped, failing over): the pg implementation throws
 * DatabaseUnavailableError at once, and the error handler answers 503 `database_unavailable` with
 * Retry-After. tests/scale/db-restart.test.ts proves the same with a real PostgreSQL restart.
 */
const failure = (fields: Record<string, unknown>, message = 'failed') =>
  Object.assign(new Error(message), fields);

describe('isDatabaseUnavailable', () => {
  it('knows a server going away, not accepting connections yet, or a broken connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '08003', '08P01']) {
      expect(isDatabaseUnavailable(failure({ code })), code).toBe(true);
    }
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']) {
      expect(isDatabaseUnavailable(failure({ code, syscall: 'connect' })), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true);
    // localhost with two addresses that both refuse.
    const both = new AggregateError([failure({ code: 'ECONNREFUSED' }), failure({ code: 'ECONNREFUSED' })]);
    expect(isDatabaseUnavailable(both)).toBe(true);
  });

  it('leaves failed statements and everything else alone', () => {
    // unique violation, serialization failure, statement timeout, syntax error: a retry in five
    // seconds would not help, or the caller handles them.
    for (const code of ['23505', '23P01', '40001', '40P01', '57014', '42601']) {
      expect(isDatabaseUnavailable(failure({ code })), code).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let gone: Database;
let t: TestApp;
beforeAll(async () => {
  gone = await openPostgres(`postgres://postgres@127.0.0.1:${await closedPort()}/songkhoe`);
  t = await createTestApp({
    extend: (app) => {
      void app.register(
        async (api) => {
          // A route over a database that is not there, and one whose other service refuses.
          api.get('/Probe/gone', async () => gone.tenant('songkhoe', (sql) => sql.query('SELECT 1')));
          api.get('/Probe/storage', async () => {
            throw failure(
              { code: 'ECONNREFUSED', syscall: 'connect' },
              'connect ECONNREFUSED 127.0.0.1:9000',
            );
          });
        },
        { prefix: '/api/v1' },
      );
    },
  });
});
afterAll(async () => {
  await gone?.close();
  await t?.close();
});

describe('PostgreSQL out of reach', () => {
  it('fails every kind of transaction at once with DatabaseUnavailableError', async () => {
    const started = Date.now();
    const attempts = [
      gone.tenant('songkhoe', (sql) => sql.query('SELECT 1')),
      gone.tenantRead('songkhoe', (sql) => sql.query('SELECT 1')),
      gone.anonymous((sql) => sql.query('SELECT 1')),
      gone.owner((sql) => sql.query('SELECT 1')),
      gone.executeSql('SELECT 1'),
      gone.exec('SELECT 1'),
    ];
    for (const attempt of attempts) await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 503 database_unavailable with Retry-After, in the request language', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Probe/gone',
      headers: { ...tenantHeaders('songkhoe'), 'x-accept-language': 'en' },
    });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers['retry-after']).toBe('5');
    expect(reply.json()).toMatchObject({
      isSuccess: false,
      data: null,
      codeMessageRespond: 'database_unavailable',
      message: 'The service is briefly unavailable; please try again in a few seconds.',
    });
    expect(reply.body).not.toMatch(/ECONNREFUSED|at .*\.ts/);
  });

  it('does not take another service refusing a connection for the database', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Probe/storage',
      headers: tenantHeaders('songkhoe'),
    });
    expect(reply.statusCode).toBe(500);
    expect(reply.json()).toMatchObject({ codeMessageRespond: 'server_error' });
    expect(reply.headers['retry-after']).toBeUndefined();
  });
});

describe('surviveDatabaseOutages', () => {
  /** A Node process with the guard installed, in which `rejected` is rejected and never awaited. */
  const processWith = (rejected: string) =>
    run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const u = await import(${JSON.stringify(path.join(import.meta.dirname, 'unavailable.ts'))});
         u.surviveDatabaseOutages((e) => console.log('logged: ' + e.message));
         void Promise.reject(${rejected});
         setTimeout(() => console.log('still serving'), 100);`,
      ],
      { timeout: 30_000 },
    ).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it('keeps the process when a promise nobody awaited fails because the database is away', async () => {
    const { code, stdout } = await processWith(
      `new u.DatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))`,
    );
    expect(code).toBe(0);
    expect(stdout).toContain('logged: database unavailable: connect ECONNREFUSED');
    expect(stdout).toContain('still serving');
  });

  it('still ends it on any other unhandled rejection', async () => {
    const { code, stdout } = await processWith(`new Error('a bug')`);
    expect(code).not.toBe(0);
    expect(stdout).not.toContain('still serving');
  });
});
