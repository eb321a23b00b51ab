import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-db';

let test: TestDatabase;
/** A second handle on the same database: another process or host starting at the same time. */
let other: Database;
beforeAll(async () => {
  test = await createTestDatabase();
  if (testDbKind() === 'postgres') {
    const { rows } = await test.db.owner((sql) =>
      sql.query<{ db: string }>('SELECT current_database() AS db'),
    );
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${rows[0]!.db}`;
    // A pool of one: the section may still use it, the lock holds a connection of its own.
    other = await openPostgres(url.toString(), 1);
  } else {
    // The embedded database admits one process: the only other caller is this one.
    other = test.db;
  }
});
afterAll(async () => {
  if (other !== test.db) await other.close();
  await test?.dispose();
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe(`exclusive start-up sections on ${testDbKind()}`, () => {
  it('gives back what the section returns and lets it use the database', async () => {
    const answer = await other.exclusive('test.answer', () =>
      other.owner((sql) => sql.query<{ n: number }>('SELECT 41 + 1 AS n')),
    );
    expect(answer.rows[0]!.n).toBe(42);
  });

  it('frees the lock when a section throws', async () => {
    await expect(test.db.exclusive('test.throws', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await other.exclusive('test.throws', async () => 'next')).toBe('next');
  });

  if (testDbKind() === 'postgres') {
    it('runs sections of one name one at a time across processes, and of other names side by side', async () => {
      const events: string[] = [];
      const section = (db: Database, label: string, name = 'test.serial') =>
        db.exclusive(name, async () => {
          events.push(`${label} in`);
          await tick();
          await tick();
          events.push(`${label} out`);
        });
      await Promise.all([section(test.db, 'a'), section(other, 'b')]);
      // Whichever went first left before the other entered.
      expect([
        ['a in', 'a out', 'b in', 'b out'],
        ['b in', 'b out', 'a in', 'a out'],
      ]).toContainEqual(events);
      events.length = 0;
      await Promise.all([section(test.db, 'c', 'test.one'), section(other, 'd', 'test.two')]);
      expect(events.slice(0, 2).sort()).toEqual(['c in', 'd in']);
    });
  }
});
