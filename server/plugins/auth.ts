import fp from 'fastify-plugin';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { ApiError } from '../lib/api-error';
import { LEGACY_KID, type Keyring } from '../services/keyring/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, on routes with `config: { auth: true }`. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** true: a valid access token of this tenant is required; 'optional': checked when sent. */
    auth?: boolean | 'optional';
  }
  interface FastifyInstance {
    issueAccessToken(claims: AccessClaims): Promise<string>;
  }
}

/** What an access token carries: the user, the tenant it was issued on, the device it was issued to. */
export interface AccessClaims {
  userId: number;
  tenant: string;
  deviceId: string;
}

/** Access tokens live 15 minutes; refresh tokens (Auth/RefreshToken) renew them. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'songkhoe-api';

/** The key a token names in its `kid` header (none: the legacy key); undefined when not in the ring. */
async function verificationKey(keyring: Keyring, token: string) {
  try {
    const { kid } = decodeProtectedHeader(token);
    return await keyring.find('access-token', typeof kid === 'string' ? kid : LEGACY_KID);
  } catch {
    return undefined;
  }
}

/**
 * Verifies bearer tokens (HS256, jose) on routes that ask for it. A token is bound to its tenant:
 * presented on another tenant it is refused with 401 `token_tenant_mismatch`. Tokens are signed
 * with the keyring's current access-token key and name it in `kid`; any key still in the ring
 * verifies (deploy/README.md "Rotating keys": sessions outlive a rotation).
 */
export const authPlugin = fp<{ keyring: Keyring }>(async (app, { keyring }) => {
  app.decorateRequest('auth', null);
  app.decorate('issueAccessToken', async ({ userId, tenant, deviceId }: AccessClaims) => {
    const key = keyring.current('access-token');
    return new SignJWT({ tid: tenant, did: deviceId })
      .setProtectedHeader({ alg: 'HS256', kid: key.kid })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(tenant)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(key.material);
  });
  // onRequest, after the tenant and feature hooks: an anonymous caller gets 401 before its body is
  // even parsed or validated.
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config?.auth;
    if (!mode) return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token && mode === 'optional') return;
    if (!token) throw new ApiError(401, 'unauthorized');
    const key = await verificationKey(keyring, token);
    if (!key) throw new ApiError(401, 'unauthorized');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key.material, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch {
      throw new ApiError(401, 'unauthorized');
    }
    if (payload.tid !== request.tenant.config.code || payload.aud !== request.tenant.config.code) {
      throw new ApiError(401, 'token_tenant_mismatch');
    }
    request.auth = {
      userId: Number(payload.sub),
      tenant: String(payload.tid),
      deviceId: String(payload.did),
    };
  });
});
