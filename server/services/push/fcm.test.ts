import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import { startFcmStandIn, type FcmStandIn } from '../../../tests/helpers/push-stand-ins';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { caller, createUser, DEVICE_A, onTenant, PASSWORD } from '../../modules/accounts/test-support';
import type { Tenant, TenantRegistry } from '../../tenancy/registry';
import { keepPushToken, PushUnavailableError, sendPushToUser, startPush } from './index';

/**
 * Firebase Cloud Messaging at its HTTP boundary: Google's token endpoint and the FCM HTTP v1 API
 * run on loopback (the URLs FCM_TOKEN_URL and FCM_API_URL override). The provider exchanges a JWT
 * signed with the service account's key for an access token, keeps it, sends data-only messages,
 * forgets an UNREGISTERED token, renews an access token refused once, and throws when FCM is
 * unavailable.
 */
let t: TestApp;
let fcm: FcmStandIn;
let tenant: Tenant;
const code = 'songhong';
const api = () => caller(t.app, code);
const PROJECT = 'songhong-push';
const EMAIL = 'push-sender@songhong-push.iam.gserviceaccount.com';
const WEB = {
  apiKey: 'AIzaSyTest-songhong',
  authDomain: 'songhong-push.firebaseapp.com',
  projectId: PROJECT,
  messagingSenderId: '123456789012',
  appId: '1:123456789012:web:0123456789abcdef',
  vapidKey: 'BNfcmWebPushCertificateKey_0123456789',
};
const fcmToken = (name: string) => `${name}:APA91b${'x'.repeat(140)}`;
const message = {
  title: 'Lịch hẹn đã được xác nhận',
  body: 'Số thứ tự 12, 09:00 02/12/2026.',
  url: '/me/appointments-list/',
  tag: 'booked-7',
  type: 'BookingConfirmed',
  notificationId: 7,
};

/** The registry with songhong on FCM (tenant.json push.provider "fcm"). */
function withFcm(registry: TenantRegistry): TenantRegistry {
  const byCode = new Map(registry.byCode);
  const base = registry.byCode.get(code)!;
  const config: TenantConfig = {
    ...base.config,
    push: {
      ...base.config.push,
      provider: 'fcm',
      fcm: { serviceAccountEnv: 'FCM_SERVICE_ACCOUNT', web: WEB },
    },
  };
  byCode.set(code, { ...base, config });
  return { ...registry, byCode };
}

beforeAll(async () => {
  t = await createTestApp();
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  fcm = await startFcmStandIn({
    projectId: PROJECT,
    publicKeyPem: await exportSPKI(publicKey),
    clientEmail: EMAIL,
  });
  const registry = withFcm(t.registry);
  tenant = registry.byCode.get(code)!;
  const { problems } = await startPush({
    db: t.db,
    registry,
    production: true,
    jwtSecret: t.env.jwtSecret,
    source: {
      FCM_SERVICE_ACCOUNT: JSON.stringify({
        type: 'service_account',
        project_id: PROJECT,
        client_email: EMAIL,
        private_key: await exportPKCS8(privateKey),
        token_uri: 'https://oauth2.googleapis.com/token',
      }),
      FCM_TOKEN_URL: `${fcm.url}/token`,
      FCM_API_URL: fcm.url,
    },
  });
  expect(problems.filter((p) => p.startsWith(`${code}:`))).toEqual([]);
});
afterAll(async () => {
  await fcm?.close();
  await t?.close();
});

const send = (userId: number, m = message) =>
  t.db.tenant(code, (sql) => sendPushToUser(sql, tenant, userId, m));
const tokensOf = async (userId: number) =>
  (
    await onTenant<{ endpoint: string; kind: string }>(
      t.db,
      code,
      'SELECT endpoint, kind FROM push_subscriptions WHERE user_id = $1 ORDER BY endpoint',
      [userId],
    )
  ).map((r) => `${r.kind} ${r.endpoint.slice(0, r.endpoint.indexOf(':'))}`);

