import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, migrationFiles } from '../../server/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

/**
 * Test databases start from a prepared copy instead of running initdb and all migrations per
 * test file: a PGlite data directory copied per file, or a PostgreSQL template database. Both
 * are named by a hash of everything that shapes them, so a new or edited migration (or a PGlite
 * upgrade) builds a new copy; the old one is never reused.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS_DIR = path.join(ROOT, 'server/migrations');

/**
 * PGlite's files live in memory-backed /dev/shm where the machine has room there (a container's
 * is often 64 MB): a test database is a copy of a snapshot directory that PGlite then reads page
 * by page as the tests touch them. Loading a `dumpDataDir()` tarball instead unpacked all of its
 * 48 MB into PGlite's in-memory file system first (1.6–2.0 s per test file, against 0.7–0.9 s for
 * copy and open).
 */
export const SNAPSHOT_DIR = path.join(
  freeBytes('/dev/shm') > 2 ** 30 ? '/dev/shm' : tmpdir(),
  `songkhoe-test-db-${process.getuid?.() ?? 0}`,
);

function freeBytes(dir: string): number {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return 0;
  }
}

/** 1 MB WAL segments instead of 16: the snapshot shrinks by a third and copies faster. */
const INITDB_ARGS = ['--wal-segsize=1'];

/** Hash of the migration files, the migration runner, PGlite's version and its extensions. */
export function schemaKey(migrationsDir = MIGRATIONS_DIR): string {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ).version;
  hash.update(`pglite ${pgliteVersion} ${Object.keys(PGLITE_EXTENSIONS).sort().join(',')}\n`);
  hash.update(`initdb ${INITDB_ARGS.join(' ')}\n`);
  hash.update(readFileSync(path.join(ROOT, 'server/db/migrate.ts')));
  for (const name of migrationFiles(migrationsDir)) {
    hash.update(`\n${name}\n`);
    hash.update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** This checkout's key, hashed once per process: every test file of a worker asks for it. */
let checkoutKey: string | undefined;
const currentKey = () => (checkoutKey ??= schemaKey());

/** `empty`: a fresh cluster (initdb done, nothing migrated); `migrated`: every migration applied. */
export type SnapshotKind = 'empty' | 'migrated';

const snapshotDir = (kind: SnapshotKind, key: string) => path.join(SNAPSHOT_DIR, `pglite-${kind}-${key}`);

/**
 * The snapshot directory for `kind`, built on first use. Built under a temporary name and renamed,
 * so a reader never sees half a cluster and two processes building at once both end with a whole
 * one. Closed cleanly after a checkpoint, so a copy opens without replaying WAL.
 */
export async function pgliteSnapshot(kind: SnapshotKind, key = currentKey()): Promise<string> {
  const dir = snapshotDir(kind, key);
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  const raw = await PGlite.create({
    dataDir: building,
    extensions: PGLITE_EXTENSIONS,
    initDbStartParams: INITDB_ARGS,
  });
  try {
    if (kind === 'migrated') await migrate(pgliteDatabase(raw), MIGRATIONS_DIR);
    await raw.exec('CHECKPOINT');
  } finally {
    await raw.close();
  }
  try {
    renameSync(building, dir);
  } catch (error) {
    // Another process renamed its copy first: use that one.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
  }
  return dir;
}

/**
 * A new data directory copied from the `kind` snapshot, for one test database or one server
 * process's DATA_DIR/pglite (the copy skips initdb and the migrations, as the in-process tests do).
 * Without `target`, a fresh directory beside the snapshots; its owner removes it.
 */
export async function copyPgliteSnapshot(kind: SnapshotKind, target?: string): Promise<string> {
  const source = await pgliteSnapshot(kind);
  const dir = target ?? path.join(SNAPSHOT_DIR, `copy-${process.pid}-${randomBytes(6).toString('hex')}`);
  cpSync(source, dir, { recursive: true });
  return dir;
}

/**
 * Deletes snapshots of other keys and copies left by a test process that did not finish (older
 * than an hour, so a run still using one keeps it).
 */
export function removeStaleSnapshots(key: string) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of safeList(SNAPSHOT_DIR)) {
    const file = path.join(SNAPSHOT_DIR, name);
    if (name.startsWith('pglite-') && name.endsWith(key)) continue;
    try {
      if (statSync(file).mtimeMs < hourAgo) rmSync(file, { recursive: true, force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const TEMPLATE_PREFIX = 'sk_template_';

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const databaseUrl = (url: string, name: string) => {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
};

/**
 * The name of a migrated template database on the PostgreSQL at `url`, built on first use:
 * migrated under a random name, then renamed. Nothing stays connected to the template, since
 * PostgreSQL copies a template only while no one is connected to it.
 */
export async function postgresTemplate(url: string, key = currentKey()): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${key}`;
  const exists = await withAdmin(url, async (admin) => {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
  if (exists) return name;
  const building = `sk_building_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`CREATE DATABASE ${building}`));
  try {
    const db = await openPostgres(databaseUrl(url, building), 1);
    try {
      await migrate(db, MIGRATIONS_DIR);
    } finally {
      await db.close();
    }
    await withAdmin(url, (admin) => admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`));
  } catch (error) {
    // Another process renamed its copy first (duplicate name): use that one.
    await withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`));
    const raced = await withAdmin(url, (admin) =>
      admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
    );
    if (raced.rowCount !== 1) throw error;
  }
  return name;
}

/** Drops templates of other keys; one still being copied by another run refuses, which is fine. */
export async function removeStaleTemplates(url: string, key: string) {
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' AND datname <> $1`,
      [`${TEMPLATE_PREFIX}${key}`],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
    }
  });
}

/**
 * Drops every database whose name starts with `prefix` (one test run's), side by side: each DROP
 * waits for a cluster checkpoint, and concurrent ones coalesce instead of queueing.
 */
export async function dropRunDatabases(url: string, prefix: string) {
  const { rows } = await withAdmin(url, (admin) =>
    admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      prefix,
    ]),
  );
  await Promise.all(
    rows.map(({ datname }) =>
      withAdmin(url, (admin) => admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)),
    ),
  );
}

export { databaseUrl, withAdmin };
