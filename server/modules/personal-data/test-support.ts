import { callApi } from '../../../tests/helpers/api-client';
import type { TestApp } from '../../../tests/helpers/test-app';
import { createUser } from '../accounts/test-support';

export const DEVICE = '3f1c1f6e-7a0b-4c55-9a57-2b1f0d7c9e11';
let counter = 0;

/** A reply of the API: status, the JSON envelope (when JSON), the raw bytes and headers. */
export interface Res {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  raw: Buffer;
  headers: Record<string, unknown>;
}

/** A new account on a tenant and a client signed in as it (bearer, as the web app calls). */
export async function signedIn(t: TestApp, tenant = 'songkhoe', lang = 'vi') {
  counter += 1;
  const email = `pd${counter}-${Date.now()}@example.com`;
  const userId = await createUser(t.db, tenant, { email });
  const token = await t.app.issueAccessToken({ userId, tenant, deviceId: DEVICE });
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    language = lang,
  ): Promise<Res> => {
    const { body: raw, ...reply } = await callApi(t.app, {
      tenant,
      token,
      method,
      url: path,
      body,
      language,
    });
    return { ...reply, raw };
  };
  return {
    userId,
    email,
    token,
    tenant,
    get: (path: string, language?: string) => send('GET', path, undefined, language),
    post: (path: string, body: unknown = {}, language?: string) => send('POST', path, body, language),
  };
}
