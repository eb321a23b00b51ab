import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { Envelope } from '../../schemas/envelope';
import {
  createResponseCache,
  dataChanged,
  sendCached,
  setHearingChanges,
  stableKey,
  type ResponseCache,
} from './response-cache';

let cache: ResponseCache | undefined;
afterEach(() => cache?.close());

/** A loader that counts its calls and answers with the call number. */
const counter = () => {
  let calls = 0;
  const load = async () => ({ call: ++calls });
  return { load, calls: () => calls };
};

describe('response cache', () => {
  it('answers a repeated key from the cache and keeps tenants apart', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    const a = counter();
    const b = counter();
    expect(await cache.get('songkhoe', 'k', a.load)).toEqual({ call: 1 });
    expect(await cache.get('songkhoe', 'k', a.load)).toEqual({ call: 1 });
    expect(a.calls()).toBe(1);
    // The same key in another tenant is another entry, loaded by that tenant's loader.
    expect(await cache.get('songhong', 'k', b.load)).toEqual({ call: 1 });
    expect(b.calls()).toBe(1);
  });

  it('loads once for concurrent misses of the same key', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    let calls = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      calls++;
      await gate;
      return { rows: [1, 2] };
    };
    const pending = Array.from({ length: 20 }, () => cache!.get('songkhoe', 'burst', load));
    release();
    const answers = await Promise.all(pending);
    expect(calls).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('expires entries after the TTL', async () => {
    cache = createResponseCache({ ttlMs: 30 });
    const a = counter();
    await cache.get('songkhoe', 'k', a.load);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('songkhoe', 'k', a.load)).toEqual({ call: 2 });
  });

  it('dataChanged drops one tenant’s answers only', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    const a = counter();
    const b = counter();
    await cache.get('songkhoe', 'k', a.load);
    await cache.get('songhong', 'k', b.load);
    dataChanged('songkhoe');
    expect(await cache.get('songkhoe', 'k', a.load)).toEqual({ call: 2 });
    expect(await cache.get('songhong', 'k', b.load)).toEqual({ call: 1 });
  });

  it('getMany loads only the keys not cached, in one call, and forgets them on dataChanged', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return missing.map((key) => ({ key, load: asked.length }));
    };
    expect(await cache.getMany('songkhoe', ['a', 'b'], load)).toEqual([
      { key: 'a', load: 1 },
      { key: 'b', load: 1 },
    ]);
    expect(await cache.getMany('songkhoe', ['c', 'a', 'd', 'b'], load)).toEqual([
      { key: 'c', load: 2 },
      { key: 'a', load: 1 },
      { key: 'd', load: 2 },
      { key: 'b', load: 1 },
    ]);
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    // Another tenant's keys are other entries; a change drops the changed tenant's only.
    expect(await cache.getMany('songhong', ['a'], load)).toEqual([{ key: 'a', load: 3 }]);
    dataChanged('songkhoe');
    expect(await cache.getMany('songkhoe', ['a'], load)).toEqual([{ key: 'a', load: 4 }]);
    expect(await cache.getMany('songhong', ['a'], load)).toEqual([{ key: 'a', load: 3 }]);
    // A value loaded while a change happened is not served after it.
    const racing = cache.getMany('songkhoe', ['e'], async (missing) => {
      dataChanged('songkhoe');
      return load(missing);
    });
    expect(await racing).toEqual([{ key: 'e', load: 5 }]);
    expect(await cache.getMany('songkhoe', ['e'], load)).toEqual([{ key: 'e', load: 6 }]);
    // While other processes' changes cannot be heard, nothing is served from or kept in the cache.
    setHearingChanges(false);
    try {
      expect(await cache.getMany('songkhoe', ['e', 'f'], load)).toEqual([
        { key: 'e', load: 7 },
        { key: 'f', load: 7 },
      ]);
    } finally {
      setHearingChanges(true);
    }
    expect(await cache.getMany('songkhoe', ['e', 'f'], load)).toEqual([
      { key: 'e', load: 6 },
      { key: 'f', load: 8 },
    ]);
  });

  it('getMany waits for a key another call is loading instead of loading it again', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    const asked: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async (missing: string[]) => {
      asked.push(missing);
      await gate;
      return missing.map((key) => ({ key }));
    };
    const first = cache.getMany('songkhoe', ['a', 'b'], load);
    const second = cache.getMany('songkhoe', ['b', 'c'], load);
    release();
    expect(await first).toEqual([{ key: 'a' }, { key: 'b' }]);
    expect(await second).toEqual([{ key: 'b' }, { key: 'c' }]);
    expect(asked).toEqual([['a', 'b'], ['c']]);
    // A failed load is not kept: the next call loads again.
    await expect(
      cache.getMany('songkhoe', ['x'], async () => Promise.reject(new Error('database down'))),
    ).rejects.toThrow('database down');
    expect(await cache.getMany('songkhoe', ['x'], load)).toEqual([{ key: 'x' }]);
  });

  it('does not keep a failed load', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    await expect(
      cache.get('songkhoe', 'k', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await cache.get('songkhoe', 'k', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('ends an answer when it goes stale by time (expiresAt), never later than the TTL', async () => {
    // Values carry the instant they go stale (a doctor card's next free slot), or none.
    const at = (ms: number | undefined) => ({ staleAt: ms === undefined ? undefined : Date.now() + ms });
    cache = createResponseCache({
      ttlMs: 1_000,
      expiresAt: (value) => (value as { staleAt?: number }).staleAt,
    });
    const loads: string[] = [];
    const load = (ms: Record<string, number | undefined>) => async (missing: string[]) => {
      loads.push(...missing);
      return missing.map((key) => ({ key, ...at(ms[key]) }));
    };
    const soon = { passed: -1, early: 300, late: 60_000, none: undefined };
    await cache.getMany('songkhoe', Object.keys(soon), load(soon));
    await cache.get('songkhoe', 'single', async () => (loads.push('single'), at(300)));
    // Already passed: not served even at once; the others are.
    loads.length = 0;
    await cache.getMany('songkhoe', Object.keys(soon), load(soon));
    expect(loads).toEqual(['passed']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Gone at their own instant, before the TTL; get() keeps the same rule.
    loads.length = 0;
    await cache.getMany('songkhoe', Object.keys(soon), load({}));
    await cache.get('songkhoe', 'single', async () => (loads.push('single'), at(undefined)));
    expect(loads).toEqual(['passed', 'early', 'single']);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // A later instant does not stretch the TTL.
    loads.length = 0;
    await cache.getMany('songkhoe', ['late', 'none'], load({}));
    expect(loads).toEqual(['late', 'none']);
  });

  it('with doctorOf, an availability change that names its doctors drops their answers only', async () => {
    cache = createResponseCache({ ttlMs: 60_000, doctorOf: (key) => Number(key.split(':')[1]) });
    const lists = createResponseCache({ ttlMs: 60_000 });
    let loads = 0;
    const read = (c: ResponseCache, tenant: string, key: string) =>
      c.get(tenant, key, async () => ({ key, load: ++loads }));
    const cards = async () => [
      (await read(cache!, 'songkhoe', 'card:1')).load,
      (await read(cache!, 'songkhoe', 'card:2')).load,
      (await read(cache!, 'songhong', 'card:1')).load,
    ];
    try {
      expect(await cards()).toEqual([1, 2, 3]);
      const list = (await read(lists, 'songkhoe', 'list')).load;
      // A booking of songkhoe's doctor 1: that card goes; a cache not kept per doctor drops all.
      await dataChanged('songkhoe', 'availability', [1]);
      expect(await cards()).toEqual([5, 2, 3]);
      expect((await read(lists, 'songkhoe', 'list')).load).toBe(6);
      expect(list).toBe(4);
      // Not naming its doctors, or not about availability: every card of the tenant goes.
      await dataChanged('songkhoe', 'availability');
      expect(await cards()).toEqual([7, 8, 3]);
      await dataChanged('songkhoe', 'catalogue', [1]);
      expect(await cards()).toEqual([9, 10, 3]);
    } finally {
      lists.close();
    }
  });

  it('with a TTL of 0 always loads', async () => {
    cache = createResponseCache({ ttlMs: 0 });
    const a = counter();
    await cache.get('songkhoe', 'k', a.load);
    expect(await cache.get('songkhoe', 'k', a.load)).toEqual({ call: 2 });
  });

  it('stableKey ignores key order but not array order', () => {
    expect(stableKey({ b: 1, a: { d: [2, 1], c: 0 } })).toBe(stableKey({ a: { c: 0, d: [2, 1] }, b: 1 }));
    expect(stableKey({ a: [1, 2] })).not.toBe(stableKey({ a: [2, 1] }));
  });
});

describe('sendCached', () => {
  it('sends the envelope serialized by the route schema once, then the same JSON from the cache', async () => {
    cache = createResponseCache({ ttlMs: 60_000 });
    const app = Fastify();
    let loads = 0;
    app.get(
      '/list',
      { schema: { response: { 200: Envelope(Type.Array(Type.Object({ id: Type.Integer() }))) } } },
      (_request, reply) =>
        // `secret` is not in the schema: the route's serializer leaves it out.
        sendCached(reply, cache!, 'songkhoe', 'list', async () => [{ id: ++loads, secret: 'x' }]),
    );
    const first = await app.inject({ url: '/list' });
    const second = await app.inject({ url: '/list' });
    await app.close();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({
      isSuccess: true,
      codeMessageRespond: null,
      message: null,
      data: [{ id: 1 }],
      errors: null,
    });
    expect(second.body).toBe(first.body);
    expect(loads).toBe(1);
  });
});
