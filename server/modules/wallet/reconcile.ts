import type { Sql } from '../../db/database';

export interface WalletMismatch {
  userId: number;
  balance: number;
  entriesSum: number;
}

export interface Reconciliation {
  wallets: number;
  entries: number;
  /** Sum of every balance (VND). */
  total: number;
  /** Balances that differ from the sum of their entries, or are negative, or missing. */
  mismatches: WalletMismatch[];
}

/**
 * Proves the ledger of the current tenant: every balance equals the sum of its entries and none
 * is negative (a user with entries but no balance row counts as a balance of 0). The database
 * enforces both (migration 029); this is the independent check an operator and CI run.
 */
export async function reconcileWallets(sql: Sql): Promise<Reconciliation> {
  const { rows } = await sql.query<{
    user_id: number;
    balance: string | number | null;
    total: string | number | null;
    n: string | number | null;
  }>(
    `SELECT coalesce(b.user_id, e.user_id) AS user_id, b.balance, e.total, e.n
       FROM wallet_balances b
       FULL JOIN (SELECT user_id, sum(amount) AS total, count(*) AS n
                    FROM wallet_transactions GROUP BY user_id) e ON e.user_id = b.user_id
      ORDER BY 1`,
  );
  const result: Reconciliation = { wallets: rows.length, entries: 0, total: 0, mismatches: [] };
  for (const r of rows) {
    const balance = Number(r.balance ?? 0);
    const entriesSum = Number(r.total ?? 0);
    result.entries += Number(r.n ?? 0);
    result.total += balance;
    if (balance !== entriesSum || balance < 0 || (r.balance === null && entriesSum !== 0)) {
      result.mismatches.push({ userId: Number(r.user_id), balance, entriesSum });
    }
  }
  return result;
}
