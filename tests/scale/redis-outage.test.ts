import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../load/server-process';
import { throwawayRedis, type ThrowawayRedis } from '../helpers/redis-server';
import { DEVICE, signIn, startClusterWorld, type ClusterWorld } from './cluster-world';

/**
 * Faults: Redis lost and back. Two server processes share a Redis of this test's own, which it
 * kills, starts again empty, and freezes. Throughout, every request is answered (no 5xx, no hang),
 * a limit reached before an outage holds during it and after it, a limit is enforced during it
 * (counted in the database), and once Redis is back the processes count there again.
 *
 * The limits used live in 15-minute windows (failed sign-ins per IP, wrong passwords per account)
 * and every request comes from 127.0.0.1, so the test starts early in a window: it must not cross
 * into the next one, where every count starts over.
 */
let redis: ThrowawayRedis;
let world: ClusterWorld;
let token: string;
let peek: Redis;
const [a, b] = [() => world.servers[0]!, () => world.servers[1]!];
const WINDOW_MS = 900_000;
const TEST_BUDGET_MS = 120_000;

beforeAll(async () => {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < TEST_BUDGET_MS) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  redis = await throwawayRedis();
  await redis.start();
  world = await startClusterWorld(2, { REDIS_URL: redis.url });
  token = await signIn(a());
  peek = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => 500 });
  peek.on('error', () => undefined);
}, 600_000);
afterAll(async () => {
  peek?.disconnect();
  await world?.close();
  await redis?.close();
});

interface Sent {
  phase: string;
  path: string;
  status: number | null;
  ms: number;
  error?: string;
}
const sent: Sent[] = [];
let phase = 'before';

