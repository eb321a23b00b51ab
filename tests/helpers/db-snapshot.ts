import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, migrationFiles } from '../../server/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

/**
 * Test databases start from a prepared copy instead of running initdb and all migrations per
 * test file: a PGlite `dumpDataDir()` tarball on disk, or a PostgreSQL template database. Both
 * are named by a hash of everything that shapes them, so a new or edited migration (or a PGlite
 * upgrade) builds a new copy; the old one is never reused.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIGRATIONS_DIR = path.join(ROOT, 'server/migrations');
export const SNAPSHOT_DIR = path.join(ROOT, 'node_modules/.cache/songkhoe-test-db');

/** 1 MB WAL segments instead of 16: the tarball shrinks by a third and loads faster. */
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

/** `empty`: a fresh cluster (initdb done, nothing migrated); `migrated`: every migration applied. */
export type SnapshotKind = 'empty' | 'migrated';

const snapshotFile = (kind: SnapshotKind, key: string) =>
  path.join(SNAPSHOT_DIR, `pglite-${kind}-${key}.tar`);

/**
 * Tarballs this process has read, by file: a worker runs many test files (`isolate: false`), and
 * reading the 50 MB migrated one cost 0.4 s per file. A Blob is immutable, so sharing it is safe.
 */
const readSnapshots = new Map<string, Blob>();

/**
 * The tarball for `kind`, built on first use. Written to a temporary name and renamed, so a
 * reader never sees half a file and two processes building at once both end with a whole one.
 */
export async function pgliteSnapshot(kind: SnapshotKind, key = schemaKey()): Promise<Blob> {
  const file = snapshotFile(kind, key);
  const kept = readSnapshots.get(file);
  if (kept) return kept;
  try {
    const blob = new Blob([readFileSync(file)]);
    readSnapshots.set(file, blob);
    return blob;
  } catch {
    // Not built yet.
  }
  const raw = await PGlite.create({ extensions: PGLITE_EXTENSIONS, initDbStartParams: INITDB_ARGS });
  try {
    if (kind === 'migrated') await migrate(pgliteDatabase(raw), MIGRATIONS_DIR);
    const dump = await raw.dumpDataDir('none');
    const bytes = Buffer.from(await dump.arrayBuffer());
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
    return new Blob([bytes]);
  } finally {
    await raw.close();
  }
}

/**
 * Writes the migrated snapshot into `dataDir` (a server's DATA_DIR/pglite), so a test that starts a
 * whole server process skips initdb and the migrations, as the in-process tests do.
 */
export async function migratedPgliteDataDir(dataDir: string): Promise<void> {
  const raw = await PGlite.create({
    dataDir,
    loadDataDir: await pgliteSnapshot('migrated'),
    extensions: PGLITE_EXTENSIONS,
  });
  await raw.close();
}

/** Deletes tarballs of other keys (older than an hour, so a run still reading one keeps it). */
export function removeStaleSnapshots(key: string) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of safeList(SNAPSHOT_DIR)) {
    const file = path.join(SNAPSHOT_DIR, name);
    if (name.includes(key)) continue;
    try {
      if (statSync(file).mtimeMs < hourAgo) rmSync(file, { force: true });
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
export async function postgresTemplate(url: string, key = schemaKey()): Promise<string> {
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
