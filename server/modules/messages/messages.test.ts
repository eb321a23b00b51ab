import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsmsGateway, type TestEsmsGateway } from '../../../tests/helpers/esms-gateway';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/helpers/smtp-server';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { esmsSms, smtpMailer, type PushMessage, type PushSender } from '../../services/delivery/index';
import type { Tenant } from '../../tenancy/registry';
import { createUser, onTenant } from '../accounts/test-support';
import { channelsFromEnv, dispatchDueMessages, notify, samplePayload, type MessageChannels } from './index';
import { command as messagesCommand } from '../../admin/commands/messages';

/**
 * The message pipeline on a real database: preferences and their endpoints (templates:
 * templates.test.ts), deduplicated events, and the dispatcher against a real SMTP server and a local
 * stand-in of eSMS.vn's HTTP API (the only fakes: third parties at their network boundary).
 */

const A = 'songhong';
const B = 'saomai';
const ESMS = { apiKey: 'esms-key', secretKey: 'esms-secret', brandName: 'SONGHONG' };

let t: TestApp;
let smtp: TestSmtpServer;
let esms: TestEsmsGateway;
let mail: ReturnType<typeof smtpMailer>;
const pushes: { userId: number; message: PushMessage }[] = [];
/** The test's push service: records what the dispatcher hands it (the push helper's interface). */
const recordingPush: PushSender = {
  async send(_sql, _tenant, userId, message) {
    pushes.push({ userId, message });
  },
};

const tenant = (code: string): Tenant => t.registry.byCode.get(code)!;
/** songhong with an eSMS gateway (no diacritics) pointed at the stand-in. */
const withSms = (code: string): Tenant => ({
  ...tenant(code),
  config: {
    ...tenant(code).config,
    sms: { provider: 'esms', url: esms.url, apiKeyEnv: 'K', secretKeyEnv: 'S', brandName: ESMS.brandName },
  },
});
const channels = (overrides: Partial<MessageChannels> = {}): MessageChannels => ({
  ...channelsFromEnv(t.env),
  mail,
  sms: (x) =>
    x.config.sms?.provider === 'esms' ? esmsSms(x.config.sms, { K: ESMS.apiKey, S: ESMS.secretKey }) : null,
  push: recordingPush,
  ...overrides,
});
const headers = (code: string, token: string, lang = 'vi') =>
  tenantHeaders(code, { authorization: `Bearer ${token}`, 'x-accept-language': lang });
const tokenFor = (code: string, userId: number) =>
  t.app.issueAccessToken({ userId, tenant: code, deviceId: '11111111-1111-4111-8111-111111111111' });

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpServer();
  esms = await startEsmsGateway(ESMS);
  mail = smtpMailer(smtp.url);
}, 120_000);
afterAll(async () => {
  mail?.close?.();
  await smtp?.close();
  await esms?.close();
  await t?.close();
});

describe('preferences endpoints', () => {
  it('answer the defaults with the tenant zone, store a change, refuse bad input with a translated key; own tenant only', async () => {
    const userA = await createUser(t.db, A, { email: 'prefs-a@example.com' });
    const userB = await createUser(t.db, B, { email: 'prefs-b@example.com' });
    const [tokenA, tokenB] = await Promise.all([tokenFor(A, userA), tokenFor(B, userB)]);
    const get = (code: string, token: string) =>
      t.app.inject({
        url: '/api/v1/Notifications/GetNotificationPreferences',
        headers: headers(code, token),
      });
    const update = (code: string, token: string, body: unknown, lang = 'vi') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/Notifications/UpdateNotificationPreferences',
        headers: headers(code, token, lang),
        payload: body as object,
      });

    const first = (await get(A, tokenA)).json();
    expect(first.data).toEqual({
      channels: {
        email: { service: true, reminder: true, marketing: false },
        sms: { service: true, reminder: true, marketing: false },
        push: { service: true, reminder: true, marketing: false },
      },
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    const changed = {
      channels: { ...first.data.channels, sms: { service: false, reminder: true, marketing: false } },
      quietHours: { enabled: true, start: '21:30', end: '06:00' },
    };
    const saved = await update(A, tokenA, changed);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.channels.sms.service).toBe(false);
    expect((await get(A, tokenA)).json().data.quietHours).toEqual(changed.quietHours);

    const bad = await update(
      A,
      tokenA,
      { ...changed, quietHours: { enabled: true, start: '25:00', end: '06:00' } },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContain('invalid_quiet_hours');
    const missing = await update(A, tokenA, { channels: { email: {} }, quietHours: changed.quietHours });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContain('invalid_notification_preferences');
    expect(
      (
        await t.app.inject({
          url: '/api/v1/Notifications/GetNotificationPreferences',
          headers: tenantHeaders(A),
        })
      ).statusCode,
    ).toBe(401);

    // The other tenant's user keeps the defaults; A's token is refused on B's portal.
    expect((await get(B, tokenB)).json().data.quietHours.enabled).toBe(false);
    expect((await get(B, tokenA)).statusCode).toBe(401);
  });
});

