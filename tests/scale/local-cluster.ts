import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * A throw-away PostgreSQL cluster of the machine's PostgreSQL 15 binaries (initdb + pg_ctl) on a
 * free loopback port, for the proofs that must stop, start or stream from a server of their own
 * (the machine's shared server at 5432 is never stopped). Everything lives in one temporary
 * folder owned by the postgres user, since PostgreSQL refuses to run as root.
 */
const run = promisify(execFile);
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  port: number;
}

export function cluster(port: number): Cluster {
  return { port, url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}` };
}

/** Runs a PostgreSQL binary as the postgres user (we may be root, which PostgreSQL refuses). */
export async function asPostgres(binary: string, args: string[], timeout = 120_000) {
  const root = process.getuid?.() === 0;
  const [file, argv] = root
    ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, binary), ...args]]
    : [path.join(PG_BIN, binary), args];
  return run(file, argv, { timeout, maxBuffer: 10 * 1024 * 1024 });
}

/** `pg_ctl -w` (waits until the server accepts connections, or has stopped). */
export async function pgCtl(dir: string, action: 'start' | 'stop', options: string[] = []) {
  await asPostgres('pg_ctl', ['-D', dir, ...options, '-w', '-t', '120', action]);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new temporary folder the postgres user owns (initdb and pg_basebackup write into it). */
export async function postgresOwnedTempDir(prefix: string): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(uid.trim()), Number(gid.trim()));
  }
  return root;
}

/** One statement on a connection of its own. */
export async function query<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface LocalCluster extends Cluster {
  /** The data directory. */
  dir: string;
  /** Starts the stopped cluster again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (`fast`: open sessions are terminated, as when an operator restarts the server). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Stops it if it runs, and removes its folder unless the caller gave one. */
  destroy(): Promise<void>;
}

export interface LocalClusterOptions {
  /** A folder the postgres user owns to create `<name>/` in (default: a temporary one of its own). */
  root?: string;
  name?: string;
  /** Extra server settings (`-c name=value`), e.g. `wal_level=replica`. */
  settings?: string[];
}

/** initdb + pg_ctl start of a throw-away cluster (trust authentication, loopback only, no fsync). */
export async function startLocalCluster(options: LocalClusterOptions = {}): Promise<LocalCluster> {
  const ownRoot = !options.root;
  const root = options.root ?? (await postgresOwnedTempDir('sk-pg-'));
  const name = options.name ?? 'cluster';
  const dir = path.join(root, name);
  const port = await freePort();
  const settings = ['listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`, 'fsync=off'];
  settings.push(...(options.settings ?? []));
  const startArgs = [
    '-l',
    path.join(root, `${name}.log`),
    '-o',
    [`-p ${port}`, ...settings.map((s) => `-c ${s}`)].join(' '),
  ];
  let running = false;
  const stop = async (mode: 'smart' | 'fast' | 'immediate' = 'fast') => {
    await pgCtl(dir, 'stop', ['-m', mode]);
    running = false;
  };
  try {
    await asPostgres('initdb', [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    await pgCtl(dir, 'start', startArgs);
    running = true;
  } catch (error) {
    if (ownRoot) rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    ...cluster(port),
    dir,
    async start() {
      await pgCtl(dir, 'start', startArgs);
      running = true;
    },
    stop,
    async destroy() {
      if (running) await stop('fast').catch(() => undefined);
      if (ownRoot) rmSync(root, { recursive: true, force: true });
    },
  };
}
