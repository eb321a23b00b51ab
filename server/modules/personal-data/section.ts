import type { Sql } from '../../db/database';

/**
 * What a feature that holds personal data gives the personal-data module, through its own
 * `index.ts`: its part of a user's export archive, and the erasure of its rows when a deleted
 * account is purged. The personal-data module lists the sections (sections.ts); it never reads
 * another feature's tables itself.
 */
export interface PersonalDataSection {
  /** The section's key in the archive's data.json ("healthRecords", "insuranceClaims", ...). */
  name: string;
  /**
   * The user's data (their own and their family members'), JSON-ready, and the files to include:
   * `archivePath` inside the archive (safe segments only, e.g. "health-records/12/scan.pdf") and
   * the storage key to read. Runs in the user's tenant transaction.
   */
  export(
    sql: Sql,
    userId: number,
  ): Promise<{ data: unknown; files: { archivePath: string; fileKey: string }[] }>;
  /**
   * Erases the user's rows of this feature (the purge after the deletion grace period, in the
   * tenant's transaction) and returns the storage keys of the files to delete after commit.
   */
  erase(sql: Sql, userId: number): Promise<string[]>;
}
