import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A real hot standby for the replica proofs: PostgreSQL 15's own pg_basebackup (-R: streaming
 * replication, standby.signal) of the machine's cluster at 127.0.0.1:5432, started with pg_ctl on
 * a free port. When the machine's pg_hba.conf admits no replication connection from 127.0.0.1
 * (Debian's default), the tests do not touch the system configuration: they initdb a throw-away
 * primary with the same binaries (its default pg_hba.conf admits local replication) and stream
 * from that instead. Everything lives in one temporary folder owned by the postgres user.
 */
const run = promisify(execFile);
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const MACHINE_URL = process.env.REPLICA_PRIMARY_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  port: number;
}

export interface ReplicaSetup {
  primary: Cluster;
  standby: Cluster;
  /** 'machine': a standby of the machine's cluster; 'temporary': of a throw-away primary. */
  primaryKind: 'machine' | 'temporary';
  /** Why the machine's cluster was not used (its basebackup's error), when it was not. */
  note?: string;
  pauseReplay(): Promise<void>;
  /** Stops the standby only (the primary keeps running): a replica outage. */
  stopStandby(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the standby has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Runs a PostgreSQL binary as the postgres user (we may be root, which PostgreSQL refuses). */
async function asPostgres(binary: string, args: string[], timeout = 120_000) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root
    ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, binary), ...args]]
    : [path.join(BIN, binary), args];
  return run(file, argv, { timeout, maxBuffer: 10 * 1024 * 1024 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function cluster(port: number): Cluster {
  return { port, url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}` };
}

async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function pgCtl(dir: string, action: 'start' | 'stop', options: string[] = []) {
  await asPostgres('pg_ctl', ['-D', dir, ...options, '-w', '-t', '120', action]);
}

/** Settings a hot standby must have at least as high as its primary's. */
const STANDBY_MINIMUMS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

export async function startReplica(): Promise<ReplicaSetup> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sk-replica-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(gid.trim()));
  }
  const standbyDir = path.join(root, 'standby');
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  };

  try {
    let primary: Cluster = cluster(Number(new URL(MACHINE_URL).port || 5432));
    let primaryKind: ReplicaSetup['primaryKind'] = 'machine';
    let note: string | undefined;
    const basebackup = (from: Cluster) =>
      asPostgres('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(from.port),
        '-U',
        'postgres',
        '-D',
        standbyDir,
        '-R',
        '-X',
        'stream',
        '--checkpoint=fast',
      ]);
    try {
      await basebackup(primary);
    } catch (error) {
      const message = String((error as { stderr?: string }).stderr ?? error);
      if (!/replication connection/.test(message)) throw error;
      // The machine refuses replication (no `host replication ...` line in pg_hba.conf): stream
      // from a throw-away primary made by the same PostgreSQL instead.
      note = message.trim();
      primaryKind = 'temporary';
      rmSync(standbyDir, { recursive: true, force: true });
      const primaryDir = path.join(root, 'primary');
      await asPostgres('initdb', [
        '-D',
        primaryDir,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]);
      primary = cluster(await freePort());
      await pgCtl(primaryDir, 'start', [
        '-l',
        path.join(root, 'primary.log'),
        '-o',
        `-p ${primary.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${primaryDir} -c wal_level=replica -c max_wal_senders=4 -c fsync=off`,
      ]);
      stops.push(() => pgCtl(primaryDir, 'stop', ['-m', 'fast']));
      await basebackup(primary);
    }

    // Debian keeps postgresql.conf and pg_hba.conf in /etc, outside the copied data directory.
    if (!existsSync(path.join(standbyDir, 'postgresql.conf'))) {
      const settings = await query<{ name: string; setting: string }>(
        primary.url('postgres'),
        `SELECT name, setting FROM pg_settings WHERE name IN (${STANDBY_MINIMUMS.map((n) => `'${n}'`).join(', ')})`,
      );
      writeFileSync(
        path.join(standbyDir, 'postgresql.conf'),
        settings.map((s) => `${s.name} = ${s.setting}\n`).join(''),
      );
      writeFileSync(
        path.join(standbyDir, 'pg_hba.conf'),
        'local all all trust\nhost all all 127.0.0.1/32 trust\n',
      );
      writeFileSync(path.join(standbyDir, 'pg_ident.conf'), '');
      if (process.getuid?.() === 0) await run('chown', ['-R', 'postgres:postgres', standbyDir]);
    }
    const standby = cluster(await freePort());
    await pgCtl(standbyDir, 'start', [
      '-l',
      path.join(root, 'standby.log'),
      '-o',
      `-p ${standby.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${standbyDir} -c hot_standby=on -c fsync=off`,
    ]);
    stops.push(() => pgCtl(standbyDir, 'stop', ['-m', 'fast']));

    const [recovery] = await query<{ r: boolean }>(
      standby.url('postgres'),
      'SELECT pg_is_in_recovery() AS r',
    );
    if (!recovery?.r) throw new Error('the standby is not in recovery');

    const setup: ReplicaSetup = {
      primary,
      standby,
      primaryKind,
      note,
      async pauseReplay() {
        await query(standby.url('postgres'), 'SELECT pg_wal_replay_pause()');
        for (let i = 0; i < 200; i++) {
          const [state] = await query<{ s: string }>(
            standby.url('postgres'),
            'SELECT pg_get_wal_replay_pause_state() AS s',
          );
          if (state?.s === 'paused') return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('replay did not pause');
      },
      stopStandby: () => pgCtl(standbyDir, 'stop', ['-m', 'fast']),
      async resumeReplay() {
        await query(standby.url('postgres'), 'SELECT pg_wal_replay_resume()');
      },
      async caughtUp(timeoutMs = 30_000) {
        const [{ lsn } = { lsn: '' }] = await query<{ lsn: string }>(
          primary.url('postgres'),
          'SELECT pg_current_wal_insert_lsn()::text AS lsn',
        );
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const [row] = await query<{ ok: boolean }>(
            standby.url('postgres'),
            `SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS ok`,
          );
          if (row?.ok) return;
          if (Date.now() > deadline) throw new Error(`the standby did not replay ${lsn}`);
          await new Promise((r) => setTimeout(r, 25));
        }
      },
      stop,
    };
    await setup.caughtUp();
    return setup;
  } catch (error) {
    await stop();
    throw error;
  }
}
