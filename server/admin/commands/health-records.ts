import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '../../config/env';
import { ownerInTenant } from '../../db/database';
import {
  addResult,
  careAppointment,
  sharedFileForCare,
  sharedForCare,
  type CareAppointment,
} from '../../modules/health-records/index';
import { createStorage, type Storage } from '../../services/storage/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE = [
  'health-records shared <tenant> <appointmentId>',
  'health-records export-shared <tenant> <appointmentId> <fileId> --out <path>',
  'health-records add-result <tenant> <appointmentId> --title "..." --file <path> [--by "..."]',
].join('\n       ');
const TYPES = ['Other', 'Report', 'Prescription', 'health_examination'];
const MAX_READ = 2 * 1024 * 1024 + 1;

type Context = Parameters<AdminCommand['run']>[0] & { storage: Storage };

/**
 * The care side of health records, acting for an appointment's doctor until doctors have
 * accounts: `shared` lists the records the patient shared with the appointment (only those),
 * `export-shared` writes one of their files, `add-result` attaches a result the patient sees on
 * the appointment. Reads are logged as the doctor (the patient's "who looked at my records").
 * `storage` is the process's storage driver (tests pass their own).
 */
export async function runHealthRecords({ db, registry, args, print, storage }: Context): Promise<number> {
  const parsed = parseCommand(args, {
    usage: USAGE,
    actions: ['shared', 'export-shared', 'add-result'],
    options: {
      out: { type: 'string' },
      title: { type: 'string' },
      file: { type: 'string' },
      by: { type: 'string' },
    },
    registry,
    print,
  });
  if (!parsed) return 2;
  const { action, tenant, config, values, positionals } = parsed;
  const id = Number(positionals[0]);
  if (!Number.isSafeInteger(id) || id < 1) {
    print(`usage: ${USAGE}`);
    return 2;
  }
  const missing = () => print(`no appointment ${id} in ${tenant}`);

  if (action === 'shared') {
    const shared = await ownerInTenant(db, tenant, async (sql) => {
      const a = await careAppointment(sql, id);
      return a ? { a, list: await sharedForCare(sql, a) } : null;
    });
    if (!shared) return (missing(), 1);
    print(`appointment ${id} (${shared.a.doctorName}): ${shared.list.length} shared record(s)`);
    for (const { record, files } of shared.list) {
      print(
        `  record ${record.health_record_id}  ${TYPES[record.record_type] ?? record.record_type}  ` +
          `${record.record_name}  (${record.patient_name ?? ''}, ${new Date(record.created_at).toISOString().slice(0, 10)})`,
      );
      if (record.remark) print(`    ${record.remark}`);
      for (const f of files) {
        print(
          `    file ${Number(f.file_id)}  ${f.content_type}  ${Number(f.size_bytes)} B  ${JSON.stringify(f.file_name)}`,
        );
      }
    }
    return 0;
  }

  if (action === 'export-shared') {
    const fileId = Number(positionals[1]);
    if (!Number.isSafeInteger(fileId) || fileId < 1 || !values.out) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const found = await ownerInTenant(db, tenant, async (sql) => {
      const a = await careAppointment(sql, id);
      return a ? { a, file: await sharedFileForCare(sql, a, fileId) } : null;
    });
    if (!found) return (missing(), 1);
    const stored = found.file ? await storage.get(tenant, found.file.file_key) : null;
    if (!found.file || !stored) {
      print(`file ${fileId} is not shared with appointment ${id}`);
      return 1;
    }
    await writeFile(path.resolve(values.out), stored.bytes, { mode: 0o600 });
    print(`wrote ${stored.bytes.length} bytes (${stored.contentType}) to ${path.resolve(values.out)}`);
    return 0;
  }

  // add-result
  if (!values.title?.trim() || !values.file) {
    print('add-result needs --title and --file');
    return 2;
  }
  let bytes: Buffer;
  try {
    const handle = await readFile(values.file);
    bytes = handle.subarray(0, MAX_READ);
  } catch (error) {
    print(`cannot read ${values.file}: ${(error as Error).message}`);
    return 1;
  }
  const outcome = await ownerInTenant(db, tenant, async (sql) => {
    const a: CareAppointment | null = await careAppointment(sql, id);
    if (!a) return null;
    return addResult(sql, storage, config, a, {
      title: values.title!.trim(),
      fileName: path.basename(values.file!),
      bytes,
      createdBy: values.by,
    });
  });
  if (!outcome) return (missing(), 1);
  if ('error' in outcome) {
    print(
      outcome.error === 'file_too_large'
        ? 'the file is larger than 2 MB; nothing stored'
        : 'the file is not a JPG, PNG or PDF (by its bytes); nothing stored',
    );
    return 1;
  }
  print(`result ${outcome.resultId} attached to appointment ${id}`);
  return 0;
}

export const command: AdminCommand = {
  name: 'health-records',
  usage: USAGE,
  description: 'The doctor side of an appointment: its shared health records, a shared file, add a result',
  // The process's driver (disk or S3, from the environment), as the server's own routes use.
  run: (context) => runHealthRecords({ ...context, storage: createStorage(loadEnv()) }),
};
