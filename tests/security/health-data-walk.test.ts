import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBookingNow } from '../../server/modules/appointments/clock';
import { CASES, DEDICATED, type WalkCase } from './health-data-walk-cases';
import {
  issue8Routes,
  keyOf,
  matchesRoute,
  PNG,
  send,
  taggedRoutes,
  visibleText,
  type Actor,
  type Reply,
} from './health-data-walk-support';
import { describeStorageChecks } from './health-data-storage-checks';
import { createWorld, type World } from './health-data-world';

/**
 * The health data security walk: user A (songhong) owns one of everything; user B (songhong) and user C
 * (songkhoe, every feature on) call every issue-8 endpoint with A's ids and get 404, change
 * nothing, and see none of A's data in their own lists; nobody without a session gets in. The walk
 * table must name every issue-8 route the app has (Fastify's own route table, hidden routes
 * included), and each case is proved to reach its route by A's own call succeeding.
 */

let w: World;
let A: Actor, B: Actor, C: Actor, NOBODY: Actor;
const ids: Record<string, number> = {};
const urls: Record<string, string> = {};
const run = async (c: WalkCase, who: Actor): Promise<Reply> => send(w.t.app, who, await c.build(w, who));
const label = (c: WalkCase) => `${c.route} (${c.what})`;
const byOrder = [...CASES].sort((x, y) => x.order - y.order);
const table = (list: WalkCase[]) => list.map((c) => [label(c), c] as const);

/** What A reads through every foreign read and download (and A's access log size). */
async function snapshot() {
  const out: Record<string, string> = {};
  for (const c of CASES.filter((c) => c.kind === 'foreign' && c.order === 0)) {
    const r = await run(c, A);
    out[c.route] = `${r.status} ${r.raw.toString('base64')}`;
  }
  return out;
}
let before: Record<string, string>;
let logBefore: number;
const logSize = async () =>
  Number(
    (
      await w.t.db.tenant('songhong', (sql) =>
        sql.query<{ n: number }>('SELECT count(*)::int AS n FROM data_access_log WHERE user_id = $1', [
          A.user!.userId,
        ]),
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  setBookingNow(new Date('2026-03-18T05:00:00Z'));
  w = await createWorld();
  ({ A, B, C, NOBODY } = w);
  Object.assign(ids, w.ids);
  Object.assign(urls, w.urls);
  before = await snapshot();
});
afterAll(async () => {
  setBookingNow(null);
  await w?.t.close();
  if (w) rmSync(w.dataDir, { recursive: true, force: true });
});

describe('the walk table', () => {
  it('reads the whole route table (hidden routes too)', () => {
    expect(w.routes.length).toBeGreaterThan(60);
    expect(w.routes).toEqual(
      expect.arrayContaining(['GET /api/v1/Appointments/GetAppointment/:id', 'GET /api/v1/openapi.json']),
    );
  });

  it('has a case for every issue-8 route of the app, and every case names a real route', async () => {
    const tagged = await taggedRoutes(w.t.app);
    expect(tagged.length).toBeGreaterThan(20);
    expect(w.routes, 'tagged routes are in the route table').toEqual(expect.arrayContaining(tagged));
    const routes = [...new Set([...issue8Routes(w.routes), ...tagged])];
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(DEDICATED)]);
    expect(
      routes.filter((r) => !covered.has(r)),
      'issue-8 routes without a case',
    ).toEqual([]);
    expect(
      [...covered].filter((r) => !routes.includes(r)),
      'cases of no route',
    ).toEqual([]);
    expect(new Set(CASES.map((c) => c.route)).size).toBe(CASES.length);
  });

  it.each(table(CASES))('%s builds a request of its own route', async (_, c) => {
    const req = await c.build(w, NOBODY);
    expect(matchesRoute(c.route, req.method as string, req.url as string), req.url as string).toBe(true);
  });
});

