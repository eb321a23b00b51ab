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

/** A promise and the function that settles it. */
function signal() {
  let fire = () => undefined as void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

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
      // Of other names side by side: inside its section, each waits for the other to enter. Run one
      // at a time, the first would wait in vain (and fail); how fast the machine is does not matter.
      const entered = { c: signal(), d: signal() };
      const meet = (db: Database, label: 'c' | 'd', name: string, partner: 'c' | 'd') =>
        db.exclusive(name, async () => {
          entered[label].fire();
          let timer: NodeJS.Timeout | undefined;
          const gaveUp = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`${label}: the other section never entered`)), 15_000);
          });
          await Promise.race([entered[partner].promise, gaveUp]).finally(() => clearTimeout(timer));
        });
      await Promise.all([meet(test.db, 'c', 'test.one', 'd'), meet(other, 'd', 'test.two', 'c')]);
    });
  }
});
