import { SignJWT } from 'jose';

/** What the Zoom Video SDK's JWT carries for one participant of one session. */
export interface ZoomTokenClaims {
  sdkKey: string;
  sdkSecret: string;
  /** The session (topic, `tpc`): unguessable and bound to one appointment. */
  sessionName: string;
  /** 1 host (the doctor), 0 attendee (the patient). */
  roleType: 0 | 1;
  /** Who joins, as Zoom shows it in its logs (our user id, never a name or a phone). */
  userIdentity: string;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The Video SDK JWT (HS256) that Zoom's `client.join(topic, token, …)` verifies: app_key, tpc,
 * role_type, version 1, iat, exp and user_identity, as Zoom's "Video SDK auth" documents.
 */
export function signZoomVideoToken(claims: ZoomTokenClaims): Promise<string> {
  return new SignJWT({
    app_key: claims.sdkKey,
    tpc: claims.sessionName,
    role_type: claims.roleType,
    version: 1,
    user_identity: claims.userIdentity,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(claims.sdkSecret));
}
