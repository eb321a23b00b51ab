import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { runPurge } from '../../admin/commands/purge-deleted-accounts';
import { LocalDiskStorage } from '../../services/storage/index';
import { createUser } from '../accounts/test-support';
import { asOwner } from '../appointments/care-fixtures';
import { healthDataOf } from './export-fixtures';
import type { PersonalDataSection } from './section';
import { personalDataSections } from './sections';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pd-purge-'));
const storage = new LocalDiskStorage(dataDir);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir, STORAGE_DRIVER: 'disk' } });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const deleted = (email: string, daysAgo: number) =>
  createUser(t.db, 'songkhoe', {
    email,
    status: 'deleted',
    extra: { deleted_at: new Date(Date.now() - daysAgo * DAY) },
  });
const count = (table: string, userId: number, where = 'user_id = $1') =>
  asOwner(t.db, 'songkhoe', async (sql) =>
    Number(
      (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, [userId]))
        .rows[0]!.n,
    ),
  );

/** A section of a feature that keeps one record and one file per user (the sections' contract). */
function fakeSection(keys: Map<number, string>): PersonalDataSection {
  return {
    name: 'testRecords',
    export: async (_sql, userId) => ({
      data: keys.has(userId) ? [{ id: 1 }] : [],
      files: keys.has(userId)
        ? [{ archivePath: 'health-records/1/scan.pdf', fileKey: keys.get(userId)! }]
        : [],
    }),
    erase: async (_sql, userId) => {
      const key = keys.get(userId);
      keys.delete(userId);
      return key ? [key] : [];
    },
  };
}

describe('purge-deleted-accounts and personal data', () => {
  it('erases health files from storage after the grace period and reports what it erased', async () => {
    const old = await deleted('purge-old@example.com', 31);
    const recent = await deleted('purge-recent@example.com', 2);
    const gone = await healthDataOf(t, storage, 'songkhoe', old);
    const kept = await healthDataOf(t, storage, 'songkhoe', recent);
    const recordKey = 'HealthRecords/0b7f5d2e-7b9a-4f0e-8e43-1c2d3e4f5a6b.pdf';
    await storage.put('songkhoe', recordKey, Buffer.from('%PDF-1.4 record'), 'application/pdf');
    for (const key of [gone.attachmentKey, gone.uploadKey, recordKey])
      expect(await storage.get('songkhoe', key)).not.toBeNull();

    const lines: string[] = [];
    const sections = [...personalDataSections(), fakeSection(new Map([[old, recordKey]]))];
    const code = await runPurge({
      db: t.db,
      registry: t.registry,
      args: [],
      print: (l) => lines.push(l),
      storage,
      sections,
    });
    expect(code).toBe(0);

    // The files are gone from storage; the recent deletion (still in its grace period) keeps its own.
    for (const key of [gone.attachmentKey, gone.uploadKey, recordKey])
      expect(await storage.get('songkhoe', key)).toBeNull();
    expect(await storage.get('songkhoe', kept.attachmentKey)).not.toBeNull();
    expect(await storage.get('songkhoe', kept.uploadKey)).not.toBeNull();

    // The rows: attachments, private uploads, consents, access log gone; family members anonymised.
    expect(await count('appointment_attachments', gone.appointmentId, 'appointment_id = $1')).toBe(0);
    expect(await count('uploads', old)).toBe(0);
    expect(await count('data_consents', old)).toBe(0);
    expect(await count('data_access_log', old)).toBe(0);
    expect(await count('patients', old, "user_id = $1 AND (full_name <> '' OR id_number IS NOT NULL)")).toBe(
      0,
    );
    for (const table of ['uploads', 'data_consents', 'data_access_log'])
      expect(await count(table, recent)).toBe(1);
    expect(await count('appointment_attachments', kept.appointmentId, 'appointment_id = $1')).toBe(1);

    expect(lines).toContain('songkhoe     1 account(s) erased');
    expect(lines).toContain(
      `songkhoe       account ${old}: records: appointments 1, testRecords 1, uploads 1, consents 1, accessLog 1, familyMembers 1; files deleted 3`,
    );
    expect(lines.some((l) => l.includes(`account ${recent}`))).toBe(false);

    // A second run finds nothing more to purge.
    const again: string[] = [];
    await runPurge({
      db: t.db,
      registry: t.registry,
      args: [],
      print: (l) => again.push(l),
      storage,
      sections,
    });
    expect(again).toContain('songkhoe     0 account(s) erased');
  });

  it('a section that fails leaves everything in place (one transaction)', async () => {
    const old = await deleted('purge-fail@example.com', 40);
    const data = await healthDataOf(t, storage, 'songkhoe', old);
    const failing: PersonalDataSection = {
      name: 'broken',
      export: async () => ({ data: [], files: [] }),
      erase: async () => {
        throw new Error('section failed');
      },
    };
    await expect(
      runPurge({ db: t.db, registry: t.registry, args: [], print: () => {}, storage, sections: [failing] }),
    ).rejects.toThrow('section failed');
    expect(await storage.get('songkhoe', data.uploadKey)).not.toBeNull();
    expect(await count('uploads', old)).toBe(1);
    expect(await count('users', old, "user_id = $1 AND email = 'purge-fail@example.com'")).toBe(1);
  });
});
