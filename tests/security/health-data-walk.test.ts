import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAppointment } from '../../server/modules/appointments/care-fixtures';
import { setBookingNow } from '../../server/modules/appointments/clock';
import { createStorage } from '../../server/services/storage/index';
import { CASES, DEDICATED, type WalkCase } from './health-data-walk-cases';
import {
  expectSafeDisposition,
  grant,
  issue8Routes,
  keyOf,
  listFiles,
  matchesRoute,
  PDF,
  PNG,
  put,
  SAFE_KEY,
  send,
  STORED_PATH,
  TEXT,
  upload,
  visibleText,
  type Actor,
  type Reply,
} from './health-data-walk-support';
import { createWorld, nextSlot, type World } from './health-data-world';

/**
 * Issue 8's security walk: user A (songhong) owns one of everything; user B (songhong) and user C
 * (songkhoe, every feature on) call every issue-8 endpoint with A's ids and get 404, change
 * nothing, and see none of A's data in their own lists; nobody without a session gets in. The walk
 * table must name every issue-8 route the app has (Fastify's own route table, hidden routes
 * included), and each case is proved to reach its route by A's own call succeeding.
 */

let w: World;
let A: Actor, B: Actor, C: Actor, NOBODY: Actor;
const ids: Record<string, number> = {};
const urls: Record<string, string> = {};
const storedFiles = () => listFiles(w.dataDir);
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

  it('has a case for every issue-8 route of the app, and every case names a real route', () => {
    const routes = issue8Routes(w.routes);
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

describe('download URLs', () => {
  const signedPath = (url: string) => {
    const u = new URL(url, 'http://127.0.0.1:8080');
    return `${u.pathname}${u.search}`;
  };
  const fetchSigned = (url: string, method: 'GET' | 'PUT' = 'GET', body?: Buffer, type = 'image/png') =>
    w.t.app.inject({
      method,
      url: signedPath(url),
      ...(body ? { payload: body, headers: { 'content-type': type } } : {}),
    });

  it('a signed download URL works as issued, and not tampered, moved to another file or tenant, or expired', async () => {
    const storage = createStorage(w.t.env);
    const key = keyOf(urls.attachment!);
    const options = {
      fileName: 'a"\r\nSet-Cookie: x=1.png',
      contentType: 'image/png',
      disposition: 'attachment' as const,
      expiresInSeconds: 60,
    };
    const url = await storage.presignGet('songhong', key, options);
    const good = await fetchSigned(url);
    expect(good.statusCode).toBe(200);
    expect(good.rawPayload.equals(PNG)).toBe(true);
    expectSafeDisposition(good.headers['content-disposition']);
    expect(good.headers['set-cookie']).toBeUndefined();
    const u = new URL(url, 'http://127.0.0.1:8080');
    const tampered = (name: string, value: string) => {
      const copy = new URL(u);
      copy.searchParams.set(name, value);
      return copy.href;
    };
    const sig = u.searchParams.get('s')!;
    const other = keyOf(w.urls.attachment!).replace(
      /^[^/]+\/[0-9a-f]/,
      (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'),
    );
    for (const bad of [
      tampered('s', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      tampered('e', String(Number(u.searchParams.get('e')) + 3600)),
      tampered('n', 'other.png'),
      tampered('t', 'text/html'),
      u.href.replace('/songhong/', '/songkhoe/'),
      u.href.replace(key, other),
      u.href.replace(/[?].*$/, ''),
    ]) {
      expect((await fetchSigned(bad)).statusCode, bad).toBe(403);
    }
    const short = await storage.presignGet('songhong', key, { ...options, expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetchSigned(short)).statusCode).toBe(403);
  });

  it('a signed upload URL takes only its signed type, key and tenant, and not after it expires', async () => {
    const storage = createStorage(w.t.env);
    const key = `incoming/HealthRecords/${randomUUID()}.png`;
    const url = await storage.presignPut('songhong', key, 'image/png', 60);
    const u = new URL(url, 'http://127.0.0.1:8080');
    expect((await fetchSigned(url, 'PUT', PNG, 'text/html')).statusCode).toBe(403);
    expect((await fetchSigned(u.href.replace('/songhong/', '/songkhoe/'), 'PUT', PNG)).statusCode).toBe(403);
    expect(
      (await fetchSigned(u.href.replace(key, `incoming/HealthRecords/${randomUUID()}.png`), 'PUT', PNG))
        .statusCode,
    ).toBe(403);
    expect((await fetchSigned(url, 'PUT', PNG)).statusCode).toBe(200);
    const short = await storage.presignPut(
      'songhong',
      `incoming/HealthRecords/${randomUUID()}.png`,
      'image/png',
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetchSigned(short, 'PUT', PNG)).statusCode).toBe(403);
  });
});

describe('uploads', () => {
  it('private grants need a session; a used or foreign upload URL is refused', async () => {
    const anonymous = await grant(w.t.app, NOBODY, {
      folder: 'Attachments',
      type: 'image/png',
      name: 'x.png',
    });
    expect(anonymous.res.status).toBe(401);
    const g = await grant(w.t.app, A, { folder: 'Attachments', type: 'image/png', name: 'x.png' });
    expect((await put(w.t.app, g.uploadUrl!, PNG, 'image/png')).statusCode).toBe(200);
    // Single use: B (or anyone) replaying A's URL cannot replace A's bytes.
    const again = await put(w.t.app, g.uploadUrl!, PDF, 'application/pdf');
    expect(again.statusCode).toBe(404);
    // The same token under another tenant's code names nothing there.
    const moved = g.uploadUrl!.replace('/songhong/', '/songkhoe/');
    expect((await put(w.t.app, moved, PNG, 'image/png')).statusCode).toBe(404);
  });

  it("B cannot link A's uploaded file to B's own record (upload_url_invalid)", async () => {
    const fresh = await upload(w.t.app, A, {
      folder: 'Attachments',
      type: 'image/png',
      name: 'a.png',
      bytes: PNG,
    });
    const res = await send(w.t.app, B, {
      method: 'POST',
      url: '/api/v1/Appointments/AddAttachments',
      payload: { appointmentId: ids.bAppointment, files: [{ fileHttpUrl: fresh }] },
    });
    expect(res.status, res.body).toBe(400);
    // The file stays A's to link.
    const own = await send(w.t.app, A, {
      method: 'POST',
      url: '/api/v1/Appointments/AddAttachments',
      payload: { appointmentId: ids.appointment, files: [{ fileHttpUrl: fresh }] },
    });
    expect(own.status, own.body).toBe(200);
  });

  it.each([['a text file declared application/pdf', 'application/pdf', 'report.pdf', TEXT]] as const)(
    'refuses %s and stores nothing',
    async (_, type, name, bytes) => {
      const g = await grant(w.t.app, A, { folder: 'Attachments', type, name });
      expect(g.res.status).toBe(200);
      const res = await put(w.t.app, g.uploadUrl!, bytes, type);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(['invalid_file_type']);
      expect(storedFiles().some((f) => f.endsWith(keyOf(g.fileHttpUrl!)))).toBe(false);
    },
  );

  const HOSTILE = [
    '../../etc/passwd',
    'a"\r\nSet-Cookie: x=1.pdf',
    '<script>alert(1)</script>.png',
    `${'Kết quả xét nghiệm máu của bệnh nhân '.repeat(5)}📄.pdf`,
    '..\\..\\windows\\win.ini.pdf',
    '%2e%2e%2f%2e%2e%2fetc.pdf',
  ];
  it.each(HOSTILE)('a hostile file name never reaches a key, a path or a header: %j', async (name) => {
    const type = name.endsWith('.png') ? 'image/png' : 'application/pdf';
    const bytes = type === 'image/png' ? PNG : PDF;
    const appointmentId = await addAppointment(w.t.db, 'songhong', A.user!, {
      doctorId: ids.doctor!,
      startsAt: nextSlot(),
    });
    const g = await grant(w.t.app, A, { folder: 'Attachments', type, name });
    expect(g.res.status, g.res.body).toBe(200);
    expect(keyOf(g.fileHttpUrl!)).toMatch(SAFE_KEY);
    expect(g.uploadUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/api\/v1\/Storages\/Upload\/songhong\/[A-Za-z0-9_-]+$/,
    );
    expect((await put(w.t.app, g.uploadUrl!, bytes, type)).statusCode).toBe(200);
    const added = await send(w.t.app, A, {
      method: 'POST',
      url: '/api/v1/Appointments/AddAttachments',
      payload: { appointmentId, files: [{ fileHttpUrl: g.fileHttpUrl }] },
    });
    expect(added.status, added.body).toBe(200);
    const attachment = (added.json.data as { attachmentId: number; fileName: string }[]).find(
      (f) => f.fileName === name,
    );
    expect(attachment, 'the name is kept as data').toBeTruthy();
    const file = await send(w.t.app, A, {
      method: 'GET',
      url: `/api/v1/Appointments/Attachments/${attachment!.attachmentId}/file`,
    });
    expect(file.status).toBe(200);
    expectSafeDisposition(file.headers['content-disposition']);
    expect(file.headers['set-cookie']).toBeUndefined();
    expect(file.headers['content-type']).toBe(type);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    for (const f of storedFiles()) expect(f).toMatch(STORED_PATH);
  });

  it('refuses a file name longer than 200 characters', async () => {
    const g = await grant(w.t.app, A, {
      folder: 'Attachments',
      type: 'application/pdf',
      name: `${'ệ'.repeat(300)}.pdf`,
    });
    expect(g.res.status).toBe(400);
  });
});