describe('file URLs', () => {
  it("the file URLs A is given work with A's session only", async () => {
    const record = await send(w.t.app, A, {
      method: 'GET',
      url: `/api/v1/Users/GetUserHealthRecord/${A.user!.userId}/${ids.record}`,
    });
    const fileUrls: string[] = (record.json?.data?.files ?? []).map(
      (f: { fileHttpUrl: string }) => f.fileHttpUrl,
    );
    expect(fileUrls.length).toBeGreaterThan(0);
    for (const url of fileUrls) {
      const u = new URL(url);
      const path = `${u.pathname}${u.search}`;
      expect((await send(w.t.app, A, { method: 'GET', url: path })).status).toBe(200);
      expect((await send(w.t.app, B, { method: 'GET', url: path })).status).toBe(404);
      expect((await send(w.t.app, NOBODY, { method: 'GET', url: path })).status).toBe(401);
    }
  });
});

describe("another user's and another tenant's ids", () => {
  beforeAll(async () => {
    logBefore = await logSize();
  });

  it.each(table(byOrder))('%s: B and C are refused or see only their own, nobody gets 401', async (_, c) => {
    for (const who of [B, C]) {
      const res = await run(c, who);
      const name = `${c.route} as ${who === B ? 'B (same tenant)' : 'C (other tenant)'}: ${res.body.slice(0, 300)}`;
      if (c.kind === 'foreign') expect(res.status, name).toBe(404);
      if (c.kind === 'own') expect(res.status, name).toBe(200);
      if (c.kind === 'foreignFile') {
        expect(res.status, name).toBe(400);
        expect(res.json?.errors, name).toContain('upload_url_invalid');
      }
      const text = visibleText(res);
      for (const marker of w.markers) expect(text.includes(marker), `${name} shows ${marker}`).toBe(false);
    }
    const anonymous = await run(c, NOBODY);
    expect(anonymous.status, `${c.route} without a session: ${anonymous.body}`).toBe(c.open ? 200 : 401);
  });

  it("on songkhoe as configured (fee guarantee off) C still gets 404 for A's fee guarantee ids", async () => {
    const features = w.t.registry.byCode.get('songkhoe')!.config.features as Record<string, boolean>;
    features.hospitalFeeGuarantee = false;
    try {
      for (const c of CASES.filter((c) => /HospitalBill/.test(c.route) && c.kind === 'foreign')) {
        const res = await run(c, C);
        expect(res.status, `${c.route}: ${res.body}`).toBe(404);
        expect(res.json?.codeMessageRespond).toBe('feature_disabled');
      }
    } finally {
      features.hospitalFeeGuarantee = true;
    }
  });

  it("leaves all of A's data as it was and reads none of it", async () => {
    expect(await logSize(), "entries in A's access log").toBe(logBefore);
    expect(await snapshot()).toEqual(before);
  });

  it.each(table(byOrder))('%s: A, the owner, gets 2xx', async (_, c) => {
    const res = await run(c, A);
    expect(res.status, `${c.route} as A: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${c.route} as A: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    if (c.kind === 'own' && !c.open) {
      const text = visibleText(res);
      expect(text.length, `${c.route} as A`).toBeGreaterThan(0);
    }
  });
});

describe('downloads', () => {
  it("serves A's attachment only with A's session, and never at the public file path", async () => {
    const own = await send(w.t.app, A, {
      method: 'GET',
      url: `/api/v1/Appointments/Attachments/${ids.attachment}/file`,
    });
    expect(own.status).toBe(200);
    expect(own.raw.equals(PNG)).toBe(true);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const publicPath = new URL(urls.attachment!).pathname;
    for (const who of [A, B, C, NOBODY]) {
      const res = await send(w.t.app, who, { method: 'GET', url: publicPath });
      expect([400, 404], `${keyOf(urls.attachment!)} at the public path`).toContain(res.status);
      expect(res.raw.equals(PNG)).toBe(false);
    }
  });
});

describeStorageChecks(() => w);
