import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiReply } from '../../../tests/helpers/api-client';
import { cuttableProxy, type CuttableProxy } from '../../../tests/helpers/cuttable-proxy';
import { PDF, PNG } from '../../../tests/helpers/files';
import { messageFor } from '../../lib/messages';
import { startTestS3, type TestS3 } from '../../services/storage/s3-test-server';
import { asOwner, type TestUser } from '../appointments/care-fixtures';
import {
  admin,
  appointment,
  createWorld,
  multipartBody,
  requestFrom,
  user,
  type World,
} from '../fee-guarantee/test-fixtures';

/**
 * Faults: the object store unreachable. The app talks to a real S3 server (s3rver) through a
 * proxy the test can cut: refusing connections, or accepting them and never answering. Requests
 * that need the store answer 503 `storage_unavailable` (translated, with Retry-After) within a
 * bounded time, never a 500; nothing half-written is linked to a record (the record, its file rows
 * and the claim of the upload roll back together), and the same upload links once the store is
 * back.
 */
let s3: TestS3;
let proxy: CuttableProxy;
let w: World;
const TENANT = 'songhong';
beforeAll(async () => {
  s3 = await startTestS3();
  proxy = await cuttableProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
  w = await createWorld({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
});
afterEach(() => proxy.setMode('pass'));
afterAll(async () => {
  await w?.t.close();
  await proxy?.close();
  await s3?.stop();
});

const api = (u: TestUser | null, method: 'GET' | 'POST', url: string, body?: unknown, language = 'en') =>
  callApi(w.t.app, { tenant: TENANT, token: u?.token, method, url, body, language });

/** A file granted by GetUploadUrls and PUT to its presigned URL (through the proxy); its URL. */
async function uploaded(u: TestUser | null, folder: string, type: string, bytes: Buffer): Promise<string> {
  const grant = await api(u, 'POST', 'Storages/GetUploadUrls', {
    files: [{ fileType: type, fileName: 'scan', folderName: folder }],
  });
  expect(grant.status, JSON.stringify(grant.json)).toBe(200);
  const { uploadUrl, fileHttpUrl } = grant.json.data.fileUploads[0] as {
    uploadUrl: string;
    fileHttpUrl: string;
  };
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': type },
  });
  expect(put.status).toBe(200);
  return fileHttpUrl;
}

const createRecord = (u: TestUser, fileHttpUrl: string, language = 'en') =>
  api(
    u,
    'POST',
    'Users/CreateUserHealthRecord',
    {
      patientId: u.patientId,
      recordName: 'Xét nghiệm máu',
      remark: 'Lúc đói',
      healthRecordType: 1,
      files: [{ fileHttpUrl }],
    },
    language,
  );

async function timed(run: () => Promise<ApiReply>): Promise<{ reply: ApiReply; ms: number }> {
  const started = performance.now();
  const reply = await run();
  return { reply, ms: performance.now() - started };
}

/** A 503 `storage_unavailable` in the request's language with Retry-After. */
function expectStorageUnavailable(reply: ApiReply, language: 'vi' | 'en') {
  expect(reply.status, JSON.stringify(reply.json)).toBe(503);
  expect(reply.json).toMatchObject({
    isSuccess: false,
    codeMessageRespond: 'storage_unavailable',
    message: messageFor('storage_unavailable', language),
  });
  expect(reply.headers['retry-after']).toBe('30');
}

const keyOf = (fileHttpUrl: string) => new URL(fileHttpUrl).pathname.split('/').slice(-2).join('/');

/** What the database holds of a user's records and of one upload. */
const kept = (u: TestUser, fileHttpUrl: string) =>
  asOwner(w.t.db, TENANT, async (sql) => {
    const records = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM health_records WHERE user_id = $1',
      [u.userId],
    );
    const upload = await sql.query<{ uploaded: boolean; claimed: boolean }>(
      'SELECT uploaded_at IS NOT NULL AS uploaded, claimed_at IS NOT NULL AS claimed FROM uploads WHERE file_key = $1',
      [keyOf(fileHttpUrl)],
    );
    return { records: records.rows[0]!.n, ...upload.rows[0]! };
  });

