import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { callApi, giveHealthDataConsent, type ApiReply } from '../../../tests/helpers/api-client';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { seedDemoInsurance } from '../../seed/insurance';
import { asOwner, createPatientUser, type TestUser } from '../appointments/care-fixtures';
import { PDF, PNG } from '../../../tests/helpers/files';

export { PDF, PNG };

/**
 * Test set-up of the insurance tests: an app with uploads in a fresh DATA_DIR and the demo
 * companies on songkhoe and songhong, signed-in users (with or without consent), uploads through
 * the real endpoints, and a valid claim.
 */

export async function createInsuranceApp(): Promise<TestApp> {
  const t = await createTestApp({ env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'insurance-')) } });
  for (const tenant of ['songkhoe', 'songhong'])
    await asOwner(t.db, tenant, (sql) => seedDemoInsurance(sql, tenant, true));
  return t;
}

export type Response = ApiReply;

export interface Client {
  t: TestApp;
  tenant: string;
  user: TestUser;
  get(url: string): Promise<Response>;
  post(url: string, body: unknown): Promise<Response>;
  del(url: string): Promise<Response>;
}

let counter = 0;

/** A signed-in user with a self patient on `tenant`, with the health-data consent unless told. */
export async function userOn(
  t: TestApp,
  tenant: string,
  options: { consent?: boolean } = {},
): Promise<Client> {
  counter += 1;
  const user = await createPatientUser(t.app, t.db, tenant, `ins${counter}-${tenant}@example.com`);
  if (options.consent !== false) await giveHealthDataConsent(t, tenant, user.userId);
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    callApi(t.app, { tenant, token: user.token, method, url, body });
  return {
    t,
    tenant,
    user,
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    del: (url) => send('DELETE', url),
  };
}

/** Uploads bytes to a private folder through the real endpoints; returns the fileHttpUrl. */
export async function upload(
  c: Client,
  file: { type?: string; name?: string; bytes?: Buffer; folder?: string } = {},
): Promise<string> {
  const type = file.type ?? 'image/png';
  const grant = await c.post('Storages/GetUploadUrls', {
    files: [
      { fileType: type, fileName: file.name ?? 'scan.png', folderName: file.folder ?? 'InsuranceClaims' },
    ],
  });
  expect(grant.status, JSON.stringify(grant.json)).toBe(200);
  const { uploadUrl, fileHttpUrl } = grant.json.data.fileUploads[0] as {
    uploadUrl: string;
    fileHttpUrl: string;
  };
  const put = await c.t.app.inject({
    method: 'PUT',
    url: new URL(uploadUrl).pathname,
    headers: { 'content-type': type },
    payload: file.bytes ?? PNG,
  });
  expect(put.statusCode, put.body).toBe(200);
  return fileHttpUrl;
}

/** The first active company of the client's tenant. */
export async function companyOf(c: Client): Promise<number> {
  const res = await c.get('InsuranceClaims/GetAllInsuranceCompanies');
  expect(res.status).toBe(200);
  return res.json.data[0].insuranceCompanyId as number;
}

/** The answers of a valid claim form (base fields only). */
export const claimForm = (insuranceCompanyId: number, extra: Record<string, unknown> = {}) => ({
  insuranceCompanyId,
  insuredName: 'Nguyễn Văn An',
  policyNumber: 'HD-2026-0001',
  dateOfBirth: '1990-01-01',
  idNumber: '001090012345',
  reason: 'Điều trị viêm phổi',
  eventDate: '2026-11-01',
  providerName: 'Bệnh viện Sông Hồng',
  claimAmount: 3_500_000,
  ...extra,
});

/** A full claim request with fresh uploads (ID front and back PNG, one PDF document). */
export async function claimRequest(
  c: Client,
  claim: Record<string, unknown>,
  files: { documents?: number } = {},
): Promise<Record<string, unknown>> {
  const documentUrls: string[] = [];
  for (let i = 0; i < (files.documents ?? 1); i++)
    documentUrls.push(await upload(c, { type: 'application/pdf', name: `hoa-don-${i}.pdf`, bytes: PDF }));
  return {
    claim,
    idFrontUrl: await upload(c, { name: 'cccd-truoc.png' }),
    idBackUrl: await upload(c, { name: 'cccd-sau.png' }),
    documentUrls,
    acceptTerms: true,
  };
}

/** Rows of a table as the tenant sees them (owner with the tenant set, RLS applies). */
export async function count(t: TestApp, tenant: string, table: string, userId: number): Promise<number> {
  return asOwner(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1 AND tenant_id = current_tenant()`,
      [userId],
    );
    return rows[0]!.n;
  });
}
