import { Redis } from 'ioredis';

/** What /readyz reports: not configured, connected, or configured and unreachable. */
export type SharedCountersState = 'off' | 'ok' | 'down';

/**
 * Fixed-window hit counters in Redis (REDIS_URL), shared by every server process on every host:
 * rate limits such as codes per address or failed sign-ins per IP (issue 10). Why Redis when the
 * database already shares them: a brute-force burst then costs an in-memory INCR instead of an
 * upserted row on the primary per attempt, so an attack does not load the database every booking
 * needs. Lockouts that belong to an account (failed passwords, wrong codes) stay in the database,
 * in the transaction that decides them.
 *
 * Never in the way: a command that Redis does not answer within COMMAND_TIMEOUT_MS, or any call
 * while it is unreachable, answers null and the caller counts in the database instead (degraded,
 * logged once per outage, /readyz says so); ioredis reconnects by itself and the state returns to
 * 'ok'. Without REDIS_URL there is no client and every call answers null at once.
 */
export interface SharedCounters {
  readonly state: SharedCountersState;
  /** Adds one hit to `key` (expiring after `windowSeconds`) and answers the count; null: not counted. */
  hit(key: string, windowSeconds: number): Promise<number | null>;
  /** The count of `key`, or null when Redis cannot say. */
  peek(key: string): Promise<number | null>;
  close(): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 250;
const KEY_PREFIX = 'sk:rate:';

/** Counters that never count (no REDIS_URL): callers count in the database. */
export const noSharedCounters: SharedCounters = {
  state: 'off',
  hit: async () => null,
  peek: async () => null,
  close: async () => undefined,
};

export function createSharedCounters(
  url: string,
  log: { warn(detail: object | string, message?: string): void; info(message: string): void },
): SharedCounters {
  if (!url) return noSharedCounters;
  const redis = new Redis(url, {
    keyPrefix: KEY_PREFIX,
    // Fail at once while disconnected (the database counts meanwhile) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect forever, at most every 2 s.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Log each outage once, and its end.
  let outage = false;
  redis.on('ready', () => {
    log.info(outage ? 'shared counters: Redis is back' : 'shared counters: Redis connected');
    outage = false;
  });
  const lost = (error?: Error) => {
    if (outage) return;
    outage = true;
    log.warn({ err: error }, 'shared counters: Redis unreachable; counting in the database meanwhile');
  };
  redis.on('error', lost);
  redis.on('close', () => lost());

  const attempt = async <T>(run: () => Promise<T>): Promise<T | null> => {
    if (redis.status !== 'ready') return null;
    try {
      return await run();
    } catch (error) {
      // A slow or failing command (the connection may still look open): count in the database.
      log.warn({ err: error }, 'shared counters: Redis command failed; counted in the database');
      return null;
    }
  };
  return {
    get state() {
      return redis.status === 'ready' ? 'ok' : 'down';
    },
    hit: (key, windowSeconds) =>
      attempt(async () => {
        const replies = await redis
          .multi()
          .incr(key)
          .expire(key, windowSeconds + 60)
          .exec();
        const [error, count] = replies?.[0] ?? [new Error('no reply'), null];
        if (error) throw error;
        return Number(count);
      }),
    peek: (key) => attempt(async () => Number((await redis.get(key)) ?? 0)),
    async close() {
      redis.removeAllListeners();
      redis.disconnect();
    },
  };
}
