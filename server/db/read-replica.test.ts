import { describe, expect, it } from 'vitest';
import {
  readsOwnWrite,
  readTestEnv as env,
  TENANT,
  useReadTestDatabase,
} from '../../tests/helpers/read-test-db';
import pg from 'pg';
import { lsnValue, replicaTrouble } from './replica';

/**
 * Database.tenantRead without a replica (DATABASE_READ_URL unset): every read is the primary's,
 * so it sees what was just committed, and it is read-only on both engines. The reader's own paths
 * on PostgreSQL are tests/scale/replica-reader.test.ts; the real standby is
 * tests/scale/replica.test.ts.
 */
const t = useReadTestDatabase();

describe('without DATABASE_READ_URL everything uses the primary', () => {
  it('the environment has no read URL by default, and a read URL needs DATABASE_URL', () => {
    expect(env().DATABASE_READ_URL).toBe('');
    expect(env().DB_READ_POOL_SIZE).toBe(10);
    expect(() => env({ DATABASE_READ_URL: 'postgres://127.0.0.1:5433/x' })).toThrow(/DATABASE_READ_URL/);
  });

  it('tenantRead reads the primary: what tenant() just committed is there at once', async () => {
    expect(t.db.reads).toBe('primary');
    expect(await readsOwnWrite(t.db, 'Bệnh viện Đọc Ngay')).toEqual(['Bệnh viện Đọc Ngay']);
    // Fresh reads and fences cost nothing without a replica.
    t.db.fenceReads();
    const fresh = await t.db.tenantRead(
      TENANT,
      (sql) => sql.query('SELECT count(*)::int AS n FROM hospitals'),
      {
        fresh: true,
      },
    );
    expect(fresh.rows).toEqual([{ n: 1 }]);
  });

  it('tenantRead is a read-only transaction under the tenant (a stray write fails as on a replica)', async () => {
    const write = t.db.tenantRead(TENANT, (sql) => sql.query(`INSERT INTO hospitals (name) VALUES ('x')`));
    await expect(write).rejects.toMatchObject({ code: '25006' });
    // Row-level security as in tenant(): another tenant's rows are not seen.
    const { rows } = await t.db.tenantRead('no_such_tenant', (sql) => sql.query('SELECT 1 FROM hospitals'));
    expect(rows).toEqual([]);
  });
});

describe('replica helpers', () => {
  it('tells the replica’s troubles from the read’s errors', () => {
    const pgError = (code: string) => Object.assign(new pg.DatabaseError('x', 1, 'error'), { code });
    // A hot standby cancels a read that conflicts with replay; a standby shutting down, too.
    expect(replicaTrouble(pgError('40001'))).toBe('cancelled');
    expect(replicaTrouble(pgError('57P01'))).toBe('connection');
    expect(replicaTrouble(pgError('08006'))).toBe('connection');
    // The read's own failures (bad SQL, a stray write, a missing row) are not the replica's.
    expect(replicaTrouble(pgError('42P01'))).toBe('none');
    expect(replicaTrouble(pgError('25006'))).toBe('none');
    expect(replicaTrouble(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'connection',
    );
    expect(replicaTrouble(new Error('Connection terminated unexpectedly'))).toBe('connection');
    expect(replicaTrouble(new Error('timeout exceeded when trying to connect'))).toBe('connection');
    expect(replicaTrouble(Object.assign(new Error('x'), { code: 'doctor_not_found' }))).toBe('none');
    expect(replicaTrouble(new Error('not found'))).toBe('none');
    expect(replicaTrouble('text')).toBe('none');
  });

  it('compares WAL positions', () => {
    expect(lsnValue('0/3C58818') < lsnValue('1/0')).toBe(true);
    expect(lsnValue('16/B374D848') > lsnValue('16/B374D847')).toBe(true);
    expect(lsnValue('0/0')).toBe(0n);
  });
});
