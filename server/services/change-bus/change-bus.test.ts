import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';
import { createResponseCache, dataChanged } from '../../lib/response-cache';
import { noticeBody, PUBLIC_DATA_CHANNEL, readNotice, startChangeBus, type ChangeBus } from './index';

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

/** A session listening to the bus's channel, as another process's: the notices it receives. */
async function listenToNotices() {
  const heard: string[] = [];
  const stop = await t.db.listen(PUBLIC_DATA_CHANNEL, {
    notify: (payload) => heard.push(payload),
    connected: () => undefined,
    lost: () => undefined,
  });
  return { heard, stop };
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
    const { heard, stop } = await listenToNotices();
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
  it('carries the doctors of an availability change: another process drops only their per-doctor answers', async () => {
    // A cache of per-doctor answers (as the doctor cards) and the public cache, in "another process".
    const cards = createResponseCache({ ttlMs: 60_000, doctorOf: (key) => Number(key) });
    const lists = countedEntry('songkhoe');
    let loads = 0;
    const card = (id: number) => cards.get('songkhoe', String(id), async () => ({ id, load: ++loads }));
    const { heard, stop } = await listenToNotices();
    try {
      await card(7);
      await card(8);
      await lists.read();
      // This process's booking of doctor 7 goes out naming the doctor.
      await dataChanged('songkhoe', 'availability', [7]);
      await eventually(() => heard.length === 1);
      expect(heard[0]).toMatch(/\|songkhoe\|7$/);
      // Here at once: doctor 7's card and the tenant's lists, not doctor 8's card.
      expect(await card(7)).toEqual({ id: 7, load: 3 });
      expect(await card(8)).toEqual({ id: 8, load: 2 });
      expect((await lists.read()).load).toBe(2);
      // The same notice from another sender: doctor 7's card and the tenant's lists are dropped.
      await t.db.executeSql('SELECT pg_notify($1, $2)', [PUBLIC_DATA_CHANNEL, 'other|songkhoe|7']);
      await eventually(async () => (await lists.read()).load === 3);
      expect(await card(7)).toEqual({ id: 7, load: 4 });
      expect(await card(8)).toEqual({ id: 8, load: 2 });
      // A notice that names no doctor drops every card.
      await t.db.executeSql('SELECT pg_notify($1, $2)', [PUBLIC_DATA_CHANNEL, 'other|songkhoe']);
      await eventually(async () => (await lists.read()).load === 4);
      expect(await card(8)).toEqual({ id: 8, load: 5 });
    } finally {
      await stop();
      cards.close();
      lists.cache.close();
    }
  });

  it('sends the changes made while a notice is on its way together, in one notice per tenant', async () => {
    const { heard, stop } = await listenToNotices();
    try {
      await Promise.all([1, 2, 3, 4, 5].map((id) => dataChanged('songkhoe', 'availability', [id])));
      await eventually(() => heard.some((n) => n.endsWith('|5') || n.includes(',5')));
      // The first change goes alone; the four made while it was sent, merged, in the next notice.
      expect(heard.map((n) => readNotice(n.slice(n.indexOf('|') + 1)))).toEqual([
        { tenant: 'songkhoe', doctorIds: [1] },
        { tenant: 'songkhoe', doctorIds: [2, 3, 4, 5] },
      ]);
    } finally {
      await stop();
    }
  });

  it('names at most 200 doctors in a notice, and reads one it cannot parse as naming none', () => {
    expect(readNotice(noticeBody('songkhoe', [3, 12]))).toEqual({ tenant: 'songkhoe', doctorIds: [3, 12] });
    expect(readNotice(noticeBody('songkhoe'))).toEqual({ tenant: 'songkhoe' });
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(readNotice(noticeBody('songkhoe', many))).toEqual({ tenant: 'songkhoe' });
    expect(readNotice('songkhoe|7,x')).toEqual({ tenant: 'songkhoe' });
    expect(readNotice('songkhoe|')).toEqual({ tenant: 'songkhoe' });
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
