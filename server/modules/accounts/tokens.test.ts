import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant, caller, createUser, DEVICE_A, DEVICE_B, PASSWORD } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = () => caller(t.app, 'songkhoe');
async function signIn(email: string, device = DEVICE_A) {
  const res = await api().post('Auth/Login', { userName: email, password: PASSWORD }, { device });
  return res.json.data as { token: string; refreshToken: string; userId: number };
}

describe('tokens and devices', () => {
  it('rotates refresh tokens; reusing an old one revokes the whole family', async () => {
    await createUser(t.db, 'songkhoe', { email: 'rot@example.com' });
    const first = await signIn('rot@example.com');
    const second = await api().post('Auth/RefreshToken', { refreshToken: first.refreshToken });
    expect(second.status).toBe(200);
    expect(second.json.data.refreshToken).not.toBe(first.refreshToken);
    expect(second.json.data.token).toEqual(expect.any(String));
    const reuse = await api().post('Auth/RefreshToken', { refreshToken: first.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.json.codeMessageRespond).toBe('invalid_refresh_token');
    // The thief's reuse also killed the legitimate holder's newer token.
    const after = await api().post('Auth/RefreshToken', { refreshToken: second.json.data.refreshToken });
    expect(after.status).toBe(401);
  });

  it('stores refresh tokens only as SHA-256', async () => {
    await createUser(t.db, 'songkhoe', { email: 'hash@example.com' });
    const session = await signIn('hash@example.com');
    const rows = await onTenant<{ token_hash: string }>(
      t.db,
      'songkhoe',
      'SELECT token_hash FROM refresh_tokens',
    );
    expect(rows.some((r) => r.token_hash === session.refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('a refresh token of tenant A is unknown on tenant B', async () => {
    await createUser(t.db, 'songkhoe', { email: 'cross@example.com' });
    const session = await signIn('cross@example.com');
    const res = await caller(t.app, 'songhong').post('Auth/RefreshToken', {
      refreshToken: session.refreshToken,
    });
    expect(res.status).toBe(401);
  });

  it('Auth/Logout ends this device; LogoutReliableDevice ends others and their trust', async () => {
    await createUser(t.db, 'songkhoe', { email: 'out@example.com' });
    const a = await signIn('out@example.com');
    // Trust device B through the strange-device code.
    await api().post('Auth/Login', { userName: 'out@example.com', password: PASSWORD }, { device: DEVICE_B });
    const code = await api().lastCode('out@example.com');
    const b = (
      await api().post(
        'Auth/VerifyOTPReliableDevice',
        { userName: 'out@example.com', otp: code },
        { device: DEVICE_B },
      )
    ).json.data;
    const devices = await api().get('Users/GetLoginDevices', { token: a.token });
    expect(devices.json.data).toHaveLength(2);
    const deviceB = devices.json.data.find((d: { current: boolean }) => !d.current);
    expect(deviceB.trusted).toBe(true);
    expect(
      (await api().post('Users/LogoutReliableDevice', { ids: [deviceB.id] }, { token: a.token })).status,
    ).toBe(200);
    expect((await api().post('Auth/RefreshToken', { refreshToken: b.refreshToken })).status).toBe(401);
    const again = await api().post(
      'Auth/Login',
      { userName: 'out@example.com', password: PASSWORD },
      { device: DEVICE_B },
    );
    expect(again.json.codeMessageRespond).toBe('LoginStrangeDevice');
    expect((await api().post('Auth/Logout', {}, { token: a.token })).status).toBe(200);
    expect((await api().post('Auth/RefreshToken', { refreshToken: a.refreshToken })).status).toBe(401);
  });

  it('another account cannot sign my devices out', async () => {
    await createUser(t.db, 'songkhoe', { email: 'victim@example.com' });
    await createUser(t.db, 'songkhoe', { email: 'other@example.com' });
    const victim = await signIn('victim@example.com');
    const other = await signIn('other@example.com');
    const ids = (await api().get('Users/GetLoginDevices', { token: victim.token })).json.data.map(
      (d: { id: number }) => d.id,
    );
    await api().post('Users/LogoutReliableDevice', { ids }, { token: other.token });
    expect((await api().post('Auth/RefreshToken', { refreshToken: victim.refreshToken })).status).toBe(200);
  });
});
