import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { hashSecret } from './crypto';

export const PASSWORD = 'Strong@123';
export const DEVICE_A = '11111111-1111-4111-8111-111111111111';
export const DEVICE_B = '22222222-2222-4222-8222-222222222222';

/** Inserts an account directly (tenant_id defaults to the transaction's tenant) and returns its id. */
export async function createUser(
  db: Database,
  tenant: string,
  fields: {
    email?: string;
    mobile?: string;
    password?: string;
    status?: string;
    extra?: Record<string, unknown>;
  },
): Promise<number> {
  const hash = await hashSecret(fields.password ?? PASSWORD);
  const extra = fields.extra ?? {};
  const names = [
    'email',
    'country_id',
    'phone_code',
    'mobile_number',
    'password_hash',
    'status',
    'full_name',
    'created_at',
    ...Object.keys(extra),
  ];
  const values = [
    fields.email ?? null,
    fields.mobile ? 1 : null,
    fields.mobile ? '+84' : null,
    fields.mobile ?? null,
    hash,
    fields.status ?? 'active',
    'Test User',
    new Date(),
    ...Object.values(extra),
  ];
  return db.owner(async (sql) => {
    await sql.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant]);
    const { rows } = await sql.query<{ user_id: number }>(
      `INSERT INTO users (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING user_id`,
      values,
    );
    return Number(rows[0]!.user_id);
  });
}

/** Runs SQL on a tenant as the app role, under RLS (test assertions and set-up). */
export async function onTenant<T>(
  db: Database,
  tenant: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await db.tenant(tenant, (sql) => sql.query<T>(text, params))).rows;
}

export interface Caller {
  post(
    path: string,
    body: unknown,
    options?: { token?: string; device?: string },
  ): Promise<{ status: number; json: Envelope }>;
  get(
    path: string,
    options?: { token?: string; device?: string },
  ): Promise<{ status: number; json: Envelope }>;
  /** The newest one-time code sent to an address on this tenant (dev outbox). */
  lastCode(to: string): Promise<string>;
}

export interface Envelope {
  isSuccess: boolean;
  codeMessageRespond: string | null;
  message: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  errors: string[] | null;
}

/** A client of one tenant, as the web app calls the API (device id in the `unique` header). */
export function caller(app: FastifyInstance, tenant: string, lang = 'vi'): Caller {
  const headers = (token?: string, device = DEVICE_A) => ({
    companycode: tenant,
    host: '127.0.0.1:8080',
    'x-accept-language': lang,
    unique: device,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return {
    async post(path, body, options = {}) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/${path}`,
        headers: headers(options.token, options.device),
        payload: body as object,
      });
      return { status: res.statusCode, json: res.json() };
    },
    async get(path, options = {}) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/${path}`,
        headers: headers(options.token, options.device),
      });
      return { status: res.statusCode, json: res.json() };
    },
    async lastCode(to) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`,
        headers: headers(),
      });
      const code = res.json().data.find((m: { code: string | null }) => m.code)?.code;
      if (!code) throw new Error(`no code sent to ${to}`);
      return code as string;
    },
  };
}
