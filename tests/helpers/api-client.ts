import type { FastifyInstance } from 'fastify';
import type { TestApp } from './test-app';

/** A reply of the API as tests read it: status, the JSON body (null when not JSON), raw bytes, headers. */
export interface ApiReply {
  status: number;
  json: any;
  body: Buffer;
  headers: Record<string, unknown>;
}

export interface ApiCall {
  tenant: string;
  /** The bearer token of the caller, as the web app sends it; omitted: anonymous. */
  token?: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under /api/v1/. */
  url: string;
  /** A JSON body. */
  body?: unknown;
  /** A raw body (multipart, file bytes) instead of `body`. */
  payload?: Buffer;
  headers?: Record<string, string>;
  language?: string;
}

/** One request through `app.inject` with the web app's tenant, language and bearer headers. */
export async function callApi(app: FastifyInstance, call: ApiCall): Promise<ApiReply> {
  const res = await app.inject({
    method: call.method,
    url: `/api/v1/${call.url}`,
    headers: {
      companycode: call.tenant,
      host: '127.0.0.1:8080',
      'x-accept-language': call.language ?? 'en',
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...call.headers,
    },
    ...(call.payload
      ? { payload: call.payload }
      : call.body === undefined
        ? {}
        : { payload: call.body as object }),
  });
  let json: unknown = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, body: res.rawPayload, headers: res.headers };
}

/** Records a user's consent to the tenant's current health-data text (as the consent endpoint does). */
export async function giveHealthDataConsent(t: TestApp, tenant: string, userId: number): Promise<void> {
  const version = t.registry.byCode.get(tenant)!.config.privacy.healthDataConsent.version;
  await t.db.owner(async (sql) => {
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
    await sql.query(
      `INSERT INTO data_consents (user_id, purpose, version, text_sha256, language)
       VALUES ($1, 'health_data', $2, 'x', 'vi')`,
      [userId, version],
    );
  });
}
