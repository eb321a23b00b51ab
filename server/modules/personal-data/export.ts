import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import type { Storage } from '../../services/storage/index';
import { exportProfile } from '../accounts/index';
import { exportAddresses } from '../addresses/index';
import { exportPatients } from '../patients/index';
import { listDataAccess, logDataAccess, selfActor } from './access-log';
import { consentHistory } from './consent';
import type { PersonalDataSection } from './section';

/** What goes into the archive: data.json's content and the files to read from storage. */
export interface ExportPlan {
  data: Record<string, unknown>;
  files: { archivePath: string; fileKey: string }[];
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
/** A section's archive path, checked: relative, safe segments only (else the file is skipped). */
const safeArchivePath = (path: string) => {
  const parts = path.split('/');
  return parts.length <= 6 && parts.every((p) => SEGMENT.test(p) && !p.includes('..')) ? path : null;
};

/**
 * Gathers a user's personal data in their tenant transaction and logs the export there (so the
 * export and its trace commit together): profile (no secrets: no password hash, PIN, second
 * factor or token), family members, addresses, consents, the access log and every section.
 */
export async function planExport(
  sql: Sql,
  userId: number,
  tenant: TenantConfig,
  sections: PersonalDataSection[],
  ip: string | null,
): Promise<ExportPlan> {
  const data: Record<string, unknown> = {
    format: 'personal-data-export/1',
    exportedAt: new Date().toISOString(),
    tenant: { code: tenant.code, name: tenant.name.vi },
    profile: await exportProfile(sql, userId),
    familyMembers: await exportPatients(sql, userId),
    addresses: await exportAddresses(sql, userId),
    consents: await consentHistory(sql, userId),
  };
  const files: ExportPlan['files'] = [];
  for (const section of sections) {
    const part = await section.export(sql, userId);
    data[section.name] = part.data;
    for (const file of part.files) {
      const path = safeArchivePath(file.archivePath);
      if (path) files.push({ archivePath: `files/${path}`, fileKey: file.fileKey });
    }
  }
  // The log as it stands before this export's own entry.
  data.dataAccessLog = (await listDataAccess(sql, userId, null)).rows;
  await logDataAccess(sql, {
    userId,
    actor: selfActor(userId),
    action: 'export',
    resource: 'data_export',
    ip,
  });
  return { data, files };
}

/**
 * The archive as a stream: each file read through the storage service one at a time (stored as
 * is: JPEG, PNG and PDF are already compressed), then data.json (deflated) with the list of the
 * files included and of those storage no longer had. Waits for the reader between files, so a
 * slow download holds at most one file in memory.
 */
export function streamArchive(storage: Storage, tenant: string, plan: ExportPlan): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  void (async () => {
    const included: string[] = [];
    const missing: string[] = [];
    for (const file of plan.files) {
      if (included.includes(file.archivePath) || missing.includes(file.archivePath)) continue;
      const stored = await storage.get(tenant, file.fileKey);
      if (!stored) {
        missing.push(file.archivePath);
        continue;
      }
      const entry = new ZipPassThrough(file.archivePath);
      zip.add(entry);
      entry.push(stored.bytes, true);
      included.push(file.archivePath);
      await drained();
    }
    const json = new ZipDeflate('data.json', { level: 6 });
    zip.add(json);
    json.push(strToU8(JSON.stringify({ ...plan.data, files: { included, missing } }, null, 2)), true);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
