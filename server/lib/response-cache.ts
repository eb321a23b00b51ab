import type { FastifyReply } from 'fastify';
import { EventEmitter } from 'node:events';
import { LRUCache } from 'lru-cache';
import { ok } from './envelope';

/**
 * Short-lived cache of public, anonymous answers (the header search, the doctor list), per
 * tenant. Why: these answers are the same for every visitor of a tenant, and at 50 concurrent
 * visitors a 2-core server cannot run a 10 000-doctor search per request within 30 ms; a cached
 * answer costs microseconds. lru-cache bounds memory (`max` entries), expires entries after
 * `ttlMs`, and its fetch() runs one load for concurrent misses of the same key, so a burst of
 * identical searches reaches the database once.
 *
 * Staleness is bounded by `ttlMs`. Writes made by this process (an operator approving a doctor
 * through the admin socket) call `dataChanged(tenant)`, which drops that tenant's entries at
 * once; writes made elsewhere (another instance, an admin command on PostgreSQL) show after at
 * most `ttlMs`. Booking re-checks a slot when it is taken, so a cached "next free slot" that was
 * taken a few seconds ago only costs a refusal, never a double booking.
 */
export interface ResponseCache {
  /** The cached answer of `key` in `tenant`, or `load()`'s, kept for the TTL. */
  get<T extends object>(tenant: string, key: string, load: () => Promise<T>): Promise<T>;
  /** Forget every answer of one tenant (its public data changed). */
  invalidate(tenant: string): void;
  /** Stop listening for data changes (app close). */
  close(): void;
}

/** Process-wide notice that a tenant's public data changed; every cache of the process listens. */
const changes = new EventEmitter().setMaxListeners(0);

/** Call after changing a tenant's doctors, prices or slots outside a request that invalidates. */
export function dataChanged(tenant: string): void {
  changes.emit('changed', tenant);
}

/** Runs `listener` on every `dataChanged` of this process; returns the unsubscribe. */
export function onDataChanged(listener: (tenant: string) => void): () => void {
  changes.on('changed', listener);
  return () => changes.off('changed', listener);
}

export function createResponseCache({ ttlMs, max = 5000 }: { ttlMs: number; max?: number }): ResponseCache {
  // A tenant's generation is part of every key: invalidating bumps it, old entries age out.
  const generations = new Map<string, number>();
  const keyOf = (tenant: string, key: string) => `${tenant}\u0000${generations.get(tenant) ?? 0}\u0000${key}`;
  const invalidate = (tenant: string) => generations.set(tenant, (generations.get(tenant) ?? 0) + 1);
  changes.on('changed', invalidate);

  if (ttlMs <= 0) {
    return {
      get: (_tenant, _key, load) => load(),
      invalidate,
      close: () => changes.off('changed', invalidate),
    };
  }
  const cache = new LRUCache<string, object, () => Promise<object>>({
    max,
    ttl: ttlMs,
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    async get<T extends object>(tenant: string, key: string, load: () => Promise<T>): Promise<T> {
      return (await cache.fetch(keyOf(tenant, key), { context: load })) as T;
    },
    invalidate,
    close: () => changes.off('changed', invalidate),
  };
}

/**
 * Sends the envelope of `load()`'s data from the cache, serialized once by the route's own
 * response schema (reply.serialize) and kept as JSON text: a cached answer then costs neither a
 * query nor a serialization. Use as `return sendCached(...)` in a route with a 200 schema.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: ResponseCache,
  tenant: string,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  const { json } = await cache.get(tenant, key, async () => ({ json: reply.serialize(ok(await load())) }));
  return reply.type('application/json; charset=utf-8').send(json);
}

/** A cache key for a request body: the same filters in any key order give the same key. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