/** One request, timed and recorded; a failure to answer is recorded, never thrown. */
async function send(server: ServerProcess, method: string, path: string, body?: unknown, auth = false) {
  const started = performance.now();
  try {
    const reply = await fetch(`${server.url}${path.startsWith('/readyz') ? '' : '/api/v1'}${path}`, {
      method,
      headers: {
        companycode: 'songkhoe',
        'x-accept-language': 'en',
        'content-type': 'application/json',
        unique: DEVICE,
        ...(auth && { authorization: `Bearer ${token}` }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await reply.json()) as Record<string, unknown>;
    sent.push({ phase, path, status: reply.status, ms: performance.now() - started });
    return { status: reply.status, json };
  } catch (error) {
    sent.push({ phase, path, status: null, ms: performance.now() - started, error: String(error) });
    return { status: null, json: {} as Record<string, unknown> };
  }
}

const wrongLogin = (server: ServerProcess, i: number) =>
  send(server, 'POST', '/Auth/Login', {
    userName: `nobody-${i}@songkhoe.example`,
    password: 'Wrong@123',
    deviceType: 0,
  });
const rightLogin = (server: ServerProcess) =>
  send(server, 'POST', '/Auth/Login', {
    userName: 'demo@songkhoe.example',
    password: 'Demo@123',
    deviceType: 0,
  });
const passwordCheck = (server: ServerProcess) =>
  send(server, 'POST', '/Users/CheckUserPassword/check-password', { password: 'Not@TheRight1' }, true);
const wrongCode = (server: ServerProcess) =>
  send(server, 'POST', '/Auth/LoginWithOTP', {
    userName: 'demo@songkhoe.example',
    otp: '000001',
    deviceType: 0,
  });
const redisStates = async () =>
  Promise.all([a(), b()].map(async (s) => (await send(s, 'GET', '/readyz')).json.redis));
const both = <T>(run: (server: ServerProcess) => Promise<T>) => Promise.all([run(a()), run(b())]);
const statuses = (replies: { status: number | null }[]) => replies.map((r) => r.status);

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

describe('Redis lost and back', () => {
  it('limits hold and every request is answered while Redis is killed, restarted empty and frozen', async () => {
    // Before: both processes count in Redis. 10 wrong passwords lock password checks (the 11th is
    // 429), and 5 wrong codes lock sign-in by code (kept in the database, whatever Redis does).
    expect(await redisStates()).toEqual(['ok', 'ok']);
    for (let i = 0; i < 10; i++) expect((await passwordCheck(i % 2 ? b() : a())).status).toBe(400);
    expect((await passwordCheck(a())).status).toBe(429);
    expect(
      (await send(b(), 'POST', '/Auth/RequestOTP', { username: 'demo@songkhoe.example', otpType: 0 })).status,
    ).toBe(200);
    for (let i = 0; i < 5; i++) expect((await wrongCode(i % 2 ? b() : a())).status).toBe(400);
    expect((await wrongCode(a())).status).toBe(429);
    await peek.connect();
    const countedInRedis = await peek.keys('sk:rate:songkhoe:*');
    expect(countedInRedis.some((k) => k.includes(':password-check:'))).toBe(true);
    peek.disconnect();

    // Killed: no waiting for the processes to notice; the very next requests must be answered.
    phase = 'killed';
    await redis.kill();
    const killedAt = performance.now();
    // The limits reached before hold, on both processes.
    expect(statuses(await both(passwordCheck))).toEqual([429, 429]);
    expect(statuses(await both(wrongCode))).toEqual([429, 429]);
    // A limit is enforced meanwhile: 30 failed sign-ins per IP, counted in the database.
    for (let i = 0; i < 30; i++) expect((await wrongLogin(i % 2 ? b() : a(), i)).status).toBe(401);
    expect(statuses(await both((s) => wrongLogin(s, 99)))).toEqual([429, 429]);
    expect(statuses(await both(rightLogin))).toEqual([429, 429]);
    // Codes are still sent (their limits counted in the database too); reads serve on.
    expect(
      (await send(a(), 'POST', '/Auth/RequestOTP', { username: 'demo@songkhoe.example', otpType: 1 })).status,
    ).toBe(200);
    expect(statuses(await both((s) => send(s, 'GET', '/Languages')))).toEqual([200, 200]);
    expect(await redisStates()).toEqual(['down', 'down']);
    const outageMs = performance.now() - killedAt;

    // Back, empty: each process reconnects by itself and counts in Redis again, and what the
    // database counted during the outage still counts.
    phase = 'restarted';
    await redis.start();
    const recoveryMs = await until(async () => (await redisStates()).every((s) => s === 'ok'), 10_000);
    expect(statuses(await both(rightLogin))).toEqual([429, 429]);
    expect(statuses(await both(passwordCheck))).toEqual([429, 429]);
    expect(statuses(await both(wrongCode))).toEqual([429, 429]);
    await peek.connect();
    expect((await peek.keys('sk:rate:songkhoe:*')).some((k) => k.includes(':password-check:'))).toBe(true);
    peek.disconnect();

    // Frozen (a cut connection that still looks open): each process waits out one command
    // timeout, then leaves Redis alone for a while; the limits hold and nothing hangs.
    phase = 'frozen';
    redis.pause();
    for (let i = 0; i < 3; i++) {
      expect(statuses(await both(rightLogin))).toEqual([429, 429]);
      expect(statuses(await both(passwordCheck))).toEqual([429, 429]);
    }
    expect(await redisStates()).toEqual(['down', 'down']);
    phase = 'thawed';
    redis.resume();
    const thawMs = await until(async () => (await redisStates()).every((s) => s === 'ok'), 10_000);
    expect(statuses(await both(rightLogin))).toEqual([429, 429]);

    // Every request was answered: no 5xx, no network error, none slower than 2 s.
    const unanswered = sent.filter((s) => s.status === null || s.status >= 500);
    expect(unanswered).toEqual([]);
    const slowest = (p: string) => Math.max(...sent.filter((s) => s.phase === p).map((s) => s.ms));
    for (const p of ['killed', 'restarted', 'frozen', 'thawed']) expect(slowest(p)).toBeLessThan(2_000);
    console.info(
      `Redis outage: ${sent.length} requests (${sent.filter((s) => s.phase === 'killed').length} while killed, ` +
        `${sent.filter((s) => s.phase === 'frozen').length} while frozen), ${unanswered.length} unanswered or 5xx; ` +
        `outage phase ${Math.round(outageMs)} ms; slowest while killed ${Math.round(slowest('killed'))} ms, ` +
        `while frozen ${Math.round(slowest('frozen'))} ms; back in Redis ${Math.round(recoveryMs)} ms after restart, ` +
        `${Math.round(thawMs)} ms after thaw`,
    );
  });
});
