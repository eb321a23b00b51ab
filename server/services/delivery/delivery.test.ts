import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { jsonHttpSms, registerMessages, renderMessage, sendMessage, type Delivery } from './index';

// A fake SMS gateway at the HTTP boundary: records what it receives, answers 200 or 500.
const received: { auth: string | undefined; body: unknown }[] = [];
let status = 200;
const gateway = createServer((req: IncomingMessage, res) => {
  let data = '';
  req.on('data', (chunk) => (data += chunk));
  req.on('end', () => {
    received.push({ auth: req.headers.authorization, body: JSON.parse(data) });
    res.statusCode = status;
    res.end('{}');
  });
});
let url = '';
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
  t = await createTestApp();
});
afterAll(async () => {
  gateway.close();
  await t.close();
});

const config = () => ({
  provider: 'json-http' as const,
  url,
  apiKeyEnv: 'TEST_SMS_KEY',
  brandName: 'SongKhoe',
});

describe('SMS gateway adapter', () => {
  it('posts JSON with the key read from the named environment variable', async () => {
    await jsonHttpSms(config(), { TEST_SMS_KEY: 'k-123' }).send('+84900000001', 'Mã: 123456');
    expect(received.at(-1)).toEqual({
      auth: 'Bearer k-123',
      body: { to: '+84900000001', content: 'Mã: 123456', brandName: 'SongKhoe' },
    });
  });

  it('fails on a non-2xx answer or a missing key', async () => {
    status = 500;
    await expect(jsonHttpSms(config(), { TEST_SMS_KEY: 'k' }).send('+1', 'x')).rejects.toThrow(/500/);
    status = 200;
    await expect(jsonHttpSms(config(), {}).send('+1', 'x')).rejects.toThrow(/TEST_SMS_KEY/);
  });
});

// A feature's own message kinds, as appointment reminders would bring them.
registerMessages({
  'test-code': {
    vi: ['Mã thử', 'Mã {brand} của bạn là {code}.'],
    en: ['Test code', 'Your {brand} code is {code}.'],
  },
  'test-reminder': {
    vi: ['Nhắc lịch hẹn', 'Lịch hẹn với {doctor} lúc {time}. {doctor} đang chờ bạn.'],
    en: ['Appointment reminder', 'Your appointment with {doctor} is at {time}. {doctor} is expecting you.'],
  },
});

describe('message templates', () => {
  it('renders a feature-registered kind with its own values, every placeholder filled', () => {
    expect(renderMessage('test-reminder', 'en', { brand: 'B', doctor: 'Dr An', time: '09:00' })).toEqual({
      subject: 'B: Appointment reminder',
      body: 'Your appointment with Dr An is at 09:00. Dr An is expecting you.',
    });
  });

  it('refuses an unknown kind and a kind registered again with other texts', () => {
    expect(() => renderMessage('no-such-kind', 'en', { brand: 'B' })).toThrow(/unknown message kind/);
    expect(() => registerMessages({ 'test-code': { vi: ['x', 'y'], en: ['x', 'y'] } })).toThrow(
      /already registered/,
    );
    // The same texts again (an app built twice) are accepted.
    registerMessages({
      'test-code': {
        vi: ['Mã thử', 'Mã {brand} của bạn là {code}.'],
        en: ['Test code', 'Your {brand} code is {code}.'],
      },
    });
  });
});

describe('sendMessage', () => {
  const sent: string[] = [];
  const delivery = (production: boolean): Delivery => ({
    production,
    email: { send: async (to, subject) => void sent.push(`email ${to} ${subject}`) },
    sms: jsonHttpSms(config(), { TEST_SMS_KEY: 'k' }),
    from: 'no-reply@example.com',
    onError: (e) => sent.push(`error ${String(e)}`),
  });
  const outbox = (to: string) =>
    t.db.tenant('songkhoe', (sql) =>
      sql.query<{ code: string }>('SELECT code FROM outbox_messages WHERE recipient = $1', [to]),
    );

  it('outside production only records in the outbox', async () => {
    const before = received.length;
    await t.db.tenant('songkhoe', (sql) =>
      sendMessage(sql, delivery(false), {
        channel: 'sms',
        to: '+84911000000',
        kind: 'test-code',
        lang: 'vi',
        brand: 'Sống Khoẻ',
        code: '111111',
      }),
    );
    expect(received.length).toBe(before);
    expect((await outbox('+84911000000')).rows).toHaveLength(1);
  });

  it('in production records and delivers (email and SMS), in the request language', async () => {
    await t.db.tenant('songkhoe', (sql) =>
      sendMessage(sql, delivery(true), {
        channel: 'email',
        to: 'p@example.com',
        kind: 'test-code',
        lang: 'en',
        brand: 'Brand',
        code: '222222',
      }),
    );
    expect(sent.at(-1)).toBe('email p@example.com Brand: Test code');
    await t.db.tenant('songkhoe', (sql) =>
      sendMessage(sql, delivery(true), {
        channel: 'sms',
        to: '+84922000000',
        kind: 'test-code',
        lang: 'vi',
        brand: 'Brand',
        code: '333333',
      }),
    );
    expect((received.at(-1)!.body as { content: string }).content).toContain('333333');
    expect((await outbox('p@example.com')).rows).toHaveLength(1);
  });

  it('sends text a feature rendered itself, as it is', async () => {
    await t.db.tenant('songkhoe', (sql) =>
      sendMessage(sql, delivery(true), {
        channel: 'email',
        to: 'q@example.com',
        lang: 'en',
        brand: 'Brand',
        subject: 'Your visit tomorrow',
        body: 'See you at 09:00.',
      }),
    );
    expect(sent.at(-1)).toBe('email q@example.com Your visit tomorrow');
    const { rows } = await t.db.tenant('songkhoe', (sql) =>
      sql.query<{ body: string; code: string | null }>(
        'SELECT body, code FROM outbox_messages WHERE recipient = $1',
        ['q@example.com'],
      ),
    );
    expect(rows).toEqual([{ body: 'See you at 09:00.', code: null }]);
  });
});
