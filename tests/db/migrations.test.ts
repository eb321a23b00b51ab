import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles, pendingMigrations } from '../../server/db/migrate';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-db';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test?.dispose());

describe(`migrations on ${testDbKind()}`, () => {
  it('applies every numbered migration once, in order, and then has none pending', async () => {
    expect(await pendingMigrations(test.db)).toEqual(migrationFiles());
    expect(await migrate(test.db)).toEqual(migrationFiles());
    expect(await pendingMigrations(test.db)).toEqual([]);
    expect(await migrate(test.db)).toEqual([]);
  });

  it('numbers migration files without gaps', () => {
    migrationFiles().forEach((name, index) =>
      expect(name.startsWith(String(index + 1).padStart(3, '0'))).toBe(true),
    );
  });

  it('runs each file whole: $$ bodies, quoted semicolons and comments as PostgreSQL reads them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      // Every line here fooled the old line-by-line splitter one way or another.
      writeFileSync(
        path.join(dir, '001_tricky.sql'),
        [
          `CREATE FUNCTION tricky_text() RETURNS text LANGUAGE sql AS $$ SELECT 'a;b' $$; CREATE TABLE tricky (`,
          `  v text DEFAULT 'x;', -- a comment; with a semicolon`,
          `  w text DEFAULT $q$ $$ ; $q$`,
          `); /* a block comment; */ INSERT INTO tricky (v) VALUES (tricky_text());`,
        ].join('\n'),
      );
      expect(await migrate(test.db, dir)).toEqual(['001_tricky.sql']);
      const { rows } = await test.db.owner((sql) =>
        sql.query<{ v: string; w: string }>('SELECT v, w FROM tricky'),
      );
      expect(rows).toEqual([{ v: 'a;b', w: ' $$ ; ' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies nothing of a file that fails part-way', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      writeFileSync(
        path.join(dir, '001_half.sql'),
        'CREATE TABLE half_done (v int);\nSELECT no_such_function();\n',
      );
      await expect(migrate(test.db, dir)).rejects.toThrow(/no_such_function/);
      const { rows } = await test.db.owner((sql) =>
        sql.query<{ t: string | null }>(`SELECT to_regclass('public.half_done')::text AS t`),
      );
      expect(rows[0]!.t).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
