import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../tests/helpers/db-snapshot';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-db';
import { APP_ROLE, type Database } from './database';
import { openPostgres } from './postgres';
import { isStalePreparedStatement, statementNamer } from './prepared-statements';

describe('named prepared statements', () => {
  const statementName = statementNamer(2000);
  it('names a statement with parameters by its text: the same text, the same name', () => {
    const a = statementName('SELECT 1 FROM doctors WHERE doctor_id = $1', [1]);
    expect(a).toMatch(/^sk_[\w-]+$/);
    expect(statementName('SELECT 1 FROM doctors WHERE doctor_id = $1', [2])).toBe(a);
    expect(statementName('SELECT 2 FROM doctors WHERE doctor_id = $1', [1])).not.toBe(a);
  });

  it('leaves statements without parameters unnamed (the simple protocol: scripts, BEGIN, COMMIT)', () => {
    expect(statementName('COMMIT', undefined)).toBeUndefined();
    expect(statementName('SELECT now()', [])).toBeUndefined();
  });

  it('never names a statement that selects *: a migration adding a column would break it', () => {
    expect(statementName('SELECT * FROM doctors WHERE doctor_id = $1', [1])).toBeUndefined();
    // Asked again (the answer is remembered): still unnamed.
    expect(statementName('SELECT * FROM doctors WHERE doctor_id = $1', [1])).toBeUndefined();
    expect(statementName('SELECT s.*, u.email FROM s JOIN u ON true WHERE u.id = $1', [1])).toBeUndefined();
    expect(statementName('UPDATE t SET a = $1 RETURNING *', [1])).toBeUndefined();
    expect(statementName('SELECT count(*) FROM doctors WHERE doctor_id = $1', [1])).toMatch(/^sk_/);
    expect(statementName('SELECT price * 2 AS double FROM doctors WHERE doctor_id = $1', [1])).toMatch(
      /^sk_/,
    );
  });

  it('stops naming new texts past its bound, and keeps the names it gave', () => {
    const few = statementNamer(3);
    const first = few('SELECT $1::int AS first', [1]);
    for (let i = 0; i < 5; i++) few(`SELECT $1::int + ${i}`, [1]);
    expect(few('SELECT $1::int + 4', [1])).toBeUndefined();
    expect(few('SELECT $1::int AS first', [1])).toBe(first);
  });
});

/**
 * A deploy migrates while running processes hold prepared statements. A statement whose result
 * columns change under it fails ("cached plan must not change result type"): `SELECT *` is never
 * prepared, and a column whose type changes fails the one request that meets it on a connection,
 * which is then replaced rather than reused.
 */
describe('prepared statements under a migration', () => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await createTestDatabase({ migrated: true });
    db = test.db;
    if (db.kind === 'postgres') {
      // One connection, so each request surely meets the statements the one before prepared.
      const name = await db.owner(
        async (sql) => (await sql.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name,
      );
      db = await openPostgres(databaseUrl(process.env.DATABASE_URL!, name), 1);
    }
    await db.owner((sql) =>
      sql.script(`CREATE TABLE prepared_probe (id int PRIMARY KEY, label text, amount int);
        INSERT INTO prepared_probe VALUES (1, 'one', 5);
        GRANT SELECT ON prepared_probe TO ${APP_ROLE};`),
    );
  });
  afterAll(async () => {
    if (db !== test.db) await db.close();
    await test.dispose();
  });

  const read = (text: string) => db.tenant('songkhoe', async (sql) => (await sql.query(text, [1])).rows);
  const star = 'SELECT * FROM prepared_probe WHERE id = $1';
  const named = 'SELECT id, amount FROM prepared_probe WHERE id = $1';
  const held = (text: string) =>
    db.tenant('songkhoe', async (sql) => {
      const { rows } = await sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1',
        [statementNamer()(text, [1])],
      );
      return rows[0]!.n;
    });

  it('a star select answers with a new column at once', async () => {
    expect(await read(star)).toEqual([{ id: 1, label: 'one', amount: 5 }]);
    await db.owner((sql) => sql.script(`ALTER TABLE prepared_probe ADD COLUMN added int DEFAULT 7`));
    expect(await read(star)).toEqual([{ id: 1, label: 'one', amount: 5, added: 7 }]);
  });

  it('a named statement whose column changed type fails once, then the new connection answers', async () => {
    expect(await read(named)).toEqual([{ id: 1, amount: 5 }]);
    if (db.kind === 'postgres') expect(await held(named)).toBe(1);
    await db.owner((sql) => sql.script(`ALTER TABLE prepared_probe ALTER COLUMN amount TYPE text`));
    if (db.kind === 'postgres') {
      const once = await read(named).catch((error: unknown) => error);
      expect(isStalePreparedStatement(once)).toBe(true);
    }
    expect(await read(named)).toEqual([{ id: 1, amount: '5' }]);
    expect(await read(named)).toEqual([{ id: 1, amount: '5' }]);
  });
});
