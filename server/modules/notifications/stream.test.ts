import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, PASSWORD } from '../accounts/test-support';
import { notificationCte, type NewNotification } from './index';

/**
 * GET /Notifications/Stream over real HTTP (app.inject cannot hold an answer open): who may open
 * it, what reaches it (only the signed-in user's own notifications of their tenant, whoever wrote
 * them), the heartbeat, resuming, and the end of a stream when the server drains.
 */
const HEARTBEAT_MS = 300;
let t: TestApp;
let base: string;
const users: Record<'me' | 'neighbour' | 'foreigner', { userId: number; token: string }> = {} as never;

async function signedIn(tenant: string, email: string) {
  const userId = await createUser(t.db, tenant, { email });
  const login = await caller(t.app, tenant).post('Auth/Login', { userName: email, password: PASSWORD });
  return { userId, token: login.json.data.token as string };
}

beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFICATION_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
  users.me = await signedIn('songkhoe', 'live-me@example.com');
  users.neighbour = await signedIn('songkhoe', 'live-neighbour@example.com');
  users.foreigner = await signedIn('songhong', 'live-foreigner@example.com');
  await t.app.listen({ host: '127.0.0.1', port: 0 });

  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  // The test's fetch pool may hold a connection that never carried a request: a server closing
  // waits for such sockets until their keep-alive timeout (72 s).
  t?.app.server.closeAllConnections();
  await t?.close();
});

interface Received {
  event: string;
  id: string | undefined;
  data: Record<string, unknown>;
}

/** A notification stream over real HTTP, collecting its events and heartbeats. */
function openStream(token: string, options: { tenant?: string; lang?: string; lastEventId?: string } = {}) {
  const events: Received[] = [];
  let pings = 0;
  let ended = false;
  const controller = new AbortController();
  const opened = (async () => {
    const response = await fetch(`${base}/Notifications/Stream`, {
      headers: {
        authorization: `Bearer ${token}`,
        companycode: options.tenant ?? 'songkhoe',
        'x-accept-language': options.lang ?? 'vi',
        unique: DEVICE_A,
        ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const parser = createParser({
      onEvent: (e) => events.push({ event: e.event ?? 'message', id: e.id, data: JSON.parse(e.data) }),
      onComment: (comment) => {
        if (comment.trim() === 'ping') pings++;
      },
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) {
          ended = true;
          return;
        }
        parser.feed(value!);
      }
    })();
  })();
  return {
    events,
    of: (name: string) => events.filter((e) => e.event === name),
    get pings() {
      return pings;
    },
    get ended() {
      return ended;
    },
    opened: opened.then(() => until(() => events.some((e) => e.event === 'ready'))),
    close: () => controller.abort(),
  };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let serial = 0;
/** A notification written the way features write them: in a tenant transaction of the app role. */
async function notify(tenant: string, userId: number, extra: Partial<NewNotification> = {}) {
  serial++;
  const insert = notificationCte(
    {
      userId,
      type: 'WaitlistSlotFree',
      title: { vi: `Có chỗ trống ${serial}`, en: `A place is free ${serial}` },
      body: { vi: 'Đặt lịch ngay', en: 'Book now' },
      ...extra,
    },
    1,
  );
  const { rows } = await t.db.tenant(tenant, (sql) =>
    sql.query<{ notification_id: string }>(
      `WITH ${insert.text} SELECT notification_id FROM notification`,
      insert.params,
    ),
  );
  return Number(rows[0]!.notification_id);
}

describe('notification stream: who may open it', () => {
  it('needs a signed-in user of the tenant (401 without a token or with another tenant’s)', async () => {
    const anonymous = await fetch(`${base}/Notifications/Stream`, { headers: { companycode: 'songkhoe' } });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).codeMessageRespond).toBe('unauthorized');
    const foreign = await fetch(`${base}/Notifications/Stream`, {
      headers: { companycode: 'songkhoe', authorization: `Bearer ${users.foreigner.token}` },
    });
    expect(foreign.status).toBe(401);
    expect((await foreign.json()).codeMessageRespond).toBe('token_tenant_mismatch');
    const forged = await fetch(`${base}/Notifications/Stream`, {
      headers: { companycode: 'songkhoe', authorization: `Bearer ${users.me.token}x` },
    });
    expect(forged.status).toBe(401);
  });

  it('is documented in the OpenAPI document, with bearer security', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = doc.paths?.['/api/v1/Notifications/Stream']?.get;
    expect(operation?.security).toEqual([{ bearer: [] }]);
    expect(operation?.summary).toContain('Server-Sent Events');
  });
});

