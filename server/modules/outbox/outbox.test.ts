import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tenantHeaders, type TestApp } from '../../../tests/helpers/test-app';
import { normalizeRecipient, recordMessage } from '../../services/delivery/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const outbox = (tenant: string, to: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`,
    headers: tenantHeaders(tenant),
  });

describe('dev outbox', () => {
  it('normalizes recipients', () => {
    expect(normalizeRecipient(' An@Example.VN ')).toBe('an@example.vn');
    expect(normalizeRecipient('+84 901-234 567')).toBe('+84901234567');
  });

  it('lists a tenant’s messages to an address, newest first, with the code as a field', async () => {
    await t.db.tenant('songhong', (sql) =>
      recordMessage(sql, {
        channel: 'email',
        recipient: 'Lan@Example.vn',
        subject: 'Mã xác thực',
        body: 'Mã của bạn: 111111',
        code: '111111',
      }),
    );
    await t.db.tenant('songhong', (sql) =>
      recordMessage(sql, {
        channel: 'email',
        recipient: 'lan@example.vn',
        subject: 'Mã xác thực',
        body: 'Mã của bạn: 222222',
        code: '222222',
      }),
    );
    const res = await outbox('songhong', 'lan@example.vn');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((m: { code: string }) => m.code)).toEqual(['222222', '111111']);
  });

  it('finds SMS by phone number with or without the plus sign', async () => {
    await t.db.tenant('saomai', (sql) =>
      recordMessage(sql, {
        channel: 'sms',
        recipient: '+84 901 234 567',
        subject: '',
        body: 'OTP 333333',
        code: '333333',
      }),
    );
    expect((await outbox('saomai', '+84901234567')).json().data[0].code).toBe('333333');
    expect((await outbox('saomai', '84901234567')).json().data[0].code).toBe('333333');
  });

  it('finds an SMS sent to E.164 by the number as a person types it (0..., spaces)', async () => {
    await t.db.tenant('saomai', (sql) =>
      recordMessage(sql, {
        channel: 'sms',
        recipient: '+84912345678',
        subject: '',
        body: 'OTP 555555',
        code: '555555',
      }),
    );
    for (const typed of ['0912345678', '0912 345 678', '84912345678', '+84 912 345 678', '912345678']) {
      expect(
        (await outbox('saomai', typed)).json().data.map((m: { code: string }) => m.code),
        typed,
      ).toEqual(['555555']);
    }
    // Another number is not matched by a loose suffix.
    expect((await outbox('saomai', '0012345678')).json().data).toEqual([]);
  });

  it('never shows one tenant’s messages on another', async () => {
    await t.db.tenant('songhong', (sql) =>
      recordMessage(sql, {
        channel: 'email',
        recipient: 'shared@example.vn',
        subject: 's',
        body: 'b',
        code: '444444',
      }),
    );
    expect((await outbox('songkhoe', 'shared@example.vn')).json().data).toEqual([]);
    expect((await outbox('songhong', 'shared@example.vn')).json().data).toHaveLength(1);
  });

  it('refuses a missing address with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      headers: tenantHeaders('songhong'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().isSuccess).toBe(false);
  });
});
