import type { FastifyRequest } from 'fastify';
import { UUID_PATTERN, type PasswordPolicy } from '../../../schemas/accounts';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import type { Delivery } from '../../services/delivery/index';
import type { SharedCounters } from '../../services/shared-counters/index';
import { clock } from './clock';
import type { AccountKeys } from './crypto';
import type { DeviceInfo } from './devices';
import type { IssueAccessToken } from './tokens';

/** What the accounts routes are built with. */
export interface AccountsDeps {
  db: Database;
  keys: AccountKeys;
  issue: IssueAccessToken;
  /** Rate-limit counters in Redis when REDIS_URL is set (else they count in the database). */
  counters: SharedCounters;
  /** Delivery for a tenant (its SMS gateway, the SMTP sender, production or not). */
  delivery(tenant: FastifyRequest['tenant']): Delivery;
}

/** Everything a service needs about the request, read once. */
export interface Ctx extends DeviceInfo {
  sql: Sql;
  deps: AccountsDeps;
  tenant: string;
  /** The tenant's configuration (message events need its zone, languages and name). */
  config: TenantConfig;
  brand: string;
  lang: LanguageCode;
  policy: PasswordPolicy;
  delivery: Delivery;
  now: Date;
  /**
   * The browser's push token (deviceTokenWeb of Login, LoginWithOTP, ChangePasswordNew: the web
   * app's localStorage fcmToken), kept for the account on this device when sign-in completes. It
   * names the device only when the `unique` header is absent (deviceKeyOf), as before.
   */
  pushToken: string;
}

const uuid = new RegExp(UUID_PATTERN);

/**
 * The device key: the `unique` header when it is a UUID (the web app's device_id), else the
 * body's deviceTokenWeb/deviceToken, else '' (an unidentified device, never trusted).
 */
export function deviceKeyOf(request: FastifyRequest, bodyToken?: string): string {
  const header = request.headers.unique;
  if (typeof header === 'string' && uuid.test(header)) return header.toLowerCase();
  return (bodyToken ?? '').trim().slice(0, 512);
}

/**
 * Runs `fn` in one tenant transaction with the request's context. `fn` returns an ApiError
 * instead of throwing when what it wrote (a failure count, a revocation, an audit row) must be
 * kept: the transaction commits, then the error is thrown.
 */
export async function withCtx<T>(
  deps: AccountsDeps,
  request: FastifyRequest,
  device: { bodyToken?: string; deviceType?: number; pushToken?: string },
  fn: (ctx: Ctx) => Promise<T | ApiError>,
): Promise<T> {
  const config = request.tenant.config;
  const result = await deps.db.tenant(config.code, (sql) =>
    fn({
      sql,
      deps,
      tenant: config.code,
      config,
      brand: config.name[request.lang] || config.name.vi,
      lang: request.lang,
      policy: config.auth.passwordPolicy,
      delivery: deps.delivery(request.tenant),
      now: clock.now(),
      deviceKey: deviceKeyOf(request, device.bodyToken),
      deviceType: device.deviceType ?? 0,
      pushToken: (device.pushToken ?? '').trim(),
      userAgent: String(request.headers['user-agent'] ?? ''),
      ip: request.ip,
    }),
  );
  if (result instanceof ApiError) throw result;
  return result;
}
