import type { Sql } from '../../db/database';
import type { PersonalDataSection } from '../personal-data/index';
import { advisoryOf, allAdvisoriesOf } from './advisory-repository';

/**
 * The IoMT part of a user's personal data (Law 91/2025): the questions asked of the package's
 * doctors (their own and their family members', about their health) with the answers; erased at
 * the account purge (the answers go with their requests).
 */
export const iomtAdviceSection: PersonalDataSection = {
  name: 'iomtAdvice',
  async export(sql: Sql, userId: number) {
    return { data: (await allAdvisoriesOf(sql, userId, 'vi')).map(advisoryOf), files: [] };
  },
  async erase(sql: Sql, userId: number) {
    await sql.query('DELETE FROM advisory_requests WHERE user_id = $1', [userId]);
    return [];
  },
};
