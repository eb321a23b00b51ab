import { hkdfSync } from 'node:crypto';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import { readSecret } from '../../lib/env-secret';

/** What signing and verifying need for one tenant: the provider, terminal code, secret and URLs. */
export interface ProviderConfig {
  provider: 'sandbox' | 'vnpay';
  tmnCode: string;
  secret: string;
  /** VNPay's pay page; for the sandbox, null (the app's own page at the request's origin). */
  payUrl: string | null;
  /** VNPay's merchant API (refunds); null for the sandbox. */
  apiUrl: string | null;
}

export type CredentialResult = { ok: true; config: ProviderConfig } | { ok: false; problem: string };

/** The sandbox's per-tenant secret: HKDF-SHA256 of JWT_SECRET, so it never has to be configured. */
export function sandboxSecret(jwtSecret: string, tenantCode: string): string {
  return Buffer.from(
    hkdfSync('sha256', jwtSecret, 'songkhoe-payments', `sandbox-vnpay:${tenantCode}`, 32),
  ).toString('hex');
}

/** The sandbox's terminal code: 8 characters like VNPay's (SBX + tenant code). */
export function sandboxTmnCode(tenantCode: string): string {
  return `SBX${tenantCode.toUpperCase()}`.slice(0, 8);
}

/**
 * Resolves a tenant's provider and credentials. VNPay's terminal code and hash secret come from
 * the environment variables tenant.json names (payments.vnpay.tmnCodeEnv / hashSecretEnv, or
 * NAME_FILE), never from tenant.json itself.
 */
export function resolveProvider(
  tenant: TenantConfig,
  jwtSecret: string,
  source: NodeJS.ProcessEnv,
): CredentialResult {
  const payments = tenant.payments;
  if (payments.provider === 'sandbox') {
    return {
      ok: true,
      config: {
        provider: 'sandbox',
        tmnCode: sandboxTmnCode(tenant.code),
        secret: sandboxSecret(jwtSecret, tenant.code),
        payUrl: null,
        apiUrl: null,
      },
    };
  }
  const { tmnCodeEnv, hashSecretEnv, payUrl, apiUrl } = payments.vnpay;
  const tmnCode = readSecret(source, tmnCodeEnv);
  const secret = readSecret(source, hashSecretEnv);
  const missing = [
    !tmnCodeEnv
      ? 'payments.vnpay.tmnCodeEnv is empty'
      : !tmnCode
        ? `${tmnCodeEnv} (or ${tmnCodeEnv}_FILE) is not set`
        : '',
    !hashSecretEnv
      ? 'payments.vnpay.hashSecretEnv is empty'
      : !secret
        ? `${hashSecretEnv} (or ${hashSecretEnv}_FILE) is not set`
        : '',
  ].filter(Boolean);
  if (missing.length > 0) {
    return {
      ok: false,
      problem: `tenant ${tenant.code}: payments.provider is vnpay but its credentials are missing: ${missing.join('; ')}`,
    };
  }
  return { ok: true, config: { provider: 'vnpay', tmnCode, secret, payUrl, apiUrl } };
}
