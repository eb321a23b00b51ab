import type { Sql } from '../../db/database';

/**
 * Wallet moves of booking: a debit only when the balance covers it (one UPDATE with the condition,
 * the CHECK balance >= 0 as the backstop), and credits (refunds), each with a history row.
 */

/** Debits `amount` for an appointment; false when the balance does not cover it. */
export async function debitWallet(
  sql: Sql,
  userId: number,
  amount: number,
  appointmentId: number,
  description: string,
): Promise<boolean> {
  if (amount <= 0) return true;
  const { rows } = await sql.query(
    `UPDATE wallet_balances SET balance = balance - $2, updated_at = now()
      WHERE user_id = $1 AND balance >= $2 RETURNING balance`,
    [userId, amount],
  );
  if (rows.length === 0) return false;
  await sql.query(
    `INSERT INTO wallet_transactions (user_id, amount, kind, appointment_id, description)
     VALUES ($1, $2, 'payment', $3, $4)`,
    [userId, -amount, appointmentId, description],
  );
  return true;
}

/** Credits `amount` back to the user's wallet (kind 'refund'). */
export async function refundToWallet(
  sql: Sql,
  userId: number,
  amount: number,
  appointmentId: number,
  description: string,
): Promise<void> {
  if (amount <= 0) return;
  await sql.query(
    `INSERT INTO wallet_balances (user_id, balance) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET balance = wallet_balances.balance + $2, updated_at = now()`,
    [userId, amount],
  );
  await sql.query(
    `INSERT INTO wallet_transactions (user_id, amount, kind, appointment_id, description)
     VALUES ($1, $2, 'refund', $3, $4)`,
    [userId, amount, appointmentId, description],
  );
}
