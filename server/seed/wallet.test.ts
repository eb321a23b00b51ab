import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../tests/helpers/test-db';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemoAccount } from './accounts';
import { DEMO_WALLET_TOPUP, seedDemoWallet, walletEnabled } from './wallet';

const NOW = new Date('2030-01-07T03:00:00Z');
let test: TestDatabase;
let db: Database;

/** Runs `fn` as the seed does: owner transaction with the tenant set. */
const asSeed = <T>(code: string, fn: Parameters<Database['owner']>[0]) =>
  db.owner(async (sql) => {
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [code]);
    return fn(sql) as Promise<T>;
  });

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  await migrate(db);
  await db.owner((sql) =>
    sql.query(`INSERT INTO tenants (code, name_vi, name_en) VALUES
      ('songhong', 'Bệnh viện Đa khoa Sông Hồng', 'Song Hong General Hospital'),
      ('saomai', 'Phòng khám Sao Mai', 'Sao Mai Clinic')`),
  );
  for (const code of ['songhong', 'saomai']) await asSeed(code, (sql) => seedDemoAccount(sql, code, NOW));
});

afterAll(() => test?.dispose());

describe(`seedDemoWallet on ${testDbKind()}`, () => {
  it('reads the wallet feature from tenant.json (saomai off; others and unknown codes on)', () => {
    expect(walletEnabled('saomai')).toBe(false);
    expect(walletEnabled('songhong')).toBe(true);
    expect(walletEnabled('songkhoe')).toBe(true);
    expect(walletEnabled('alpha')).toBe(true);
  });

  it('gives the demo patient 200 000 ₫ with one topup row, once; nothing where the wallet is off', async () => {
    expect(await asSeed('songhong', (sql) => seedDemoWallet(sql, 'songhong', NOW))).toBe(1);
    expect(await asSeed('songhong', (sql) => seedDemoWallet(sql, 'songhong', NOW))).toBe(0);
    expect(await asSeed('saomai', (sql) => seedDemoWallet(sql, 'saomai', NOW))).toBe(0);

    const wallets = await db.tenant('songhong', (sql) =>
      sql.query<{ email: string; balance: number }>(
        `SELECT u.email, b.balance FROM wallet_balances b JOIN users u USING (user_id)`,
      ),
    );
    expect(wallets.rows).toEqual([{ email: 'demo@songhong.example', balance: DEMO_WALLET_TOPUP }]);
    const history = await db.tenant('songhong', (sql) =>
      sql.query<{ amount: number; kind: string; created_at: Date }>(
        'SELECT amount, kind, created_at FROM wallet_transactions',
      ),
    );
    expect(history.rows).toEqual([{ amount: 200_000, kind: 'topup', created_at: NOW }]);
    const saomai = await db.tenant('saomai', (sql) =>
      sql.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_balances'),
    );
    expect(saomai.rows[0]?.n).toBe(0);
  });
});
