import type { WalletHistory, WalletKind } from '../../../schemas/wallet';
import type { Sql } from '../../db/database';

/**
 * The user's balance (VND) as an SQL expression, for a caller's statement that reads it with other
 * things (the booking's first read); `userParam` is the parameter holding the user ('$8').
 */
export const walletBalanceSql = (userParam: string) =>
  `coalesce((SELECT balance FROM wallet_balances WHERE user_id = ${userParam}), 0)`;

/** The user's balance (VND); 0 when the user has no wallet row yet. */
export async function walletBalance(sql: Sql, userId: number): Promise<number> {
  const { rows } = await sql.query<{ balance: number }>(`SELECT ${walletBalanceSql('$1')} AS balance`, [
    userId,
  ]);
  return Number(rows[0]!.balance);
}

interface HistoryRow {
  wallet_transaction_id: string | number;
  amount: number;
  kind: WalletKind;
  appointment_id: string | number | null;
  appointment_number: string | null;
  purchase_id: string | number | null;
  description: string;
  created_at: Date | string;
  total: string | number;
}

export interface HistoryOptions {
  pageNumber: number;
  pageSize: number;
  /** Half-open instant range [from, to) of created_at; null for all. */
  range: { from: Date; to: Date } | null;
}

/**
 * One page of the user's wallet transactions, newest first (the id breaks ties: a payment and its
 * refund written in one transaction share created_at), with the total count for the pager.
 * Runs under the tenant's RLS: another tenant's rows are never seen.
 */
export async function walletHistory(
  sql: Sql,
  userId: number,
  { pageNumber, pageSize, range }: HistoryOptions,
): Promise<{ rows: WalletHistory[]; total: number }> {
  const params: unknown[] = [userId];
  let where = 'w.user_id = $1';
  if (range) {
    params.push(range.from.toISOString(), range.to.toISOString());
    where += ' AND w.created_at >= $2::timestamptz AND w.created_at < $3::timestamptz';
  }
  const filterParams = [...params];
  params.push(pageSize, (pageNumber - 1) * pageSize);
  const { rows } = await sql.query<HistoryRow>(
    `SELECT w.wallet_transaction_id, w.amount, w.kind, w.appointment_id, a.appointment_number,
            w.purchase_id, w.description, w.created_at, count(*) OVER () AS total
       FROM wallet_transactions w
       LEFT JOIN appointments a ON a.appointment_id = w.appointment_id AND a.user_id = w.user_id
      WHERE ${where}
      ORDER BY w.created_at DESC, w.wallet_transaction_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && pageNumber > 1) {
    const count = await sql.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM wallet_transactions w WHERE ${where}`,
      filterParams,
    );
    total = Number(count.rows[0]?.n ?? 0);
  }
  return {
    rows: rows.map((r) => ({
      walletTransactionId: Number(r.wallet_transaction_id),
      amount: r.amount,
      kind: r.kind,
      appointmentId:
        r.appointment_id === null || r.appointment_number === null ? null : Number(r.appointment_id),
      appointmentNumber: r.appointment_number,
      purchaseId: r.purchase_id === null ? null : Number(r.purchase_id),
      description: r.description,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total,
  };
}