describe('object storage unreachable', () => {
  it('refusing connections: a health record answers 503 at once and keeps nothing; it links once the store is back', async () => {
    const u = await user(w, TENANT);
    const file = await uploaded(u, 'HealthRecords', 'image/png', PNG);
    await proxy.setMode('refuse');
    const waits: number[] = [];
    for (const language of ['vi', 'en'] as const) {
      const { reply, ms } = await timed(() => createRecord(u, file, language));
      expectStorageUnavailable(reply, language);
      expect(ms).toBeLessThan(3_000);
      waits.push(Math.round(ms));
    }
    console.info(`storage refusing: 2 creates answered 503 in ${waits.join(' and ')} ms`);
    expect(await kept(u, file)).toEqual({ records: 0, uploaded: false, claimed: false });

    await proxy.setMode('pass');
    const created = await createRecord(u, file);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json.data.files).toHaveLength(1);
    expect(await kept(u, file)).toEqual({ records: 1, uploaded: true, claimed: true });
    expect((await s3.storage.get(TENANT, keyOf(file)))?.bytes).toEqual(PNG);
  });

  it('accepting connections and never answering: 503 within the bounded wait, nothing kept', async () => {
    const u = await user(w, TENANT);
    const file = await uploaded(u, 'HealthRecords', 'image/png', PNG);
    await proxy.setMode('silent');
    const { reply, ms } = await timed(() => createRecord(u, file, 'vi'));
    expectStorageUnavailable(reply, 'vi');
    console.info(`storage silent: the create answered 503 in ${Math.round(ms)} ms`);
    // Two attempts of at most 5 s without a byte each (server/services/storage/s3.ts).
    expect(ms).toBeGreaterThan(4_000);
    expect(ms).toBeLessThan(15_000);
    expect(await kept(u, file)).toEqual({ records: 0, uploaded: false, claimed: false });

    await proxy.setMode('pass');
    expect((await createRecord(u, file)).status).toBe(200);
    expect(await kept(u, file)).toEqual({ records: 1, uploaded: true, claimed: true });
  }, 30_000);

  it('a file read answers 503, not a 500, while the store is away', async () => {
    const file = await uploaded(null, 'License', 'application/pdf', PDF);
    await proxy.setMode('refuse');
    const path = new URL(file).pathname;
    const read = () => w.t.app.inject({ method: 'GET', url: path, headers: { 'x-accept-language': 'en' } });
    const away = await read();
    expect(away.statusCode).toBe(503);
    expect(away.json().codeMessageRespond).toBe('storage_unavailable');
    expect(away.headers['retry-after']).toBe('30');

    await proxy.setMode('pass');
    const back = await read();
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload).toEqual(PDF);
  });

  it('a fee guarantee signed while the store is away stays unsigned, with no signature linked', async () => {
    const u = await user(w, TENANT);
    const id = await requestFrom(w, TENANT, u, await appointment(w, TENANT, u));
    expect((await admin(w, 'approve', TENANT, String(id), '--amount', '3000000')).code).toBe(0);
    const sign = () => {
      const { payload, headers } = multipartBody([{ name: 'Files', fileName: 'signature.png', data: PNG }]);
      return callApi(w.t.app, {
        tenant: TENANT,
        token: u.token,
        method: 'POST',
        url: `Appointments/SignatureHospitalBillCoverageConfirmForWeb/${id}`,
        payload,
        headers,
      });
    };
    const state = () =>
      asOwner(w.t.db, TENANT, async (sql) => {
        const { rows } = await sql.query<{ status: string; signature_file_key: string | null }>(
          'SELECT status, signature_file_key FROM fee_guarantee_requests WHERE fee_guarantee_id = $1',
          [id],
        );
        return rows[0];
      });
    await proxy.setMode('refuse');
    expectStorageUnavailable(await sign(), 'en');
    expect(await state()).toEqual({ status: 'approved', signature_file_key: null });

    await proxy.setMode('pass');
    expect((await sign()).status).toBe(200);
    const signed = await state();
    expect(signed?.status).toBe('signed');
    expect((await s3.storage.get(TENANT, signed!.signature_file_key!))?.bytes).toEqual(PNG);
  });
});
