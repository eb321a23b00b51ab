import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache } from '../../server/lib/response-cache';
import { startChangeBus, type ChangeBus } from '../../server/services/change-bus/index';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * The change bus's listening session breaks (PostgreSQL restarts, a network cut): this process
 * cannot hear other processes' changes, so it caches nothing until the session is back.
 */
let t: TestDatabase;
let bus: ChangeBus;
beforeAll(async () => {
  t = await createTestDatabase();
  bus = await startChangeBus(t.db, { warn: () => undefined });
});
afterAll(async () => {
  await bus.close();
  await t.dispose();
});

async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('change bus outage', () => {
  it('caches nothing while the listening session is down, and caches again once it is back', async () => {
    const cache = createResponseCache({ ttlMs: 60_000 });
    let loads = 0;
    const read = () => cache.get('songkhoe', 'k', async () => ({ load: ++loads }));
    try {
      expect(bus.listening).toBe(true);
      await read();
      await read();
      expect(loads).toBe(1);

      // The listening session dies (as when PostgreSQL restarts or the connection is cut).
      await t.db.executeSql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
      );
      await eventually(() => !bus.listening);
      const before = loads;
      await read();
      await read();
      expect(loads).toBe(before + 2);

      // The bus reconnects by itself; answers are cached again (after one fresh load).
      await eventually(() => bus.listening);
      const after = loads;
      await read();
      await read();
      expect(loads).toBe(after + 1);
    } finally {
      cache.close();
    }
  });
});