describe('events and delivery', () => {
  let user: number;
  beforeAll(async () => {
    user = await createUser(t.db, A, { email: 'patient@example.com', mobile: '912345678' });
  });
  const deliveries = (key: string) =>
    onTenant<{
      channel: string;
      state: string;
      attempts: number;
      last_error: string | null;
      next_attempt_at: Date;
    }>(
      t.db,
      A,
      `SELECT channel, state, attempts, last_error, next_attempt_at FROM message_deliveries
       WHERE dedup_key LIKE $1 || ':%' ORDER BY channel`,
      [key],
    );
  const raise = (
    key: string,
    event: 'booking-confirmed' | 'appointment-reminder' = 'booking-confirmed',
    now?: Date,
  ) =>
    t.db.tenant(A, (sql) =>
      notify(sql, tenant(A).config, { event, userId: user, key, values: samplePayload(event), now }),
    );

  it('one event gives one in-app notification and one message per channel, even raised twice', async () => {
    const [first, again] = await Promise.all([raise('dedup-1'), raise('dedup-1')]);
    expect(first.deliveries + again.deliveries).toBe(3);
    expect((await deliveries('dedup-1')).map((d) => d.channel)).toEqual(['email', 'push', 'sms']);
    expect(await onTenant(t.db, A, `SELECT 1 FROM notifications WHERE event_key = 'dedup-1'`)).toHaveLength(
      1,
    );
    // Not visible from another tenant (RLS).
    expect(
      await onTenant(t.db, B, `SELECT 1 FROM message_deliveries WHERE dedup_key LIKE 'dedup-1:%'`),
    ).toEqual([]);
    expect(await onTenant(t.db, B, `SELECT 1 FROM notification_preferences`)).toEqual([]);
  });

  it('sends email (brand sender, reply-to, text and HTML, stable Message-ID), eSMS without diacritics and push', async () => {
    await raise('send-1');
    const report = await dispatchDueMessages(t.db, withSms(A), channels());
    expect(report.sent).toBeGreaterThanOrEqual(3);
    const mail = smtp.messages.find(
      (m) =>
        m.subject?.includes('LH2607-0041') && m.to && JSON.stringify(m.to).includes('patient@example.com'),
    )!;
    expect(mail.from?.value[0]).toEqual({ name: 'Bệnh viện Đa khoa Sông Hồng', address: t.env.SMTP_FROM });
    expect(mail.replyTo?.value[0]?.address).toBe('lienhe@songhong.example');
    expect(mail.subject).toBe('Bệnh viện Đa khoa Sông Hồng: Đã xác nhận lịch hẹn LH2607-0041');
    expect(mail.text).toContain('BS. Nguyễn Văn An');
    expect(mail.html).toContain('Đã xác nhận lịch hẹn LH2607-0041');
    expect(mail.messageId).toMatch(/^<songhong\.\d+\.[0-9a-f]{16}@/);
    // A service message carries no List-Unsubscribe.
    expect(mail.headers.get('list-unsubscribe')).toBeUndefined();
    const sms = esms.accepted.at(-1)!;
    expect(sms.Phone).toBe('0912345678');
    expect(sms.Brandname).toBe('SONGHONG');
    expect(sms.IsUnicode).toBe('0');
    expect(sms.Content).toMatch(/^LH2607-0041: lich hen voi BS\. Nguyen Van An/);
    expect(pushes.at(-1)).toMatchObject({
      userId: user,
      message: {
        title: 'Đã xác nhận lịch hẹn LH2607-0041',
        url: '/me/appointments-list/41',
        tag: 'send-1:push',
        type: 'AppointmentBooked',
      },
    });
    expect((await deliveries('send-1')).map((d) => d.state)).toEqual(['sent', 'sent', 'sent']);
    // The dev outbox records what left.
    const outbox = await onTenant<{ channel: string }>(
      t.db,
      A,
      `SELECT channel FROM outbox_messages WHERE recipient IN ('patient@example.com', '+84912345678')
         AND (subject LIKE '%LH2607-0041%' OR body LIKE 'LH2607-0041%') ORDER BY channel`,
    );
    expect([...new Set(outbox.map((o) => o.channel))]).toEqual(['email', 'sms']);
  });

  it('two dispatchers at once send each message once', async () => {
    const before = { mail: smtp.messages.length, sms: esms.accepted.length, push: pushes.length };
    for (let i = 0; i < 10; i++) await raise(`race-${i}`);
    const reports = await Promise.all([
      dispatchDueMessages(t.db, withSms(A), channels()),
      dispatchDueMessages(t.db, withSms(A), channels()),
    ]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(30);
    expect(smtp.messages.length - before.mail).toBe(10);
    expect(esms.accepted.length - before.sms).toBe(10);
    expect(pushes.length - before.push).toBe(10);
  });

  it('retries a gateway outage with backoff; a repeated RequestId is not sent twice; a refusal fails at once', async () => {
    await raise('retry-1');
    esms.failWith = 503;
    const now = new Date();
    await dispatchDueMessages(t.db, withSms(A), channels(), { now });
    let sms = (await deliveries('retry-1')).find((d) => d.channel === 'sms')!;
    expect(sms.state).toBe('pending');
    expect(sms.attempts).toBe(1);
    expect(sms.last_error).toContain('503');
    expect(sms.next_attempt_at.getTime()).toBe(now.getTime() + 30_000);
    esms.failWith = null;
    // Not due yet: nothing happens.
    await dispatchDueMessages(t.db, withSms(A), channels(), { now: new Date(now.getTime() + 10_000) });
    expect((await deliveries('retry-1')).find((d) => d.channel === 'sms')!.attempts).toBe(1);
    const before = esms.accepted.length;
    await dispatchDueMessages(t.db, withSms(A), channels(), { now: new Date(now.getTime() + 31_000) });
    sms = (await deliveries('retry-1')).find((d) => d.channel === 'sms')!;
    expect([sms.state, sms.attempts]).toEqual(['sent', 2]);
    expect(esms.accepted.length - before).toBe(1);

    // Wrong credentials (101) cannot get better by retrying.
    await raise('refused-1');
    const wrongKey = channels({ sms: (x) => esmsSms(x.config.sms as never, { K: 'nope', S: 'nope' }) });
    await dispatchDueMessages(t.db, withSms(A), wrongKey);
    const refused = (await deliveries('refused-1')).find((d) => d.channel === 'sms')!;
    expect([refused.state, refused.attempts]).toEqual(['failed', 1]);
    expect(refused.last_error).toContain('101');
  });

  it('respects preferences and quiet hours (tenant zone): reminders wait, service messages do not', async () => {
    const quiet = await createUser(t.db, A, { email: 'quiet@example.com', mobile: '987654321' });
    const token = await tokenFor(A, quiet);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/Notifications/UpdateNotificationPreferences',
      headers: headers(A, token),
      payload: {
        channels: {
          email: { service: true, reminder: true, marketing: false },
          sms: { service: false, reminder: false, marketing: false },
          push: { service: true, reminder: true, marketing: false },
        },
        quietHours: { enabled: true, start: '22:00', end: '07:00' },
      },
    });
    // 23:30 in Vietnam.
    const night = new Date('2030-03-04T16:30:00Z');
    const send = (key: string, event: 'booking-confirmed' | 'appointment-reminder', deadline?: Date) =>
      t.db.tenant(A, (sql) =>
        notify(sql, tenant(A).config, {
          event,
          userId: quiet,
          key,
          values: samplePayload(event),
          now: night,
          deadline,
        }),
      );
    await send('quiet-service', 'booking-confirmed');
    await send('quiet-reminder', 'appointment-reminder', new Date('2030-03-05T09:00:00Z'));
    await send('quiet-soon', 'appointment-reminder', new Date('2030-03-04T17:00:00Z'));
    const rows = await onTenant<{ dedup_key: string; next_attempt_at: Date }>(
      t.db,
      A,
      `SELECT dedup_key, next_attempt_at FROM message_deliveries WHERE dedup_key LIKE 'quiet-%' ORDER BY dedup_key`,
    );
    // No SMS (switched off), email and push each.
    expect(rows.map((r) => r.dedup_key)).toEqual([
      'quiet-reminder:email',
      'quiet-reminder:push',
      'quiet-service:email',
      'quiet-service:push',
      'quiet-soon:email',
      'quiet-soon:push',
    ]);
    const at = Object.fromEntries(rows.map((r) => [r.dedup_key, r.next_attempt_at.toISOString()]));
    expect(at['quiet-service:email']).toBe(night.toISOString());
    expect(at['quiet-reminder:email']).toBe('2030-03-05T00:00:00.000Z'); // 07:00 in Vietnam
    expect(at['quiet-soon:email']).toBe(night.toISOString()); // the appointment is before 07:00
  });

  it('non-essential email carries List-Unsubscribe; its link turns that category off (POST), own tenant only', async () => {
    const reader = await createUser(t.db, A, { email: 'reader@example.com' });
    await t.db.tenant(A, (sql) =>
      notify(sql, tenant(A).config, {
        event: 'appointment-reminder',
        userId: reader,
        key: 'unsub-1',
        values: samplePayload('appointment-reminder'),
      }),
    );
    await dispatchDueMessages(t.db, tenant(A), channels());
    const mail = smtp.messages.find((m) => JSON.stringify(m.to).includes('reader@example.com'))!;
    const raw = smtp.raw.find((r) => r.includes('reader@example.com'))!.replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <([^>]+)>/im.exec(raw)?.[1] ?? '';
    expect(header).toMatch(/\/api\/v1\/Notifications\/Unsubscribe\?token=[0-9a-f-]{36}&category=reminder/);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect(mail.text).toContain('Ngừng nhận loại thư này');
    const url = new URL(header);
    const target = `/api/v1/Notifications/Unsubscribe${url.search}`;
    const page = await t.app.inject({ url: target, headers: tenantHeaders(A) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    // Another tenant does not know the token.
    expect((await t.app.inject({ method: 'POST', url: target, headers: tenantHeaders(B) })).statusCode).toBe(
      404,
    );
    const done = await t.app.inject({ method: 'POST', url: target, headers: tenantHeaders(A) });
    expect(done.statusCode).toBe(200);
    const token = await tokenFor(A, reader);
    const prefs = await t.app.inject({
      url: '/api/v1/Notifications/GetNotificationPreferences',
      headers: headers(A, token),
    });
    expect(prefs.json().data.channels.email).toEqual({ service: true, reminder: false, marketing: false });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/Notifications/Unsubscribe?token=00000000-0000-4000-8000-000000000000&category=reminder',
      headers: tenantHeaders(A, { 'x-accept-language': 'en' }),
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().codeMessageRespond).toBe('unsubscribe_link_invalid');
  });

  it('signs with DKIM when configured', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await raise('dkim-1');
    const signing = smtpMailer(smtp.url, {
      domainName: 'songhong.example',
      keySelector: 'mail',
      privateKey: pem,
    });
    await dispatchDueMessages(t.db, tenant(A), channels({ mail: signing }));
    signing.close?.();
    const raw = smtp.raw.find((r) => r.includes('LH2607-0041') && /^DKIM-Signature:/im.test(r));
    expect(raw).toMatch(
      /DKIM-Signature: v=1; a=rsa-sha256; c=relaxed\/relaxed; d=songhong\.example;\s+q=dns\/txt; s=mail;/,
    );
  });

  it('without a push service a push is cancelled; outside production email and SMS stop at the outbox', async () => {
    await raise('nopush-1');
    await dispatchDueMessages(t.db, tenant(A), channelsFromEnv(t.env));
    expect(Object.fromEntries((await deliveries('nopush-1')).map((d) => [d.channel, d.state]))).toEqual({
      email: 'sent',
      push: 'cancelled',
      sms: 'sent',
    });
  });

  it('an account deleted after the event hears nothing more', async () => {
    const leaving = await createUser(t.db, A, { email: 'leaving@example.com' });
    await t.db.tenant(A, (sql) =>
      notify(sql, tenant(A).config, {
        event: 'booking-confirmed',
        userId: leaving,
        key: 'deleted-1',
        values: samplePayload('booking-confirmed'),
      }),
    );
    await t.db.tenant(A, (sql) =>
      sql.query(`UPDATE users SET status = 'deleted' WHERE user_id = $1`, [leaving]),
    );
    const before = smtp.messages.length;
    await dispatchDueMessages(t.db, tenant(A), channels());
    expect(smtp.messages.length).toBe(before);
    expect((await deliveries('deleted-1')).map((d) => [d.state, d.last_error])).toEqual([
      ['cancelled', 'account deleted'],
      ['cancelled', 'account deleted'],
    ]);
  });

  it('lists deliveries for the operator', async () => {
    const lines: string[] = [];
    expect(
      await messagesCommand.run({
        db: t.db,
        registry: t.registry,
        args: [A, 'failed'],
        print: (l) => lines.push(l),
      }),
    ).toBe(0);
    expect(lines[0]).toBe('id\tcreated (UTC)\tevent\tchannel\tto\tstate\tattempts\tlast error');
    expect(lines.some((l) => l.includes('\tsms\t+84912345678\tfailed\t1\t'))).toBe(true);
  });
});
