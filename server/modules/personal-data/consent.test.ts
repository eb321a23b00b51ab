import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant } from '../accounts/test-support';
import { requireHealthDataConsent } from './index';
import { DEVICE, signedIn } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONSENT = 'Users/GetHealthDataConsent';
const GIVE = 'Users/GiveHealthDataConsent';
const WITHDRAW = 'Users/WithdrawHealthDataConsent';

describe('health-data consent', () => {
  it("shows the tenant's text in the request language and its version", async () => {
    const me = await signedIn(t, 'songkhoe');
    const vi = await me.get(CONSENT, 'vi');
    expect(vi.status).toBe(200);
    expect(vi.json.data).toMatchObject({
      version: '2026-01',
      language: 'vi',
      consented: false,
      givenAt: null,
    });
    expect(vi.json.data.text).toContain('Luật Bảo vệ dữ liệu cá nhân');
    const en = await me.get(CONSENT, 'en');
    expect(en.json.data.text).toContain('Personal Data Protection Law');
    expect(en.json.data.text).not.toEqual(vi.json.data.text);
  });

  it('falls back to the built-in text naming the tenant when the tenant has none', async () => {
    const saomai = t.registry.byCode.get('saomai')!.config;
    expect(saomai.privacy.healthDataConsent.text.vi).toBe('');
    const me = await signedIn(t, 'saomai');
    const vi = (await me.get(CONSENT, 'vi')).json.data;
    expect(vi.text).toContain(saomai.name.vi);
    expect(vi.text).toMatch(/bảo hiểm/);
    expect(vi.text).toMatch(/Rút lại/);
    const en = (await me.get(CONSENT, 'en')).json.data;
    expect(en.text).toContain(saomai.name.en);
    expect(en.text).toMatch(/fee guarantee/);
  });

  it('refuses a version other than the current one (409) and stores nothing', async () => {
    const me = await signedIn(t);
    const res = await me.post(GIVE, { version: '2025-01' });
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual(['consent_version_changed']);
    expect(
      await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM data_consents WHERE user_id = $1', [me.userId]),
    ).toEqual([]);
    const bad = await me.post(GIVE, {});
    expect(bad.status).toBe(400);
  });

  it('records the proof once (idempotent): text hash, language, ip, device', async () => {
    const me = await signedIn(t);
    const first = await me.post(GIVE, { version: '2026-01' }, 'en');
    expect(first.status).toBe(200);
    expect(first.json.data.consented).toBe(true);
    expect(Date.parse(first.json.data.givenAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await me.post(GIVE, { version: '2026-01' }, 'en');
    expect(again.json.data.givenAt).toBe(first.json.data.givenAt);
    const rows = await onTenant<Record<string, unknown>>(
      t.db,
      'songkhoe',
      'SELECT version, text_sha256, language, ip, device_id, withdrawn_at FROM data_consents WHERE user_id = $1',
      [me.userId],
    );
    const shown = (await me.get(CONSENT, 'en')).json.data.text as string;
    expect(rows).toEqual([
      {
        version: '2026-01',
        text_sha256: createHash('sha256').update(shown).digest('hex'),
        language: 'en',
        ip: '127.0.0.1',
        device_id: DEVICE,
        withdrawn_at: null,
      },
    ]);
    expect((await me.get(CONSENT)).json.data.consented).toBe(true);
  });

  it('after a withdrawal requireHealthDataConsent refuses new health data; consenting again works', async () => {
    const me = await signedIn(t);
    const tenant = t.registry.byCode.get('songkhoe')!.config;
    const check = () => t.db.tenant('songkhoe', (sql) => requireHealthDataConsent(sql, me.userId, tenant));
    await expect(check()).rejects.toMatchObject({ statusCode: 403, code: 'consent_required' });
    await me.post(GIVE, { version: '2026-01' });
    await expect(check()).resolves.toBeUndefined();
    const withdrawn = await me.post(WITHDRAW);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.json.data).toMatchObject({ consented: false, givenAt: null });
    await expect(check()).rejects.toMatchObject({ statusCode: 403, code: 'consent_required' });
    // The withdrawn consent stays as proof; a new one is a new row.
    await me.post(GIVE, { version: '2026-01' });
    await expect(check()).resolves.toBeUndefined();
    const rows = await onTenant<{ withdrawn: boolean }>(
      t.db,
      'songkhoe',
      'SELECT withdrawn_at IS NOT NULL AS withdrawn FROM data_consents WHERE user_id = $1 ORDER BY consent_id',
      [me.userId],
    );
    expect(rows).toEqual([{ withdrawn: true }, { withdrawn: false }]);
  });

  it("a consent on one tenant is not another tenant's; signed-out callers are refused", async () => {
    const me = await signedIn(t, 'songhong');
    await me.post(GIVE, { version: '2026-01' });
    expect(
      await onTenant(t.db, 'songkhoe', 'SELECT 1 FROM data_consents WHERE user_id = $1', [me.userId]),
    ).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/${CONSENT}`,
      headers: { companycode: 'songkhoe', host: '127.0.0.1:8080' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
