import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as lock } from '../../admin/commands/lock';
import { command as purge } from '../../admin/commands/purge-deleted-accounts';
import { command as resetPassword } from '../../admin/commands/reset-password';
import { command as unlock } from '../../admin/commands/unlock';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { onTenant, caller, createUser, PASSWORD } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const run = (cmd: typeof lock, args: string[]) =>
  cmd.run({ db: t.db, registry: t.registry, args, print: () => {} });
const login = (userName: string) =>
  caller(t.app, 'songkhoe').post('Auth/Login', { userName, password: PASSWORD });

describe('operator commands', () => {
  it('reset-password gives a temporary password that leads through PassNew to a new one', async () => {
    await createUser(t.db, 'songkhoe', { email: 'helpdesk@example.com' });
    const lines: string[] = [];
    const code = await resetPassword.run({
      db: t.db,
      registry: t.registry,
      args: ['songkhoe', 'helpdesk@example.com'],
      print: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    const temporary = /temporary password (\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    expect((await login('helpdesk@example.com')).json.codeMessageRespond).toBe('UserNameOrPasswordFail');
    const api = caller(t.app, 'songkhoe');
    const step = await api.post('Auth/Login', { userName: 'helpdesk@example.com', password: temporary });
    expect(step.json.codeMessageRespond).toBe('PassNew');
    expect(step.json.data.token ?? null).toBeNull();
    const changed = await api.post('Auth/ChangePasswordNew', {
      UserName: 'helpdesk@example.com',
      Password: 'Fresh@Pass9',
      currentPassword: temporary,
    });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.data.token).toBeTruthy();
    expect(await run(resetPassword, ['songhong', 'helpdesk@example.com'])).toBe(1);
  });

  it('lock refuses sign-in with AccountLockedByAdmin and ends sessions; unlock restores it', async () => {
    await createUser(t.db, 'songkhoe', { email: 'op@example.com', mobile: '955555555' });
    const { refreshToken } = (await login('op@example.com')).json.data;
    expect(await run(lock, ['songkhoe', '0955555555'])).toBe(0);
    expect((await login('op@example.com')).json.codeMessageRespond).toBe('AccountLockedByAdmin');
    expect((await caller(t.app, 'songkhoe').post('Auth/RefreshToken', { refreshToken })).status).toBe(401);
    expect(await run(lock, ['songhong', 'op@example.com'])).toBe(1); // other tenant: no such account
    expect(await run(unlock, ['songkhoe', 'OP@example.com'])).toBe(0);
    expect((await login('op@example.com')).json.data.token).toBeTruthy();
    expect(await run(lock, ['nowhere', 'x'])).toBe(2);
  });

  it('purge-deleted-accounts erases personal data after the 30-day grace period only', async () => {
    const recent = await createUser(t.db, 'songkhoe', {
      email: 'recent@example.com',
      status: 'deleted',
      extra: { deleted_at: new Date() },
    });
    const old = await createUser(t.db, 'songkhoe', {
      email: 'old-del@example.com',
      mobile: '966666666',
      status: 'deleted',
      extra: { deleted_at: new Date(Date.now() - 31 * 86_400_000) },
    });
    await onTenant(
      t.db,
      'songkhoe',
      `INSERT INTO audit_log (user_id, login_name, event, outcome, ip, created_at) VALUES ($1, 'old-del@example.com', 'sign_in', 'success', '1.2.3.4', now())`,
      [old],
    );
    expect(await run(purge, [])).toBe(0);
    const rows = await onTenant<Record<string, unknown>>(
      t.db,
      'songkhoe',
      'SELECT user_id, email, mobile_number, full_name, password_hash FROM users WHERE user_id = ANY($1::int[]) ORDER BY user_id',
      [[recent, old]],
    );
    expect(rows[0]).toMatchObject({ email: 'recent@example.com' });
    expect(rows[1]).toMatchObject({ email: null, mobile_number: null, full_name: '', password_hash: '' });
    const audit = await onTenant<{ login_name: string; ip: string }>(
      t.db,
      'songkhoe',
      'SELECT login_name, ip FROM audit_log WHERE user_id = $1',
      [old],
    );
    expect(audit).toEqual([{ login_name: '', ip: '' }]);
  });
});
