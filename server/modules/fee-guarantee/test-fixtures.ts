import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callApi, giveHealthDataConsent, type ApiReply } from '../../../tests/helpers/api-client';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { command } from '../../admin/commands/fee-guarantees';
import {
  addAppointment,
  createCatalogue,
  createPatientUser,
  type Catalogue,
  type TestUser,
} from '../appointments/care-fixtures';

/**
 * Fee guarantee test set-up: the app on a temporary DATA_DIR (disk storage, so a test can prove
 * that a refused signature stored nothing), a catalogue per tenant, signed-in users with a
 * health-data consent, appointments with any payment method, and HTTP helpers (JSON and multipart).
 */

export interface World {
  t: TestApp;
  dataDir: string;
  cat: Record<string, Catalogue>;
}

/** `env` adds to (or replaces) the app's environment, e.g. an object store's settings. */
export async function createWorld(env: Record<string, string> = {}): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-fee-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir, STORAGE_DRIVER: 'disk', ...env } });
  // songkhoe has the feature off in tenant.json; on here so its ids can be tried from songhong.
  (t.registry.byCode.get('songkhoe')!.config.features as Record<string, boolean>).hospitalFeeGuarantee = true;
  const cat = {
    songhong: await createCatalogue(t.db, 'songhong', 1),
    songkhoe: await createCatalogue(t.db, 'songkhoe', 1),
  };
  return { t, dataDir, cat };
}

let counter = 0;

/** A signed-in user with a self patient and (unless `consent: false`) the health-data consent. */
export async function user(w: World, tenant = 'songhong', consent = true): Promise<TestUser> {
  counter += 1;
  const u = await createPatientUser(
    w.t.app,
    w.t.db,
    tenant,
    `fee${counter}@example.com`,
    `Bệnh nhân ${counter}`,
  );
  if (consent) await giveConsent(w, tenant, u.userId);
  return u;
}

export const giveConsent = (w: World, tenant: string, userId: number) =>
  giveHealthDataConsent(w.t, tenant, userId);

/** An appointment of the user tomorrow at the catalogue's hospital (default: payment method 3, Booked). */
export function appointment(
  w: World,
  tenant: string,
  u: TestUser,
  fields: { paymentMethod?: number; status?: number; hospitalId?: number | null } = {},
): Promise<number> {
  counter += 1;
  return addAppointment(w.t.db, tenant, u, {
    doctorId: w.cat[tenant]!.doctorIds[0]!,
    hospitalId: w.cat[tenant]!.hospitalId,
    startsAt: new Date(Date.now() + (1 + counter) * 24 * 3600_000),
    paymentMethod: 3,
    paymentStatus: 0,
    ...fields,
  });
}

export type Reply = ApiReply;

/** A request as the web app sends it (bearer token, tenant header). */
export function call(
  w: World,
  tenant: string,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  extra: { payload?: Buffer; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return callApi(w.t.app, { tenant, token, method, url, body, ...extra });
}

export const REQUEST = {
  insuranceCompany: 'Bảo Việt',
  policyNumber: 'BV-123456',
  estimatedAmount: 5_000_000,
};

/** Creates a request from an appointment (payment method 3) and returns its id. */
export async function requestFrom(
  w: World,
  tenant: string,
  u: TestUser,
  appointmentId: number,
): Promise<number> {
  const r = await call(w, tenant, u.token, 'POST', 'HospitalBillCoverages/CreateHospitalBillCoverage', {
    ...REQUEST,
    appointmentId,
  });
  if (r.status !== 200) throw new Error(`create failed: ${JSON.stringify(r.json)}`);
  return r.json.data.feeGuaranteeId as number;
}

/** Runs `npm run admin -- fee-guarantees ...` in-process; returns the exit code and the output. */
export async function admin(w: World, ...args: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await command.run({ db: w.t.db, registry: w.t.registry, args, print: (l) => lines.push(l) });
  return { code, output: lines.join('\n') };
}

/** A multipart body of the given parts (file parts have a file name). */
export function multipartBody(
  parts: { name: string; fileName?: string; type?: string; data: Buffer | string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----skFeeGuarantee7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.fileName ? `; filename="${p.fileName}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.fileName ? `Content-Type: ${p.type ?? 'image/png'}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (JFIF). */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(200, 1),
]);

/** The signature images stored on disk for a tenant (not the driver's side files). */
export function storedSignatures(w: World, tenant: string): string[] {
  try {
    return readdirSync(path.join(w.dataDir, 'uploads', tenant, 'Signatures')).filter((f) =>
      f.endsWith('.png'),
    );
  } catch {
    return [];
  }
}
