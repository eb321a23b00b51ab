import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sql } from '../db/database';

/** The demo patient's starting wallet balance (VND): enough to pay part of a booking with it. */
export const DEMO_WALLET_TOPUP = 200_000;

const TENANTS_DIR = fileURLToPath(new URL('../../tenants', import.meta.url));

/**
 * Whether tenants/<code>/tenant.json leaves the wallet feature on (features default to on, as in
 * the tenant schema; a code without a folder, such as a test tenant, has it on). Read leniently:
 * the server validates the file.
 */
export function walletEnabled(code: string): boolean {
  const file = `${TENANTS_DIR}/${code}/tenant.json`;
  if (!existsSync(file)) return true;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { features?: { wallet?: unknown } };
    return json.features?.wallet !== false;
  } catch {
    return true;
  }
}

/**
 * Gives the demo patient (seedDemoAccount) of a tenant with the wallet feature a starting balance
 * of 200 000 ₫ with one 'topup' history row, so a fresh demo can pay with the wallet and show
 * /me/wallet-history. Idempotent: an account that already has a wallet is left alone (accounts
 * survive a re-seed). Runs in the seed's owner transaction with app.tenant_id set.
 * @returns 1 when a wallet was created, else 0
 */
export async function seedDemoWallet(
  sql: Sql,
  code: string,
  now: Date,
  enabled = walletEnabled(code),
): Promise<number> {
  if (!enabled) return 0;
  const { rows } = await sql.query<{ user_id: number }>(
    `SELECT u.user_id FROM users u
      WHERE u.email = $1 AND NOT EXISTS (SELECT 1 FROM wallet_balances b WHERE b.user_id = u.user_id)`,
    [`demo@${code}.example`],
  );
  const user = rows[0];
  if (!user) return 0;
  await sql.query(
    `INSERT INTO wallet_transactions (user_id, amount, kind, description, created_at)
     VALUES ($1, $2, 'topup', $3, $4)`,
    [user.user_id, DEMO_WALLET_TOPUP, 'demo_topup', now],
  );
  return 1;
}
