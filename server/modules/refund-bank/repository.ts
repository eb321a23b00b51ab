import type { RefundBankInfo } from '../../../schemas/refund-bank';
import type { Sql } from '../../db/database';

/** The user's refund bank account (migration 038), inside the tenant transaction. */
export async function readRefundBank(sql: Sql, userId: number): Promise<RefundBankInfo | null> {
  const { rows } = await sql.query<{ bank_name: string; account_name: string; account_number: string }>(
    'SELECT bank_name, account_name, account_number FROM refund_bank_accounts WHERE user_id = $1',
    [userId],
  );
  const r = rows[0];
  return r ? { bankName: r.bank_name, accountName: r.account_name, accountNumber: r.account_number } : null;
}

export async function saveRefundBank(
  sql: Sql,
  userId: number,
  info: RefundBankInfo,
  now: Date,
): Promise<void> {
  await sql.query(
    `INSERT INTO refund_bank_accounts (user_id, bank_name, account_name, account_number, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET bank_name = $2, account_name = $3, account_number = $4, updated_at = $5`,
    [userId, info.bankName, info.accountName, info.accountNumber, now],
  );
}
