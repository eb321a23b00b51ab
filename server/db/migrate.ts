import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** The numbered migration files, in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction, on
 * PGlite and PostgreSQL alike. A lock keeps two starting processes from migrating at once.
 * @returns the names applied now
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  for (const name of migrationFiles(dir)) {
    const script = readFileSync(path.join(dir, name), 'utf8');
    const done = await db.owner(async (sql) => {
      await sql.query('SELECT pg_advisory_xact_lock(727274)');
      const { rows } = await sql.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (rows.length > 0) return false;
      // The file whole, as PostgreSQL reads it: no splitting that a $$ body or a quoted ';' could fool.
      await sql.script(script);
      await sql.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/** Names of the migration files that the database has not applied (for /readyz). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const { rows } = await db.owner(async (sql) => {
    const exists = await sql.query<{ t: string | null }>(
      `SELECT to_regclass('public.schema_migrations')::text AS t`,
    );
    if (!exists.rows[0]?.t) return { rows: [] as { name: string }[] };
    return sql.query<{ name: string }>('SELECT name FROM schema_migrations');
  });
  const applied = new Set(rows.map((r) => r.name));
  return migrationFiles().filter((name) => !applied.has(name));
}