describe('notification stream: what reaches it', () => {
  it('opens with the unread count, then sends each new notification of the user in their language', async () => {
    await notify('songkhoe', users.me.userId);
    const stream = openStream(users.me.token, { lang: 'en' });
    await stream.opened;
    expect(stream.of('ready')[0]!.data).toEqual({ unreadCount: 1 });
    // Written as a reminder would be: another transaction, the trigger announces it at commit.
    const id = await notify('songkhoe', users.me.userId, { type: 'AppointmentReminder' });
    await until(() => stream.of('notification').length === 1, 2000);
    const [event] = stream.of('notification');
    expect(event!.id).toBe(String(id));
    expect(event!.data).toMatchObject({
      notificationId: id,
      typeNotify: 'AppointmentReminder',
      title: `A place is free ${serial}`,
      body: 'Book now',
      appointmentId: null,
    });
    await until(() => stream.of('unread').at(-1)?.data.unreadCount === 2);
    stream.close();
  });

  it('follows reads and deletions (the count of every tab and device)', async () => {
    const stream = openStream(users.me.token);
    await stream.opened;
    const before = stream.of('ready')[0]!.data.unreadCount as number;
    const id = await notify('songkhoe', users.me.userId);
    await until(() => stream.of('unread').at(-1)?.data.unreadCount === before + 1);
    const view = await caller(t.app, 'songkhoe').get(`Notifications/ViewNotification?notificationId=${id}`, {
      token: users.me.token,
    });
    expect(view.status).toBe(200);
    await until(() => stream.of('unread').at(-1)?.data.unreadCount === before);
    stream.close();
  });

  it("never carries another user's notifications, nor another tenant's, even a row forged with this user's id", async () => {
    const mine = openStream(users.me.token);
    const theirs = openStream(users.foreigner.token, { tenant: 'songhong' });
    await Promise.all([mine.opened, theirs.opened]);
    await notify('songkhoe', users.neighbour.userId);
    await notify('songhong', users.foreigner.userId);
    // Bypassing the app entirely: the owner writes a songhong row naming this songkhoe user's id.
    await t.db.owner(async (sql) => {
      await sql.query(`SELECT set_config('app.tenant_id', 'songhong', true)`);
      await sql.query(
        `INSERT INTO notifications (tenant_id, user_id, type, title_vi, title_en, body_vi, body_en, keys_and_values)
         VALUES ('songhong', $1, 'WaitlistSlotFree', 'lạ', 'forged', 'lạ', 'forged', '{}')`,
        [users.me.userId],
      );
    });
    await until(() => theirs.of('notification').length === 1, 2000);
    // Several heartbeats: each one makes every stream read again.
    await sleep(HEARTBEAT_MS * 4);
    expect(mine.of('notification')).toEqual([]);
    expect(mine.of('unread')).toEqual([]);
    expect(theirs.of('notification').map((e) => e.data.title)).toEqual([`Có chỗ trống ${serial}`]);
    mine.close();
    theirs.close();
  });

  it('sends a heartbeat comment and keeps the stream open', async () => {
    const stream = openStream(users.neighbour.token);
    await stream.opened;
    await until(() => stream.pings >= 2, HEARTBEAT_MS * 10);
    expect(stream.ended).toBe(false);
    stream.close();
  });

  it('resumes after Last-Event-ID: what arrived while the browser was away is sent', async () => {
    const first = await notify('songkhoe', users.neighbour.userId);
    const missed = await notify('songkhoe', users.neighbour.userId);
    const stream = openStream(users.neighbour.token, { lastEventId: String(first) });
    await stream.opened;
    await until(() => stream.of('notification').length === 1);
    expect(stream.of('notification')[0]!.data.notificationId).toBe(missed);
    // Nonsense in the header is a fresh start, not an error.
    const fresh = openStream(users.neighbour.token, { lastEventId: 'abc' });
    await fresh.opened;
    await sleep(HEARTBEAT_MS * 2);
    expect(fresh.of('notification')).toEqual([]);
    stream.close();
    fresh.close();
  });
});

describe('notification stream: draining', () => {
  it('ends open streams when the server closes, so the drain does not wait for them', async () => {
    // An app of its own, and a plain socket: the test's fetch pool keeps connections of its own.
    const own = await createTestApp();
    try {
      const me = await (async () => {
        const userId = await createUser(own.db, 'songkhoe', { email: 'live-drain@example.com' });
        const login = await caller(own.app, 'songkhoe').post('Auth/Login', {
          userName: 'live-drain@example.com',
          password: PASSWORD,
        });
        return { userId, token: login.json.data.token as string };
      })();
      await own.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (own.app.server.address() as AddressInfo).port;
      let text = '';
      let ended = false;
      await new Promise<void>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/v1/Notifications/Stream',
              agent: false,
              headers: { companycode: 'songkhoe', authorization: `Bearer ${me.token}`, unique: DEVICE_A },
            },
            (response) => {
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => {
                text += chunk;
                if (text.includes('event: ready')) resolve();
              });
              response.on('end', () => (ended = true));
            },
          )
          .on('error', reject);
      });
      const started = Date.now();
      await own.app.close();
      await until(() => ended, 2000);
      // Far below the 25 s forced exit of a draining process (server/main.ts).
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await own.close();
    }
  });
});
