import { PRIVATE_UPLOAD_FOLDERS } from '../../../schemas/codes';
import type { Sql } from '../../db/database';
import { eraseAddresses } from '../addresses/index';
import { erasePatients } from '../patients/index';
import type { PersonalDataSection } from './section';

/** What the purge erased of one account: rows per section and files to delete after commit. */
export interface ErasedAccount {
  userId: number;
  /** Rows (records) erased per section, plus consents, access log, family members, addresses. */
  records: Record<string, number>;
  /** Storage keys to delete once the transaction commits (sections' files, private uploads). */
  fileKeys: string[];
}

/** How many records a section's export holds: an array's length, or the sum of its arrays. */
function recordCount(data: unknown): number {
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object')
    return Object.values(data).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 0), 0);
  return data === null || data === undefined ? 0 : 1;
}

/**
 * Erases a purged account's personal data inside the purge's tenant transaction (as the owner):
 * every section's rows (their files returned for deletion), the user's remaining private uploads
 * (health records, claims, cards, signatures, attachments never linked or left over), consents,
 * the data access log, and the family members' and addresses' personal fields. Statements filter
 * on the user id (ids are unique across tenants), so a superuser owner that bypasses RLS still
 * touches only this account.
 */
export async function erasePersonalData(
  sql: Sql,
  userId: number,
  sections: PersonalDataSection[],
): Promise<ErasedAccount> {
  const records: Record<string, number> = {};
  const keys = new Set<string>();
  for (const section of sections) {
    const { data, files } = await section.export(sql, userId);
    const erased = await section.erase(sql, userId);
    records[section.name] = recordCount(data);
    for (const key of [...erased, ...files.map((f) => f.fileKey)]) keys.add(key);
  }
  const uploads = await sql.query<{ file_key: string }>(
    `DELETE FROM uploads WHERE user_id = $1 AND folder = ANY($2::text[]) RETURNING file_key`,
    [userId, [...PRIVATE_UPLOAD_FOLDERS]],
  );
  for (const { file_key } of uploads.rows) keys.add(file_key);
  records.uploads = uploads.rows.length;
  const consents = await sql.query('DELETE FROM data_consents WHERE user_id = $1 RETURNING consent_id', [
    userId,
  ]);
  records.consents = consents.rows.length;
  // The log of reads of the user's data goes with the data: once erased, it could only describe
  // an anonymous tombstone, and it names the family members (patient_id). The owner may delete
  // it; the application role cannot (append-only).
  const log = await sql.query('DELETE FROM data_access_log WHERE user_id = $1 RETURNING access_id', [userId]);
  records.accessLog = log.rows.length;
  records.familyMembers = await erasePatients(sql, userId);
  records.addresses = await eraseAddresses(sql, userId);
  return { userId, records, fileKeys: [...keys] };
}
