import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, withAdmin } from '../helpers/db-snapshot';
import { hostEnv } from './cluster-world';

/**
 * A new deployment: two hosts (the first and last time each a cluster of two workers,
 * `WEB_CONCURRENCY=2`, else one process each: the race is the same, the start cheaper) start at the
 * same moment on an empty PostgreSQL database. Migrations, job queue creation and demo seeding
 * must each happen once, under a lock, and no process may crash or log an error. Six times (five
 * on an empty database, then the restart): the race it guards against (pg-boss creating its
 * queues from several processes at once) lost in 3 starts of 5, so five empty starts miss it
 * about once in a hundred runs (0.4^5); ten starts took half of the scale suite's time.
 * CONCURRENT_STARTS=20 looks harder.
 */
const MACHINE_PG = process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTS = Number(process.env.CONCURRENT_STARTS ?? 6);
const DEPLOYMENT_SECRET = randomBytes(24).toString('hex');

interface Host {
  child: ChildProcess;
  port: number;
  /** Every line the host printed (stdout and stderr), for the checks and the failure message. */
  lines: string[];
}

function startHost(port: number, env: Record<string, string>): Host {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    });
  }
  return { child, port, lines };
}

async function ready(host: Host, deadline: number): Promise<void> {
  for (;;) {
    if (host.child.exitCode !== null)
      throw new Error(`host on ${host.port} exited: ${host.lines.join('\n')}`);
    const ok = await fetch(`http://127.0.0.1:${host.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`host on ${host.port} not ready: ${host.lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const stop = (host: Host) =>
  new Promise<void>((resolve) => {
    if (host.child.exitCode !== null) return resolve();
    host.child.once('exit', () => resolve());
    host.child.kill('SIGTERM');
  });

/** Lines that mean something went wrong: an error-level log, a worker that exited, a stack. */
const troubled = (line: string): boolean => {
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    return (entry.level ?? 0) >= 50 || /exited/.test(entry.msg ?? '');
  } catch {
    // Not a log entry: an uncaught error printed by Node.
    return /error|exception|deadlock/i.test(line);
  }
};

// Dropped together at the end: each DROP DATABASE waits for a checkpoint of the whole cluster,
// and drops side by side share them.
const created: string[] = [];
afterAll(async () => {
  await Promise.all(
    created.map((name) =>
      withAdmin(MACHINE_PG, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
    ),
  );
});

describe('a new deployment whose hosts start together', () => {
  const durations: number[] = [];
  afterAll(() => {
    console.log(`concurrent start: ready in ${durations.map((d) => (d / 1000).toFixed(1)).join(', ')} s`);
  });
  for (let start = 0; start < STARTS; start++) {
    // The last start restarts both hosts together on the database the one before prepared: a
    // rolling-free redeploy finds it migrated and seeded, and must leave it so.
    const migrated = STARTS > 1 && start === STARTS - 1;
    const what = migrated ? 'the migrated database of the start before' : 'an empty database';
    const workers = start === 0 || migrated ? 2 : 1;
    const hostKind = workers === 2 ? 'two hosts of two workers' : 'two single-process hosts';
    it(`start ${start + 1} of ${STARTS}: ${hostKind} on ${what}, prepared once, nothing crashes`, async () => {
      const name = migrated ? created.at(-1)! : `sk_start_${randomBytes(5).toString('hex')}`;
      if (!migrated) {
        created.push(name);
        await withAdmin(MACHINE_PG, (admin) => admin.query(`CREATE DATABASE ${name}`));
      }
      const url = databaseUrl(MACHINE_PG, name);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-start-'));
      // One deployment, one JWT_SECRET: the last start's restart keeps the secret its database's
      // sealed keys (the dev VAPID pair) were made under, as a real restart does.
      const env = {
        ...hostEnv(url, dataDir),
        JWT_SECRET: DEPLOYMENT_SECRET,
        WEB_CONCURRENCY: String(workers),
      };
      const base = 9000 + Math.floor(Math.random() * 400) * 2;
      const began = Date.now();
      const hosts = [startHost(base, env), startHost(base + 1, env)];
      try {
        await Promise.all(hosts.map((host) => ready(host, Date.now() + 150_000)));
        // Both hosts answer with the same seeded data: one catalogue, not two.
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        try {
          const once = await db.query<{
            migrations: number;
            duplicate: number;
            seeded: number;
            tenants: number;
          }>(
            `SELECT (SELECT count(*) FROM schema_migrations)::int AS migrations,
                    (SELECT count(*) - count(DISTINCT name) FROM schema_migrations)::int AS duplicate,
                    (SELECT count(*) FROM tenants WHERE seeded_at IS NOT NULL)::int AS seeded,
                    (SELECT count(*) FROM tenants)::int AS tenants`,
          );
          expect(once.rows[0]!.duplicate).toBe(0);
          expect(once.rows[0]!.migrations).toBeGreaterThan(20);
          expect(once.rows[0]!.seeded).toBe(once.rows[0]!.tenants);
          // Demo accounts exist once per tenant (a second seeding would have doubled or failed them).
          const accounts = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM (SELECT tenant_id, email FROM users WHERE email IS NOT NULL
               GROUP BY tenant_id, email HAVING count(*) > 1) d`,
          );
          expect(accounts.rows[0]!.n).toBe(0);
          const queues = await db.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
          expect(queues.rows.map((q) => q.name)).toEqual(
            expect.arrayContaining(['holds.expire', 'reminders.dispatch']),
          );
        } finally {
          await db.end();
        }
        for (const host of hosts) {
          const reply = await fetch(`http://127.0.0.1:${host.port}/api/v1/Languages`, {
            headers: { companycode: 'songkhoe' },
          });
          expect(reply.status).toBe(200);
        }
        durations.push(Date.now() - began);
      } finally {
        await Promise.all(hosts.map(stop));
        rmSync(dataDir, { recursive: true, force: true });
      }
      const trouble = hosts.flatMap((host) =>
        host.lines.filter(troubled).map((line) => `${host.port}: ${line}`),
      );
      expect(trouble, `start ${start + 1}`).toEqual([]);
    });
  }
});
