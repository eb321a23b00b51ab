import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import {
  startWebPushStandIn,
  subscriberKeys,
  subscriptionToken,
  type WebPushStandIn,
} from '../../../tests/helpers/push-stand-ins';
import {
  caller,
  createUser,
  DEVICE_A,
  DEVICE_B,
  onTenant,
  PASSWORD,
} from '../../modules/accounts/test-support';
import { PushUnavailableError, sendPushToUser, startPush } from './index';

/**
 * Standard Web Push end to end, against a push service stand-in on loopback HTTPS that decrypts
 * each push with the subscriber's own keys (as the browser would) and checks the VAPID signature:
 * subscriptions come in through sign-in and RegisterPushSubscription, go out encrypted (aes128gcm),
 * a 410 forgets the subscription, a 503 throws for the delivery job to retry.
 */
let t: TestApp;
let push: WebPushStandIn;
const tenant = 'songhong';
const api = () => caller(t.app, tenant);
const reminder = {
  title: 'Nhắc lịch hẹn',
  body: 'Bạn có lịch khám lúc 09:00 ngày 02/12/2026 tại Bệnh viện Sông Hồng.',
  url: '/me/appointments-list/',
  tag: 'reminder-42-60',
  type: 'AppointmentReminder',
  notificationId: 42,
};

beforeAll(async () => {
  t = await createTestApp();
  push = await startWebPushStandIn();
  // The app's own start already resolved the providers; again with an agent trusting the stand-in.
  await startPush({
    db: t.db,
    registry: t.registry,
    production: false,
    jwtSecret: t.env.jwtSecret,
    source: {},
    webPushAgent: push.agent,
  });
});
afterAll(async () => {
  await push?.close();
  await t?.close();
});

const signIn = async (email: string, device = DEVICE_A, deviceTokenWeb = '') =>
  (await api().post('Auth/Login', { userName: email, password: PASSWORD, deviceTokenWeb }, { device })).json
    .data as { token: string; userId: number };

/** A second device: the code sent to the account proves it (LoginStrangeDevice). */
async function signInNewDevice(email: string, device: string) {
  await api().post('Auth/Login', { userName: email, password: PASSWORD }, { device });
  const otp = await api().lastCode(email);
  return (await api().post('Auth/VerifyOTPReliableDevice', { userName: email, otp }, { device })).json
    .data as {
    token: string;
  };
}

const send = (userId: number, message = reminder) =>
  t.db.tenant(tenant, (sql) => sendPushToUser(sql, t.registry.byCode.get(tenant)!, userId, message));

const endpointsOf = async (userId: number) =>
  (
    await onTenant<{ endpoint: string; device_key: string }>(
      t.db,
      tenant,
      'SELECT endpoint, device_key FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint',
      [userId],
    )
  ).map((r) => ({ endpoint: r.endpoint, device: r.device_key }));

