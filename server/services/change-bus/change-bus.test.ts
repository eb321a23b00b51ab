import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';
import { createResponseCache, dataChanged } from '../../lib/response-cache';
import { PUBLIC_DATA_CHANNEL, startChangeBus, type ChangeBus } from './index';

const quiet = { warn: () => undefined };
let t: TestDatabase;
let bus: ChangeBus;
beforeAll(async () => {
  t = await createTestDatabase();
  bus = await startChangeBus(t.db, quiet);
});
afterAll(async () => {
  await bus.close();
  await t.dispose();
});

/** Resolves once `check` holds, or fails after two seconds. */
async function eventually(check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A cache entry that counts its loads. */
function countedEntry(tenant: string) {
  const cache = createResponseCache({ ttlMs: 60_000 });
  let loads = 0;
  const read = () => cache.get(tenant, 'k', async () => ({ load: ++loads }));
  return { cache, read, loads: () => loads };
}

describe('change bus', () => {
  it('announces a local change to every listening session once the write is done', async () => {
    const heard: string[] = [];
    const stop = await t.db.listen(PUBLIC_DATA_CHANNEL, {
      notify: (payload) => heard.push(payload),
      connected: () => undefined,
      lost: () => undefined,
    });
    try {
      await dataChanged('songhong');
      await eventually(() => heard.length === 1);
      expect(heard[0]).toMatch(/\|songhong$/);
    } finally {
      await stop();
    }
  });

  it("drops cached answers of the tenant another process announced, and only that tenant's", async () => {
    const songkhoe = countedEntry('songkhoe');
    const songhong = countedEntry('songhong');
    try {
      await songkhoe.read();
      await songhong.read();
      // Another process (any other sender) announces a change of songkhoe.
      await t.db.executeSql('SELECT pg_notify($1, $2)', [PUBLIC_DATA_CHANNEL, 'other-process|songkhoe']);
      await eventually(async () => (await songkhoe.read()).load === 2);
      expect((await songhong.read()).load).toBe(1);
      expect(bus.listening).toBe(true);
    } finally {
      songkhoe.cache.close();
      songhong.cache.close();
    }
  });

  it('ignores a malformed notice', async () => {
    const entry = countedEntry('songkhoe');
    try {
      await entry.read();
      await t.db.executeSql('SELECT pg_notify($1, $2)', [PUBLIC_DATA_CHANNEL, 'songkhoe']);
      // A well-formed notice sent after it is handled, so the malformed one was read by then.
      await t.db.executeSql('SELECT pg_notify($1, $2)', [PUBLIC_DATA_CHANNEL, 'other|songhong']);
      await new Promise((r) => setTimeout(r, 100));
      expect((await entry.read()).load).toBe(1);
    } finally {
      entry.cache.close();
    }
  });
  it("drops this process's cached answers at once and settles the announcement", async () => {
    const entry = countedEntry('songkhoe');
    try {
      await entry.read();
      await dataChanged('songkhoe');
      expect((await entry.read()).load).toBe(2);
    } finally {
      entry.cache.close();
    }
  });
});
