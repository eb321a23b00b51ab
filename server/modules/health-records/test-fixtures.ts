import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { callApi, giveHealthDataConsent, type ApiReply } from '../../../tests/helpers/api-client';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import type { Database } from '../../db/database';
import { asOwner, createPatientUser, type TestUser } from '../appointments/care-fixtures';
import { PDF, PNG } from '../../../tests/helpers/files';

export { PDF, PNG };

/**
 * Test set-up of the health records tests: an app whose uploads live in a fresh temporary
 * DATA_DIR, signed-in users with consent, uploads through the real endpoints, and HTTP helpers.
 */

export async function createHealthApp(): Promise<TestApp & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'health-records-'));
  const t = await createTestApp({ env: { DATA_DIR: dataDir } });
  return Object.assign(t, { dataDir });
}

export type Response = ApiReply;

export interface Client {
  tenant: string;
  user: TestUser;
  get(url: string): Promise<Response>;
  post(url: string, body: unknown): Promise<Response>;
  del(url: string): Promise<Response>;
}

/** A client acting as `user` on `tenant`. */
export function clientOf(t: TestApp, tenant: string, user: TestUser): Client {
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    callApi(t.app, { tenant, token: user.token, method, url, body });
  return {
    tenant,
    user,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    del: (url) => send('DELETE', url),
  };
}

/** Records the user's consent to the tenant's current health-data text. */
export const consent = giveHealthDataConsent;

/** A signed-in user with a self patient and consent. */
export async function consentingUser(t: TestApp, tenant: string, email: string): Promise<Client> {
  const user = await createPatientUser(t.app, t.db, tenant, email);
  await consent(t, tenant, user.userId);
  return clientOf(t, tenant, user);
}

/** Uploads bytes to the HealthRecords folder through the real endpoints; returns the fileHttpUrl. */
export async function upload(
  t: TestApp,
  c: Client,
  file: { type?: string; name?: string; bytes?: Buffer; folder?: string } = {},
): Promise<string> {
  const type = file.type ?? 'image/png';
  const grant = await c.post('Storages/GetUploadUrls', {
    files: [
      { fileType: type, fileName: file.name ?? 'scan.png', folderName: file.folder ?? 'HealthRecords' },
    ],
  });
  expect(grant.status, JSON.stringify(grant.json)).toBe(200);
  const { uploadUrl, fileHttpUrl } = grant.json.data.fileUploads[0] as {
    uploadUrl: string;
    fileHttpUrl: string;
  };
  const put = await t.app.inject({
    method: 'PUT',
    url: new URL(uploadUrl).pathname,
    headers: { 'content-type': type },
    payload: file.bytes ?? PNG,
  });
  return put.statusCode === 200 ? fileHttpUrl : `refused:${put.statusCode}:${put.body}`;
}

/** Creates a record of the user's self patient with the given uploads (default: one PNG). */
export async function createRecord(
  t: TestApp,
  c: Client,
  fields: { recordName?: string; patientId?: number; healthRecordType?: number; urls?: string[] } = {},
): Promise<Response> {
  const urls = fields.urls ?? [await upload(t, c)];
  return c.post('Users/CreateUserHealthRecord', {
    patientId: fields.patientId ?? c.user.patientId,
    recordName: fields.recordName ?? 'Blood test',
    remark: 'Fasting',
    healthRecordType: fields.healthRecordType ?? 1,
    files: urls.map((fileHttpUrl) => ({ fileHttpUrl })),
  });
}

/** Access log rows of a user, oldest first. */
export async function accessLog(db: Database, tenant: string, userId: number) {
  return asOwner(db, tenant, async (sql) => {
    const { rows } = await sql.query<{
      actor_kind: string;
      actor_label: string;
      action: string;
      resource_kind: string;
      resource_id: string | null;
      resource_label: string | null;
      appointment_id: string | null;
      patient_id: number | null;
    }>(
      `SELECT actor_kind, actor_label, action, resource_kind, resource_id, resource_label, appointment_id, patient_id
         FROM data_access_log WHERE user_id = $1 ORDER BY access_id`,
      [userId],
    );
    return rows.map((r) => ({
      ...r,
      resource_id: r.resource_id === null ? null : Number(r.resource_id),
      appointment_id: r.appointment_id === null ? null : Number(r.appointment_id),
    }));
  });
}