describe('Firebase Cloud Messaging (HTTP v1)', () => {
  it('hands the browser the firebase web config, and keeps the FCM token sent as deviceTokenWeb', async () => {
    const userId = await createUser(t.db, code, { email: 'fcm-1@example.com' });
    const login = await api().post(
      'Auth/Login',
      { userName: 'fcm-1@example.com', password: PASSWORD, deviceTokenWeb: fcmToken('browser1') },
      { device: DEVICE_A },
    );
    expect(login.json.data.token).toEqual(expect.any(String));
    expect(await tokensOf(userId)).toEqual(['fcm browser1']);
    const config = await api().get('Notifications/GetPushConfig', { token: login.json.data.token });
    expect(config.json.data).toEqual({ provider: 'fcm', vapidKey: WEB.vapidKey, firebase: WEB });
    // A Web Push subscription is not an FCM token: refused with the translated key.
    const wrong = await api().post(
      'Notifications/RegisterPushSubscription',
      {
        token: JSON.stringify({
          endpoint: 'https://push.example/x',
          keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) },
        }),
      },
      { token: login.json.data.token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json.codeMessageRespond).toBe('invalid_push_token');
    expect(wrong.json.message).toMatch(/thông báo/);
  });

  it('exchanges a signed JWT for an access token once, then sends data-only messages with it', async () => {
    const userId = await createUser(t.db, code, { email: 'fcm-2@example.com' });
    await t.db.tenant(code, async (sql) => {
      await keepPushToken(sql, code, userId, DEVICE_A, fcmToken('browser2'), new Date());
    });
    const before = fcm.tokenRequests.length;
    await send(userId);
    await send(userId, { ...message, tag: 'booked-7b' });
    const sent = fcm.sends.filter((s) => s.message.token === fcmToken('browser2'));
    expect(sent).toHaveLength(2);
    // At most one exchange for both sends (the first test may already have made it).
    expect(fcm.tokenRequests.length - before).toBeLessThanOrEqual(1);
    const claims = fcm.tokenRequests.at(-1)!;
    expect(claims).toMatchObject({
      iss: EMAIL,
      sub: EMAIL,
      aud: `${fcm.url}/token`,
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(3600);
    expect(sent[0]!.message.data).toEqual({
      title: message.title,
      body: message.body,
      url: message.url,
      tag: message.tag,
      type: message.type,
      notificationId: '7',
      icon: '/api/v1/Tenants/songhong/assets/icon.svg',
    });
    expect(sent[0]!.message.webpush?.headers).toMatchObject({
      Urgency: 'high',
      Topic: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
  });

  it('forgets a token FCM calls UNREGISTERED, renews a refused access token once, and throws when FCM is unavailable', async () => {
    const userId = await createUser(t.db, code, { email: 'fcm-3@example.com' });
    await t.db.tenant(code, async (sql) => {
      await keepPushToken(sql, code, userId, DEVICE_A, fcmToken('gone'), new Date());
      await keepPushToken(sql, code, userId, 'other-device', fcmToken('live'), new Date());
    });
    fcm.failToken(fcmToken('gone'), 'UNREGISTERED');
    fcm.failToken(fcmToken('live'), 'EXPIRED_ACCESS_TOKEN');
    const exchanges = fcm.tokenRequests.length;
    await send(userId);
    expect(await tokensOf(userId)).toEqual(['fcm live']);
    expect(fcm.tokenRequests.length).toBe(exchanges + 1);
    expect(fcm.sends.filter((s) => s.message.token === fcmToken('live'))).toHaveLength(1);

    fcm.failToken(fcmToken('live'), 'UNAVAILABLE');
    await expect(send(userId)).rejects.toBeInstanceOf(PushUnavailableError);
    expect(await tokensOf(userId)).toEqual(['fcm live']);
  });
});
