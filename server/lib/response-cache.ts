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
 * Writes call `dataChanged(tenant)`, which drops that tenant's entries at once in this process
 * and, through the change bus (PostgreSQL NOTIFY), in every other server process, an admin
 * command's process included. While the bus is down, nothing is cached (setHearingChanges).
 * Booking re-checks a slot when it is taken, so a cached "next free slot" that was taken a
 * moment ago only costs a refusal, never a double booking.
 */
export interface ResponseCache {
  /** The cached answer of `key` in `tenant`, or `load()`'s, kept for the TTL. */
  get<T extends object>(tenant: string, key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The cached values of several keys at once: `load` gets the keys not cached (in the given
   * order) and answers their values in that order, in one go (one query for the missing cards of
   * a page rather than one per card). A key already being loaded by another call is waited for.
   */
  getMany<T extends object>(
    tenant: string,
    keys: string[],
    load: (missing: string[]) => Promise<T[]>,
  ): Promise<T[]>;
  /** Forget every answer of one tenant (its public data changed). */
  invalidate(tenant: string): void;
  /** Stop listening for data changes (app close). */
  close(): void;
}

/**
 * Process-wide notices that a tenant's public data changed: `changed` (tenant, scope, doctorIds)
 * for writes made in this process, `heard` (tenant, doctorIds) for writes another process
 * announced (server/services/change-bus). Every response cache listens to both; the search index
 * only to `changed` (its own triggers tell it about remote changes of what it holds).
 */
const changes = new EventEmitter().setMaxListeners(0);

/**
 * Sends a local change to the other server processes (with the doctors whose availability
 * changed, when known); installed by the change bus.
 */
type Publisher = (tenant: string, doctorIds?: readonly number[]) => Promise<void>;
const publishers = new Set<Publisher>();

/**
 * What changed: 'availability' for places of slots taken or given back (a booking, a cancel, a
 * lapsed hold), which no searchable name depends on; 'catalogue' for everything else.
 */
export type ChangeScope = 'availability' | 'catalogue';

/**
 * Call after changing a tenant's doctors, prices or slots. Drops this process's cached answers at
 * once and announces the change to every other process; the returned promise settles when the
 * announcement is sent (await it before replying, so that the author's next request, whichever
 * process answers it, sees the change). Never rejects. `doctorIds`: for an availability change,
 * the doctors whose slots it took or gave back, when known: a cache of per-doctor answers (the
 * doctor cards) then drops only theirs.
 */
export function dataChanged(
  tenant: string,
  scope: ChangeScope = 'catalogue',
  doctorIds?: readonly number[],
): Promise<void> {
  const doctors = scope === 'availability' ? doctorIds : undefined;
  changes.emit('changed', tenant, scope, doctors);
  return Promise.all([...publishers].map((publish) => publish(tenant, doctors))).then(() => undefined);
}

/**
 * Another process changed `tenant`'s public data ('*': every tenant, notices may be lost); with
 * `doctorIds`, only those doctors' availability.
 */
export function dataChangedElsewhere(tenant: string, doctorIds?: readonly number[]): void {
  changes.emit('heard', tenant, doctorIds);
}

/**
 * Whether other processes' changes reach this process now. While the change bus cannot hear them
 * (its listening session is down), caches answer from their loaders without keeping anything:
 * nothing stale can be served, at the cost of a query per request until the bus is back.
 */
let hearingChanges = true;
export function setHearingChanges(hearing: boolean): void {
  hearingChanges = hearing;
}

/** Installs a publisher of local changes; returns the uninstall. */
export function publishChangesWith(publish: Publisher): () => void {
  publishers.add(publish);
  return () => publishers.delete(publish);
}

/** Runs `listener` on every `dataChanged` of this process; returns the unsubscribe. */
export function onDataChanged(
  listener: (tenant: string, scope: ChangeScope, doctorIds?: readonly number[]) => void,
): () => void {
  changes.on('changed', listener);
  return () => changes.off('changed', listener);
}

export interface ResponseCacheOptions {
  /** How long an answer is kept at most; 0 keeps nothing (every lookup loads). */
  ttlMs: number;
  /** How many answers are kept at most (the least recently used go first). */
  max?: number;
  /**
   * When an answer goes stale by time alone, with no write to announce it (a doctor card's next
   * free slot passing: epoch ms), or undefined: it is kept until then if that comes before the TTL.
   */
  expiresAt?: (value: object) => number | undefined;
  /**
   * For a cache whose every answer shows one doctor (the doctor cards): the doctor of a key. A
   * change of some doctors' availability then drops their answers only; any other change, or one
   * that does not say whose, drops the tenant's.
   */
  doctorOf?: (key: string) => number;
}

export function createResponseCache({
  ttlMs,
  max = 5000,
  expiresAt,
  doctorOf,
}: ResponseCacheOptions): ResponseCache {
  // A tenant's generation is part of every key: invalidating bumps it, old entries age out.
  // '*' (every tenant) bumps a generation shared by all keys; with doctorOf, a doctor's too.
  const generations = new Map<string, number>();
  const doctorGenerations = new Map<string, number>();
  let everyTenant = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const keyOf = (tenant: string, key: string) => {
    const doctor = doctorOf ? `.${doctorGenerations.get(`${tenant}\u0000${doctorOf(key)}`) ?? 0}` : '';
    return `${tenant}\u0000${everyTenant}.${generations.get(tenant) ?? 0}${doctor}\u0000${key}`;
  };
  const invalidate = (tenant: string) => {
    if (tenant === '*') everyTenant += 1;
    else bump(generations, tenant);
  };
  const drop = (tenant: string, doctorIds?: readonly number[]) => {
    if (!doctorOf || !doctorIds || tenant === '*') return invalidate(tenant);
    for (const id of doctorIds) bump(doctorGenerations, `${tenant}\u0000${id}`);
  };
  const changedHere = (tenant: string, _scope: ChangeScope, doctorIds?: readonly number[]) =>
    drop(tenant, doctorIds);
  changes.on('changed', changedHere);
  changes.on('heard', drop);
  const stop = () => {
    changes.off('changed', changedHere);
    changes.off('heard', drop);
  };

  if (ttlMs <= 0) {
    return {
      get: (_tenant, _key, load) => load(),
      getMany: (_tenant, keys, load) => load(keys),
      invalidate,
      close: stop,
    };
  }
  // getMany's loads under way, by full key: concurrent pages showing the same doctor wait for
  // one load of its card instead of each querying it.
  const loading = new Map<string, Promise<object>>();
  /** How long `value` may be kept: the TTL, or less when it goes stale sooner (<= 0: not at all). */
  const ttlOf = (value: object) => {
    const at = expiresAt?.(value);
    return at === undefined ? ttlMs : Math.min(ttlMs, at - Date.now());
  };
  const cache = new LRUCache<string, object, () => Promise<object>>({
    max,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context, options }) => {
      const value = await context();
      // (lru-cache reads a TTL of 0 as "forever": one already stale is deleted by get().)
      options.ttl = Math.max(1, ttlOf(value));
      return value;
    },
  });
  return {
    async get<T extends object>(tenant: string, key: string, load: () => Promise<T>): Promise<T> {
      if (!hearingChanges) return load();
      const full = keyOf(tenant, key);
      const value = (await cache.fetch(full, { context: load })) as T;
      if (ttlOf(value) <= 0) cache.delete(full);
      return value;
    },
    async getMany<T extends object>(
      tenant: string,
      keys: string[],
      load: (missing: string[]) => Promise<T[]>,
    ): Promise<T[]> {
      if (!hearingChanges) return load(keys);
      // Keyed by the generation before the load: values loaded across an invalidation are kept
      // under the old generation, which no later lookup reaches.
      const full = keys.map((key) => keyOf(tenant, key));
      const values = full.map(
        (key) => (cache.get(key) as T | undefined) ?? (loading.get(key) as Promise<T> | undefined),
      );
      const missing = values.flatMap((value, i) => (value === undefined ? [i] : []));
      if (missing.length > 0) {
        const loaded = load(missing.map((i) => keys[i]!));
        missing.forEach((i, n) => {
          const key = full[i]!;
          const one = loaded.then((all) => all[n]!);
          loading.set(key, one);
          values[i] = one;
          one.then(
            (value) => {
              if (loading.get(key) !== one) return;
              loading.delete(key);
              const ttl = ttlOf(value);
              if (hearingChanges && ttl > 0) cache.set(key, value, { ttl });
            },
            () => loading.get(key) === one && loading.delete(key),
          );
        });
      }
      return Promise.all(values as (T | Promise<T>)[]);
    },
    invalidate,
    close: stop,
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
