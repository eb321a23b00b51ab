import type { Sql } from '../../db/database';

/**
 * Posting to the wallet ledger (migration 029): every move is one appended wallet_transactions
 * row; the database keeps the balance (its trigger, same transaction) and refuses an overdraft
 * (CHECK balance >= 0). Callers run inside their own tenant transaction.
 */

/** Why money entered the wallet (wallet_transactions.kind). */
export type WalletCreditKind = 'topup' | 'refund' | 'referral' | 'adjustment';

export interface WalletEntry {
  userId: number;
  /** VND, > 0: the amount moved (the sign comes from debit or credit). */
  amount: number;
  appointmentId?: number | null;
  /** The purchase (server/modules/purchases) the entry pays or refunds. */
  purchaseId?: number | null;
  description: string;
}

const INSERT = `INSERT INTO wallet_transactions (user_id, amount, kind, appointment_id, description, purchase_id)
                VALUES ($1, $2, $3, $4, $5, $6)`;
const CHECK_VIOLATION = '23514';

/**
 * Pays `amount` from the wallet ('payment'); false when the balance does not cover it. The
 * database decides (under its row lock on the balance, so two payments cannot both spend the
 * same money): a refused entry rolls back to the savepoint and leaves the caller's transaction
 * usable.
 */
export async function debitWallet(sql: Sql, entry: WalletEntry): Promise<boolean> {
  if (entry.amount <= 0) return true;
  await sql.query('SAVEPOINT wallet_debit');
  try {
    await sql.query(INSERT, [
      entry.userId,
      -entry.amount,
      'payment',
      entry.appointmentId ?? null,
      entry.description,
      entry.purchaseId ?? null,
    ]);
  } catch (error) {
    if ((error as { code?: string }).code !== CHECK_VIOLATION) throw error;
    await sql.query('ROLLBACK TO SAVEPOINT wallet_debit');
    return false;
  }
  await sql.query('RELEASE SAVEPOINT wallet_debit');
  return true;
}

/** Credits `amount` to the wallet (a refund, a top-up, a referral reward, an adjustment). */
export async function creditWallet(sql: Sql, kind: WalletCreditKind, entry: WalletEntry): Promise<void> {
  if (entry.amount <= 0) return;
  await sql.query(INSERT, [
    entry.userId,
    entry.amount,
    kind,
    entry.appointmentId ?? null,
    entry.description,
    entry.purchaseId ?? null,
  ]);
}

/** What was credited back to the wallet for an appointment (kind 'refund'): the sum and the last instant. */
export async function walletRefundOf(
  sql: Sql,
  appointmentId: number,
): Promise<{ amount: number; at: Date } | null> {
  const { rows } = await sql.query<{ amount: number | string | null; at: Date | string | null }>(
    `SELECT sum(amount) AS amount, max(created_at) AS at FROM wallet_transactions
      WHERE appointment_id = $1 AND kind = 'refund'`,
    [appointmentId],
  );
  const r = rows[0];
  if (!r?.at || !(Number(r.amount) > 0)) return null;
  return { amount: Number(r.amount), at: new Date(r.at) };
}
