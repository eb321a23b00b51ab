import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { LocalDiskStorage } from '../../services/storage/index';
import { onTenant } from '../accounts/test-support';
import { healthDataOf } from './export-fixtures';
import { signedIn } from './test-support';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pd-export-'));
const storage = new LocalDiskStorage(dataDir);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir, STORAGE_DRIVER: 'disk' } });
});
afterAll(() => t.close());

const EXPORT = 'Users/ExportMyData';

describe('ExportMyData', () => {
  it('streams one zip with data.json and the files read through storage, and logs the export', async () => {
    const me = await signedIn(t, 'songkhoe', 'en');
    const other = await signedIn(t, 'songkhoe', 'en');
    const mine = await healthDataOf(t, storage, 'songkhoe', me.userId);
    const theirs = await healthDataOf(t, storage, 'songkhoe', other.userId);

    const res = await me.get(EXPORT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="personal-data-songkhoe-/,
    );
    const zip = unzipSync(new Uint8Array(res.raw));
    const names = Object.keys(zip).sort();
    const filePath = `files/appointments/${mine.appointmentId}/${mine.attachmentId}-Ket_qua_xet_nghiem.pdf`;
    expect(names).toEqual(['data.json', filePath]);
    expect(Buffer.from(zip[filePath]!).equals(mine.attachmentBytes)).toBe(true);

    const data = JSON.parse(strFromU8(zip['data.json']!));
    expect(data.profile).toMatchObject({ userId: me.userId, email: me.email });
    expect(data.familyMembers).toEqual([
      expect.objectContaining({ patientId: mine.patientId, fullName: 'Nguyễn Văn An' }),
    ]);
    expect(data.appointments).toHaveLength(1);
    expect(data.appointments[0]).toMatchObject({
      appointmentId: mine.appointmentId,
      doctorName: 'Lê Thị Thu 1',
      otherSymptom: 'Ho khan về đêm',
      symptomsUnknown: false,
      attachments: [
        {
          attachmentId: mine.attachmentId,
          fileName: 'Kết quả xét nghiệm.pdf',
          archivePath: filePath.slice(6),
        },
      ],
    });
    expect(data.consents).toEqual([expect.objectContaining({ version: '2026-01', withdrawnAt: null })]);
    expect(data.dataAccessLog).toEqual([
      expect.objectContaining({ actorLabel: 'BS. Lê Thị Thu 1', appointmentId: mine.appointmentId }),
    ]);
    expect(data.files).toEqual({ included: [filePath], missing: [] });
    // Every feature's section has its key (empty for this user), as listed in sections.ts.
    expect(data.healthRecords).toEqual({ records: [], results: [] });
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['insurance', 'feeGuarantees']));
    // No secrets and nothing of the other user.
    const text = strFromU8(zip['data.json']!);
    expect(text).not.toMatch(/password|pin_hash|totp|token|argon2/i);
    expect(text).not.toContain(String(theirs.attachmentKey));
    expect(text).not.toContain(`"userId": ${other.userId}`);

    const logged = await onTenant<{ action: string; resource_kind: string }>(
      t.db,
      'songkhoe',
      `SELECT action, resource_kind FROM data_access_log WHERE user_id = $1 AND resource_kind = 'data_export'`,
      [me.userId],
    );
    expect(logged).toEqual([{ action: 'export', resource_kind: 'data_export' }]);
  });

  it('allows one export a minute per user (429), and a file gone from storage is listed as missing', async () => {
    const me = await signedIn(t);
    const mine = await healthDataOf(t, storage, 'songkhoe', me.userId);
    await storage.delete('songkhoe', mine.attachmentKey);
    const first = await me.get(EXPORT);
    expect(first.status).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(first.raw))['data.json']!));
    expect(data.files.included).toEqual([]);
    expect(data.files.missing).toHaveLength(1);
    const second = await me.get(EXPORT);
    expect(second.status).toBe(429);
    expect(second.json.codeMessageRespond).toBe('too_many_requests');
    // Another user is not limited by this one.
    expect((await (await signedIn(t)).get(EXPORT)).status).toBe(200);
  });
});
