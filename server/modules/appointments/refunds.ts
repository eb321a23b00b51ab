import type { Refund } from '../../../schemas/appointments';
import type { Sql } from '../../db/database';
import { providerRefunds } from '../../services/payments/index';

/**
 * Where the money of an appointment went back (receipt, appointment detail, the cancel answer):
 * the wallet credits booking wrote for it (`wallet.ts`, kind 'refund': one line, the sum, at the
 * last credit) and what the payment provider refunded to the bank account or card that paid.
 * Runs in the caller's tenant transaction, for an appointment already known to be the caller's.
 */
export async function refundsOf(sql: Sql, appointmentId: number): Promise<Refund[]> {
  const { rows } = await sql.query<{ amount: number | string | null; at: Date | null }>(
    `SELECT sum(amount) AS amount, max(created_at) AS at FROM wallet_transactions
      WHERE appointment_id = $1 AND kind = 'refund'`,
    [appointmentId],
  );
  const refunds: Refund[] = [];
  const wallet = rows[0];
  if (wallet?.at && Number(wallet.amount) > 0) {
    refunds.push({ to: 'wallet', amount: Number(wallet.amount), at: new Date(wallet.at).toISOString() });
  }
  for (const bank of await providerRefunds(sql, appointmentId)) {
    refunds.push({ to: 'bank', amount: bank.amount, at: bank.at.toISOString() });
  }
  return refunds.sort((a, b) => a.at.localeCompare(b.at));
}
