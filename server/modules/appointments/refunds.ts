import type { Refund } from '../../../schemas/appointments';
import type { Sql } from '../../db/database';
import { providerRefunds } from '../../services/payments/index';
import { walletRefundOf } from '../wallet/index';

/**
 * Where the money of an appointment went back (receipt, appointment detail, the cancel answer):
 * the wallet credits booking posted for it (the wallet module's ledger, kind 'refund': one line, the sum, at the
 * last credit) and what the payment provider refunded to the bank account or card that paid.
 * Runs in the caller's tenant transaction, for an appointment already known to be the caller's.
 */
export async function refundsOf(sql: Sql, appointmentId: number): Promise<Refund[]> {
  const refunds: Refund[] = [];
  const wallet = await walletRefundOf(sql, appointmentId);
  if (wallet) refunds.push({ to: 'wallet', amount: wallet.amount, at: wallet.at.toISOString() });
  for (const bank of await providerRefunds(sql, appointmentId)) {
    refunds.push({ to: 'bank', amount: bank.amount, at: bank.at.toISOString() });
  }
  return refunds.sort((a, b) => a.at.localeCompare(b.at));
}