describe('Web Push with VAPID (the embedded default)', () => {
  it('sends an encrypted push, signed with the VAPID key the browser subscribed with, that the push service decrypts', async () => {
    const userId = await createUser(t.db, tenant, { email: 'webpush-1@example.com' });
    const keys = subscriberKeys();
    const token = subscriptionToken(push.subscribe('/push/a1', keys), keys);
    // The browser already had a subscription (localStorage fcmToken): sign-in keeps it for this device.
    const session = await signIn('webpush-1@example.com', DEVICE_A, token);
    expect(session.userId).toBe(userId);
    expect(await endpointsOf(userId)).toEqual([{ endpoint: `${push.origin}/push/a1`, device: DEVICE_A }]);

    const config = await api().get('Notifications/GetPushConfig', { token: session.token });
    expect(config.json.data).toEqual({
      provider: 'webpush',
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    });

    await send(userId);
    const got = push.received.filter((r) => r.path === '/push/a1');
    expect(got).toHaveLength(1);
    expect(got[0]!.payload).toEqual({
      ...reminder,
      icon: '/api/v1/Tenants/songhong/assets/icon.svg',
    });
    // Signed with the key the web app subscribed with (GetPushConfig), for this push service.
    expect(got[0]!.vapid.publicKey).toBe(config.json.data.publicKey);
    expect(got[0]!.vapid.claims.aud).toBe(push.origin);
    expect(got[0]!.vapid.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(Number(got[0]!.vapid.claims.exp) * 1000).toBeGreaterThan(Date.now());
    // The tag collapses repeats at the push service too (RFC 8030 Topic), and reminders are urgent.
    expect(got[0]!.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(got[0]!.headers.urgency).toBe('high');
    expect(Number(got[0]!.headers.ttl)).toBeGreaterThan(0);
  });

  it('registers a subscription made after sign-in for the session device, and replaces the older one of that device', async () => {
    const userId = await createUser(t.db, tenant, { email: 'webpush-2@example.com' });
    const session = await signIn('webpush-2@example.com');
    const first = subscriberKeys();
    const second = subscriberKeys();
    const register = (token: string) =>
      api().post('Notifications/RegisterPushSubscription', { token }, { token: session.token });
    expect((await register(subscriptionToken(push.subscribe('/push/b1', first), first))).status).toBe(200);
    expect((await register(subscriptionToken(push.subscribe('/push/b2', second), second))).status).toBe(200);
    expect(await endpointsOf(userId)).toEqual([{ endpoint: `${push.origin}/push/b2`, device: DEVICE_A }]);
    await send(userId, { ...reminder, tag: 'b' });
    expect(push.received.filter((r) => r.path.startsWith('/push/b')).map((r) => r.path)).toEqual([
      '/push/b2',
    ]);
  });

  it('forgets a subscription the push service says is gone (410) and still reaches the others', async () => {
    const userId = await createUser(t.db, tenant, { email: 'webpush-3@example.com' });
    const phone = await signIn('webpush-3@example.com', DEVICE_A);
    const laptop = await signInNewDevice('webpush-3@example.com', DEVICE_B);
    const [gone, live] = [subscriberKeys(), subscriberKeys()];
    push.answer('/push/c-gone', 410);
    for (const [session, p, keys] of [
      [phone, '/push/c-gone', gone],
      [laptop, '/push/c-live', live],
    ] as const) {
      const reply = await api().post(
        'Notifications/RegisterPushSubscription',
        { token: subscriptionToken(push.subscribe(p, keys), keys) },
        { token: session.token, device: session === phone ? DEVICE_A : DEVICE_B },
      );
      expect(reply.status).toBe(200);
    }
    expect(await endpointsOf(userId)).toHaveLength(2);
    await send(userId, { ...reminder, tag: 'c' });
    expect(await endpointsOf(userId)).toEqual([{ endpoint: `${push.origin}/push/c-live`, device: DEVICE_B }]);
    expect(push.received.filter((r) => r.path === '/push/c-live')).toHaveLength(1);
  });

  it('throws when the push service is unavailable (the delivery job retries) and keeps the subscription', async () => {
    const userId = await createUser(t.db, tenant, { email: 'webpush-4@example.com' });
    const keys = subscriberKeys();
    push.answer('/push/d', 503);
    await signIn('webpush-4@example.com', DEVICE_A, subscriptionToken(push.subscribe('/push/d', keys), keys));
    await expect(send(userId, { ...reminder, tag: 'd' })).rejects.toBeInstanceOf(PushUnavailableError);
    expect(await endpointsOf(userId)).toHaveLength(1);
    // Back up: the retry goes through.
    push.answer('/push/d', 201);
    await send(userId, { ...reminder, tag: 'd' });
    expect(push.received.filter((r) => r.path === '/push/d')).toHaveLength(1);
  });

  it('shortens long Vietnamese texts to fit the 4 KB a push carries', async () => {
    const userId = await createUser(t.db, tenant, { email: 'webpush-5@example.com' });
    const keys = subscriberKeys();
    await signIn('webpush-5@example.com', DEVICE_A, subscriptionToken(push.subscribe('/push/e', keys), keys));
    const long = 'Bệnh viện Sông Hồng nhắc bạn: ' + 'ưỡng '.repeat(800);
    await send(userId, { ...reminder, title: long, body: long, tag: 'e' });
    const got = push.received.find((r) => r.path === '/push/e')!;
    expect(got.payload.title).toBe(long.slice(0, 120));
    expect(got.payload.body).toBe(long.slice(0, 600));
  });

  it('keeps one VAPID key pair in the database, sealed and out of the app role’s reach', async () => {
    const before = (
      await api().get('Notifications/GetPushConfig', { token: (await signIn('webpush-1@example.com')).token })
    ).json.data.publicKey as string;
    // Another start (a restart, a second process) finds the same pair: subscriptions stay valid.
    await startPush({
      db: t.db,
      registry: t.registry,
      production: false,
      jwtSecret: t.env.jwtSecret,
      source: {},
      webPushAgent: push.agent,
    });
    const after = (
      await api().get('Notifications/GetPushConfig', { token: (await signIn('webpush-1@example.com')).token })
    ).json.data.publicKey as string;
    expect(after).toBe(before);
    const stored = await t.db.owner((sql) =>
      sql.query<{ public_key: string; private_key_sealed: string }>(
        'SELECT public_key, private_key_sealed FROM push_vapid_keys',
      ),
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.public_key).toBe(before);
    await expect(onTenant(t.db, tenant, 'SELECT * FROM push_vapid_keys')).rejects.toThrow(
      /permission denied/,
    );
    // Keys from the environment win over the stored pair; production without them has no push.
    const envKeys = { VAPID_PUBLIC_KEY: 'BPub', VAPID_PRIVATE_KEY: 'priv' };
    const production = await startPush({
      db: t.db,
      registry: t.registry,
      production: true,
      jwtSecret: t.env.jwtSecret,
      source: {},
    });
    expect(production.problems.join('\n')).toMatch(
      /songhong: web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    const noPush = await api().get('Notifications/GetPushConfig', {
      token: (await signIn('webpush-1@example.com')).token,
    });
    expect(noPush.json.data).toEqual({ provider: 'none' });
    await startPush({
      db: t.db,
      registry: t.registry,
      production: true,
      jwtSecret: t.env.jwtSecret,
      source: envKeys,
    });
    const fromEnv = await api().get('Notifications/GetPushConfig', {
      token: (await signIn('webpush-1@example.com')).token,
    });
    expect(fromEnv.json.data).toEqual({ provider: 'webpush', publicKey: 'BPub' });
    await startPush({
      db: t.db,
      registry: t.registry,
      production: false,
      jwtSecret: t.env.jwtSecret,
      source: {},
      webPushAgent: push.agent,
    });
  });
});
