import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readsOwnWrite, readTestEnv as env, TENANT, useReadTestDatabase } from '../helpers/read-test-db';
import { openDatabase } from '../../server/startup';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';

/**
 * The replica reader's own paths, on PostgreSQL only (the part of server/db/read-replica.test.ts
 * that needs a server): DATABASE_URL alone reads the primary, a "replica" URL that is a primary
 * is always current, and one that is down sends reads to the primary. The real standby is
 * tests/scale/replica.test.ts.
 */
const t = useReadTestDatabase();

/** The test database's URL (PostgreSQL project only). */
async function databaseUrl(db: Database): Promise<string> {
  const name = await db.owner(
    async (sql) => (await sql.query<{ name: string }>('SELECT current_database() AS name')).rows[0]!.name,
  );
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('the replica reader on PostgreSQL', () => {
  it('openDatabase with DATABASE_URL alone reads the primary', async () => {
    const db = await openDatabase(env({ DATABASE_URL: await databaseUrl(t.db), DB_POOL_SIZE: '2' }));
    try {
      expect(db.reads).toBe('primary');
      expect(await readsOwnWrite(db, 'Bệnh viện Một Pool')).toEqual(['Bệnh viện Một Pool']);
    } finally {
      await db.close();
    }
  });

  it('a read URL that is not in recovery is current: fresh reads pass at once', async () => {
    const url = await databaseUrl(t.db);
    const db = await openDatabase(env({ DATABASE_URL: url, DATABASE_READ_URL: url, DB_READ_POOL_SIZE: '2' }));
    try {
      expect(db.reads).toBe('replica');
      db.fenceReads();
      const started = Date.now();
      await db.tenant(TENANT, (sql) => sql.query(`INSERT INTO hospitals (name) VALUES ('Bệnh viện Tươi')`));
      const { rows } = await db.tenantRead(
        TENANT,
        (sql) => sql.query(`SELECT name FROM hospitals WHERE name = 'Bệnh viện Tươi'`),
        { fresh: true },
      );
      expect(rows).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(400);
      await expect(
        db.tenantRead(TENANT, (sql) => sql.query(`INSERT INTO hospitals (name) VALUES ('x')`)),
      ).rejects.toMatchObject({ code: '25006' });
      // An error of the read itself is not retried elsewhere: it reaches the caller.
      await expect(
        db.tenantRead(TENANT, async () => {
          throw new Error('not found');
        }),
      ).rejects.toThrow('not found');
    } finally {
      await db.close();
    }
  });

  it('a replica that is down: reads go to the primary', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const db = await openPostgres(await databaseUrl(t.db), 2, {
      url: `postgres://postgres@127.0.0.1:${port}/nothing`,
    });
    try {
      expect(db.reads).toBe('replica');
      expect(await readsOwnWrite(db, 'Bệnh viện Dự Phòng')).toEqual(['Bệnh viện Dự Phòng']);
      // Remembered for a while: the next reads do not try the dead replica first.
      const started = Date.now();
      for (let i = 0; i < 5; i++) await db.tenantRead(TENANT, (sql) => sql.query('SELECT 1'));
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await db.close();
    }
  });
});
