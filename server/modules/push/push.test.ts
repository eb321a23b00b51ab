import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriberKeys, subscriptionToken } from '../../../tests/helpers/push-stand-ins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, DEVICE_B, onTenant, PASSWORD } from '../accounts/test-support';

/**
 * Push endpoints of the signed-in user and the sign-in/sign-out hooks that keep them: tokens are
 * kept per account device, refused with a translated key when malformed, dropped on sign-out of that
 * device only, on LogoutReliableDevice and on account deletion; another tenant neither sees nor
 * touches them. Sign-in itself never fails for a push token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const songhong = () => caller(t.app, 'songhong');
const saomai = () => caller(t.app, 'saomai', 'en');
const token = (name: string) => {
  const keys = subscriberKeys();
  return subscriptionToken(`https://push.example.net/wpush/${name}`, keys);
};
const rows = (tenant: string, userId?: number) =>
  onTenant<{ endpoint: string; device_key: string; user_id: number }>(
    t.db,
    tenant,
    `SELECT endpoint, device_key, user_id FROM push_subscriptions ${userId ? 'WHERE user_id = $1' : ''} ORDER BY endpoint`,
    userId ? [userId] : [],
  );
const endpoint = (name: string) => `https://push.example.net/wpush/${name}`;

async function signIn(
  api: ReturnType<typeof caller>,
  email: string,
  device = DEVICE_A,
  deviceTokenWeb?: string,
) {
  const reply = await api.post(
    'Auth/Login',
    { userName: email, password: PASSWORD, deviceTokenWeb },
    { device },
  );
  return reply.json.data as { token: string; userId: number };
}

async function signInNewDevice(
  api: ReturnType<typeof caller>,
  email: string,
  device: string,
  deviceTokenWeb?: string,
) {
  await api.post('Auth/Login', { userName: email, password: PASSWORD }, { device });
  const otp = await api.lastCode(email);
  await api.post('Auth/VerifyOTPReliableDevice', { userName: email, otp }, { device });
  return signIn(api, email, device, deviceTokenWeb);
}

describe('push endpoints', () => {
  it('need a signed-in user', async () => {
    for (const [method, path] of [
      ['get', 'Notifications/GetPushConfig'],
      ['post', 'Notifications/RegisterPushSubscription'],
      ['post', 'Notifications/UnregisterPushSubscription'],
    ] as const) {
      const reply =
        method === 'get' ? await songhong().get(path) : await songhong().post(path, { token: token('x') });
      expect(reply.status, path).toBe(401);
    }
  });

  it('refuse what is not a push subscription with a translated message, never a 5xx', async () => {
    await createUser(t.db, 'songhong', { email: 'push-bad@example.com' });
    const session = await signIn(songhong(), 'push-bad@example.com');
    const keys = subscriberKeys();
    for (const bad of [
      'not a token',
      '{"endpoint": "http://push.example.net/plain-http", "keys": {}}',
      subscriptionToken('http://push.example.net/plain-http', keys),
      JSON.stringify({ endpoint: endpoint('no-keys') }),
      '{',
      'x'.repeat(2049),
    ]) {
      const reply = await songhong().post(
        'Notifications/RegisterPushSubscription',
        { token: bad },
        { token: session.token },
      );
      expect(reply.status, bad.slice(0, 40)).toBe(400);
      // A token too long for the schema fails validation, which reports the field's key in errors.
      const keys = [reply.json.codeMessageRespond, ...(reply.json.errors ?? [])];
      expect(keys, bad.slice(0, 40)).toContain('invalid_push_token');
      if (reply.json.codeMessageRespond === 'invalid_push_token')
        expect(reply.json.message).toBe(
          'Thiết bị này chưa đăng ký nhận thông báo đẩy hợp lệ. Vui lòng bật lại thông báo.',
        );
    }
    const en = await saomai().post(
      'Notifications/UnregisterPushSubscription',
      { token: 'nope' },
      { token: session.token },
    );
    // Another tenant's session is not a session here.
    expect(en.status).toBe(401);
    expect(await rows('songhong', session.userId)).toEqual([]);
  });

  it('sign-in keeps the deviceTokenWeb it carries, and still signs in with a token that is not a push token', async () => {
    const userId = await createUser(t.db, 'songhong', { email: 'push-login@example.com' });
    const plain = await signIn(songhong(), 'push-login@example.com', DEVICE_A, 'web');
    expect(plain.token).toEqual(expect.any(String));
    expect(await rows('songhong', userId)).toEqual([]);
    await signIn(songhong(), 'push-login@example.com', DEVICE_A, token('login-a'));
    expect(await rows('songhong', userId)).toEqual([
      { endpoint: endpoint('login-a'), device_key: DEVICE_A, user_id: userId },
    ]);
    // The same browser signs in to another account: the endpoint moves with it.
    const other = await createUser(t.db, 'songhong', { email: 'push-login-2@example.com' });
    await signIn(songhong(), 'push-login-2@example.com', DEVICE_A, token('login-a'));
    expect(await rows('songhong', userId)).toEqual([]);
    expect(await rows('songhong', other)).toEqual([
      { endpoint: endpoint('login-a'), device_key: DEVICE_A, user_id: other },
    ]);
  });

  it('Auth/Logout drops this device’s endpoints only; LogoutReliableDevice and deleting the account drop theirs', async () => {
    const userId = await createUser(t.db, 'songhong', { email: 'push-out@example.com' });
    const a = await signIn(songhong(), 'push-out@example.com', DEVICE_A, token('out-a'));
    const b = await signInNewDevice(songhong(), 'push-out@example.com', DEVICE_B, token('out-b'));
    expect((await rows('songhong', userId)).map((r) => r.device_key)).toEqual([DEVICE_A, DEVICE_B]);

    expect((await songhong().post('Auth/Logout', {}, { token: b.token, device: DEVICE_B })).status).toBe(200);
    expect((await rows('songhong', userId)).map((r) => r.endpoint)).toEqual([endpoint('out-a')]);

    // Back on the laptop (still trusted), then signed out of it from the phone's device list.
    await signIn(songhong(), 'push-out@example.com', DEVICE_B, token('out-b2'));
    expect((await rows('songhong', userId)).map((r) => r.endpoint)).toEqual([
      endpoint('out-a'),
      endpoint('out-b2'),
    ]);
    const [laptop] = await onTenant<{ device_id: number }>(
      t.db,
      'songhong',
      'SELECT device_id FROM login_devices WHERE user_id = $1 AND device_key = $2',
      [userId, DEVICE_B],
    );
    expect(
      (await songhong().post('Users/LogoutReliableDevice', { ids: [laptop!.device_id] }, { token: a.token }))
        .status,
    ).toBe(200);
    expect((await rows('songhong', userId)).map((r) => r.endpoint)).toEqual([endpoint('out-a')]);

    expect(
      (await songhong().post('Users/SendDeleteAccountRequest', { password: PASSWORD }, { token: a.token }))
        .status,
    ).toBe(200);
    expect(await rows('songhong', userId)).toEqual([]);
  });

  it('RegisterPushSubscription keeps the endpoint for the session’s device; Unregister drops only the caller’s', async () => {
    const alice = await createUser(t.db, 'songhong', { email: 'push-alice@example.com' });
    const bob = await createUser(t.db, 'songhong', { email: 'push-bob@example.com' });
    const a = await signIn(songhong(), 'push-alice@example.com');
    const b = await signIn(songhong(), 'push-bob@example.com', DEVICE_B);
    const aliceToken = token('alice');
    expect(
      (
        await songhong().post(
          'Notifications/RegisterPushSubscription',
          { token: aliceToken },
          { token: a.token },
        )
      ).status,
    ).toBe(200);
    expect(await rows('songhong', alice)).toEqual([
      { endpoint: endpoint('alice'), device_key: DEVICE_A, user_id: alice },
    ]);
    // Bob knowing Alice's endpoint cannot drop it.
    expect(
      (
        await songhong().post(
          'Notifications/UnregisterPushSubscription',
          { token: aliceToken },
          { token: b.token, device: DEVICE_B },
        )
      ).status,
    ).toBe(200);
    expect(await rows('songhong', alice)).toHaveLength(1);
    expect(await rows('songhong', bob)).toEqual([]);
    expect(
      (
        await songhong().post(
          'Notifications/UnregisterPushSubscription',
          { token: aliceToken },
          { token: a.token },
        )
      ).status,
    ).toBe(200);
    expect(await rows('songhong', alice)).toEqual([]);
  });

  it('another tenant neither sees nor changes the rows; the same browser has its own row per portal', async () => {
    await createUser(t.db, 'songhong', { email: 'push-both@example.com' });
    await createUser(t.db, 'saomai', { email: 'push-both@example.com' });
    const shared = token('both');
    const onSonghong = await signIn(songhong(), 'push-both@example.com', DEVICE_A, shared);
    const onSaomai = await signIn(saomai(), 'push-both@example.com', DEVICE_A, shared);
    expect((await rows('songhong')).filter((r) => r.endpoint === endpoint('both'))).toEqual([
      { endpoint: endpoint('both'), device_key: DEVICE_A, user_id: onSonghong.userId },
    ]);
    expect((await rows('saomai')).filter((r) => r.endpoint === endpoint('both'))).toEqual([
      { endpoint: endpoint('both'), device_key: DEVICE_A, user_id: onSaomai.userId },
    ]);
    // Signing out on saomai leaves songhong's row; songhong's rows are invisible and untouchable there.
    expect((await saomai().post('Auth/Logout', {}, { token: onSaomai.token })).status).toBe(200);
    expect((await rows('saomai')).filter((r) => r.endpoint === endpoint('both'))).toEqual([]);
    expect((await rows('songhong')).filter((r) => r.endpoint === endpoint('both'))).toHaveLength(1);
    expect(
      await onTenant(t.db, 'saomai', 'SELECT 1 FROM push_subscriptions WHERE user_id = $1', [
        onSonghong.userId,
      ]),
    ).toEqual([]);
    const updated = await onTenant(
      t.db,
      'saomai',
      'DELETE FROM push_subscriptions WHERE user_id = $1 RETURNING 1',
      [onSonghong.userId],
    );
    expect(updated).toEqual([]);
    await expect(
      onTenant(
        t.db,
        'saomai',
        `INSERT INTO push_subscriptions (tenant_id, user_id, device_key, kind, endpoint) VALUES ('songhong', $1, 'x', 'fcm', 'x:y')`,
        [onSonghong.userId],
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
