import { execFile } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  asPostgres,
  cluster,
  freePort,
  pgCtl,
  postgresOwnedTempDir,
  query,
  startLocalCluster,
  type Cluster,
} from './local-cluster';

export type { Cluster } from './local-cluster';

/**
 * A real hot standby for the replica proofs: PostgreSQL 15's own pg_basebackup (-R: streaming
 * replication, standby.signal) of the machine's cluster at 127.0.0.1:5432, started with pg_ctl on
 * a free port. When the machine's pg_hba.conf admits no replication connection from 127.0.0.1
 * (Debian's default), the tests do not touch the system configuration: they initdb a throw-away
 * primary with the same binaries (tests/scale/local-cluster.ts; its default pg_hba.conf admits
 * local replication) and stream from that instead. Everything lives in one temporary folder owned
 * by the postgres user.
 */
const run = promisify(execFile);
const MACHINE_URL = process.env.REPLICA_PRIMARY_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

/** Settings a hot standby must have at least as high as its primary's. */
const STANDBY_MINIMUMS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

export async function startReplica(): Promise<ReplicaSetup> {
  const root = await postgresOwnedTempDir('sk-replica-');
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
      const temporary = await startLocalCluster({
        root,
        name: 'primary',
        settings: ['wal_level=replica', 'max_wal_senders=4'],
      });
      stops.push(() => temporary.destroy());
      primary = temporary;
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
