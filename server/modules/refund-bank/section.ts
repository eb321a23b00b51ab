import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';
import { readRefundBank } from './repository';

/** The refund bank account in the personal data export, and its erasure at the purge. */
export const refundBankSection: PersonalDataSection = {
  name: 'refundBankInfo',
  async export(sql: Sql, userId: number) {
    return { data: await readRefundBank(sql, userId), files: [] };
  },
  async erase(sql: Sql, userId: number) {
    await sql.query('DELETE FROM refund_bank_accounts WHERE user_id = $1', [userId]);
    return [];
  },
};
