import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';
import { createJobService, type JobService } from './index';

const until = async (check: () => boolean, ms = 15_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('job service (pg-boss over the app database)', () => {
  let test: TestDatabase;
  const services: JobService[] = [];
  beforeAll(async () => {
    test = await createTestDatabase();
    await migrate(test.db);
  }, 60_000);
  afterAll(async () => {
    for (const s of services) await s.stop(2000).catch(() => undefined);
    await test.dispose();
  });

  it('runs a periodic job once per window across two services, and again after a restart', async () => {
    const runs: string[] = [];
    const make = (who: string) =>
      createJobService({
        db: test.db,
        pollingIntervalSeconds: 0.5,
        jobs: [{ name: 'test.tick', everySeconds: 3600, run: async () => void runs.push(who) }],
      });
    const a = make('a');
    const b = make('b');
    services.push(a, b);
    await a.start();
    await b.start();
    // Both start-ups offered a run, both tick again, concurrently: still one run this window.
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await until(() => runs.length >= 1);
    await new Promise((r) => setTimeout(r, 2000));
    expect(runs).toHaveLength(1);

    const { rows } = await test.db.executeSql(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.tick'`,
    );
    expect(rows[0]!.n).toBe(1);

    // A job offered while no worker runs survives a restart: the next service picks it up.
    await a.stop(2000);
    await b.stop(2000);
    await test.db.executeSql(`DELETE FROM pgboss.job WHERE name = 'test.tick'`);
    const offline = createJobService({ db: test.db, jobs: [] });
    services.push(offline);
    await offline.start();
    await offline.boss.send('test.tick', {}, { singletonKey: 'test.tick', singletonSeconds: 3600 });
    await offline.stop(2000);
    const c = make('c');
    services.push(c);
    await c.start();
    await until(() => runs.includes('c'));
    expect(runs.filter((r) => r === 'c')).toHaveLength(1);
  }, 90_000);
});
