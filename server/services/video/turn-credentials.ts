import { createHmac } from 'node:crypto';

/** An ICE server entry as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * Short-lived TURN credentials by the TURN REST API convention that coturn implements with
 * `use-auth-secret` / `static-auth-secret`: the user name is `<expiry unix time>:<user>`, the
 * password base64(HMAC-SHA1(secret, user name)). The TURN server checks both without asking us,
 * and a credential copied out of a browser stops working at its expiry.
 */
export function turnCredentials(
  secret: string,
  user: string,
  expiresAt: Date,
): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${user}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}
