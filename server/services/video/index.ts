import { randomBytes } from 'node:crypto';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import { readSecret } from '../../lib/env-secret';
import { turnCredentials, type IceServer } from './turn-credentials';
import { signZoomVideoToken } from './zoom-token';

export type { IceServer } from './turn-credentials';

/** Who joins a call: the appointment's doctor hosts it, its patient attends. */
export type CallRole = 'doctor' | 'patient';

/** What a browser needs to join one appointment's call, by provider. */
export type CallJoin =
  | { provider: 'webrtc'; sessionName: string; role: CallRole; iceServers: IceServer[] }
  | { provider: 'zoom'; sessionName: string; role: CallRole; token: string; userIdentity: string };

export interface JoinRequest {
  tenant: TenantConfig;
  /** The appointment's session name (unguessable, made once per appointment: newSessionName). */
  sessionName: string;
  role: CallRole;
  userId: number;
  now: Date;
  /** When the booked time ends: a token outlives it by GRACE_MINUTES at most. */
  callEndsAt: Date;
}

/** How long after the booked end a join token stays valid (a call that overran, a late rejoin). */
export const GRACE_MINUTES = 15;

export interface VideoService {
  join(request: JoinRequest): Promise<CallJoin>;
  /** Tenants whose provider cannot work (missing credentials), one sentence each. */
  readonly problems: string[];
}

/** A call's session name: 128 random bits, so knowing one appointment never reveals another's. */
export function newSessionName(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The video provider per tenant (tenant.json `video`): `webrtc` answers ICE servers (STUN, and
 * TURN with short-lived credentials), `zoom` a signed Video SDK token. Credentials come from the
 * environment variables tenant.json names and are read once here.
 */
export function createVideoService(tenants: TenantConfig[], source: NodeJS.ProcessEnv): VideoService {
  const problems: string[] = [];
  for (const tenant of tenants) {
    const problem = credentialProblem(tenant, source);
    if (problem) problems.push(problem);
  }
  return {
    problems,
    async join({ tenant, sessionName, role, userId, now, callEndsAt }) {
      const expiresAt = new Date(callEndsAt.getTime() + GRACE_MINUTES * 60_000);
      const userIdentity = `${tenant.code}-${userId}`;
      const video = tenant.video;
      if (video.provider === 'zoom') {
        const sdkKey = readSecret(source, video.zoom.sdkKeyEnv);
        const sdkSecret = readSecret(source, video.zoom.sdkSecretEnv);
        if (!sdkKey || !sdkSecret) throw new Error(credentialProblem(tenant, source));
        const token = await signZoomVideoToken({
          sdkKey,
          sdkSecret,
          sessionName,
          roleType: role === 'doctor' ? 1 : 0,
          userIdentity,
          issuedAt: now,
          expiresAt,
        });
        return { provider: 'zoom', sessionName, role, token, userIdentity };
      }
      return {
        provider: 'webrtc',
        sessionName,
        role,
        iceServers: iceServers(tenant, source, userIdentity, now),
      };
    },
  };
}

/**
 * The TURN server of the deployment (TURN_URLS, comma-separated, and TURN_SECRET or
 * TURN_SECRET_FILE): one coturn serving every tenant that names no TURN server of its own.
 */
function deploymentTurn(source: NodeJS.ProcessEnv): { urls: string[]; secret: string } {
  const urls = (source.TURN_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => /^turns?:/.test(url));
  return { urls, secret: readSecret(source, 'TURN_SECRET') };
}

function iceServers(tenant: TenantConfig, source: NodeJS.ProcessEnv, user: string, now: Date): IceServer[] {
  const { stunUrls, credentialTtlSeconds } = tenant.video.webrtc;
  const own = tenant.video.webrtc.turnUrls.length > 0;
  const turnUrls = own ? tenant.video.webrtc.turnUrls : deploymentTurn(source).urls;
  const servers: IceServer[] = [];
  if (stunUrls.length > 0) servers.push({ urls: stunUrls });
  const secret = own ? readSecret(source, tenant.video.webrtc.turnSecretEnv) : deploymentTurn(source).secret;
  if (turnUrls.length > 0 && secret) {
    const expiresAt = new Date(now.getTime() + credentialTtlSeconds * 1000);
    servers.push({ urls: turnUrls, ...turnCredentials(secret, user, expiresAt) });
  }
  return servers;
}

function credentialProblem(tenant: TenantConfig, source: NodeJS.ProcessEnv): string {
  const video = tenant.video;
  if (video.provider === 'zoom') {
    const missing = [video.zoom.sdkKeyEnv, video.zoom.sdkSecretEnv]
      .map((name, i) =>
        !name
          ? `video.zoom.${i === 0 ? 'sdkKeyEnv' : 'sdkSecretEnv'} is empty`
          : !readSecret(source, name)
            ? `${name} (or ${name}_FILE) is not set`
            : '',
      )
      .filter(Boolean);
    return missing.length > 0
      ? `tenant ${tenant.code}: video.provider is zoom but its credentials are missing: ${missing.join('; ')}`
      : '';
  }
  const { turnUrls, turnSecretEnv } = video.webrtc;
  if (turnUrls.length > 0 && !readSecret(source, turnSecretEnv))
    return `tenant ${tenant.code}: video.webrtc.turnUrls are set but ${turnSecretEnv || 'video.webrtc.turnSecretEnv'} is not: calls behind strict NATs will not connect`;
  return '';
}
