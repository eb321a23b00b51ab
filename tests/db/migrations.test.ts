import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationFiles, pendingMigrations, splitStatements } from '../../server/db/migrate';
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

  it('keeps $$ bodies whole when splitting a script', () => {
    const parts = splitStatements(`SELECT 1;\nDO $$\nBEGIN\n  PERFORM 1;\nEND $$;\n-- note;\nSELECT 2;`);
    expect(parts).toHaveLength(3);
    expect(parts[1]).toContain('PERFORM 1;');
  });
});
