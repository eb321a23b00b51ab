import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent, createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importJWK, importSPKI, jwtVerify, type JWTPayload } from 'jose';

/**
 * Third parties of web push, faked at their network boundary only (a real server on loopback):
 * a Web Push service over HTTPS that decrypts what it receives with the subscriber's keys, and the
 * Google OAuth token endpoint plus the FCM HTTP v1 API. Our code under test is never faked.
 */

/** http_ece (RFC 8188) comes with web-push; the stand-in decrypts with it as a browser would. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

/** A browser's side of a Web Push subscription: its P-256 key pair and auth secret. */
export interface SubscriberKeys {
  ecdh: ECDH;
  p256dh: string;
  auth: string;
}

export function subscriberKeys(): SubscriberKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** The PushSubscription JSON a browser hands over (what the web app keeps as fcmToken). */
export const subscriptionToken = (endpoint: string, keys: SubscriberKeys) =>
  JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } });

export interface ReceivedPush {
  path: string;
  headers: IncomingMessage['headers'];
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  /** The VAPID JWT's claims, its ES256 signature checked against the `k` the request carries. */
  vapid: { claims: JWTPayload; publicKey: string };
}

export interface WebPushStandIn {
  origin: string;
  /** An HTTPS agent that trusts the stand-in's self-signed certificate. */
  agent: Agent;
  received: ReceivedPush[];
  /** The status a path answers (default 201 Created, as push services do). */
  answer(path: string, status: number): void;
  /** The subscriber whose keys decrypt pushes to this path. */
  subscribe(path: string, keys: SubscriberKeys): string;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 (openssl), its files removed at once. */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** Checks `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292) and answers the JWT's claims. */
async function verifyVapid(header: string | undefined): Promise<ReceivedPush['vapid']> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  if (decodeProtectedHeader(jwt).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const { payload } = await jwtVerify(jwt, key);
  return { claims: payload, publicKey: k };
}

/** A Web Push service (RFC 8030) on loopback HTTPS that decrypts each push (RFC 8291). */
export async function startWebPushStandIn(): Promise<WebPushStandIn> {
  const tls = selfSignedCertificate();
  const statuses = new Map<string, number>();
  const subscribers = new Map<string, SubscriberKeys>();
  const received: ReceivedPush[] = [];
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request);
    const url = request.url ?? '/';
    const status = statuses.get(url) ?? 201;
    if (status === 201) {
      const keys = subscribers.get(url);
      if (!keys) throw new Error(`push to an unknown subscription ${url}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: keys.ecdh,
        authSecret: Buffer.from(keys.auth, 'base64url'),
      });
      received.push({
        path: url,
        headers: request.headers,
        payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
        vapid: await verifyVapid(request.headers.authorization),
      });
    }
    response.writeHead(status).end();
  };
  const server = createHttpsServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: tls.cert });
  return {
    origin,
    agent,
    received,
    answer: (p, status) => void statuses.set(p, status),
    subscribe(p, keys) {
      subscribers.set(p, keys);
      return `${origin}${p}`;
    },
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FcmSend {
  bearer: string;
  message: { token: string; data: Record<string, string>; webpush?: { headers?: Record<string, string> } };
}

export interface FcmStandIn {
  url: string;
  /** Token exchanges, each with the assertion's verified claims. */
  tokenRequests: JWTPayload[];
  sends: FcmSend[];
  /** What sending to a registration token answers: an FCM error code, or an HTTP status. */
  failToken(token: string, failure: 'UNREGISTERED' | 'UNAVAILABLE' | 'EXPIRED_ACCESS_TOKEN'): void;
  close(): Promise<void>;
}

/**
 * Google's OAuth 2.0 token endpoint (JWT bearer grant, the assertion checked with the service
 * account's public key) and the FCM HTTP v1 `messages:send` API of one project, on loopback.
 */
export async function startFcmStandIn(options: {
  projectId: string;
  publicKeyPem: string;
  clientEmail: string;
}): Promise<FcmStandIn> {
  const publicKey = await importSPKI(options.publicKeyPem, 'RS256');
  const tokenRequests: JWTPayload[] = [];
  const sends: FcmSend[] = [];
  const failures = new Map<string, string>();
  const issued = new Set<string>();
  let url = '';
  const json = (response: ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = (await bodyOf(request)).toString('utf8');
    if (request.url === '/token') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return json(response, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
          issuer: options.clientEmail,
          audience: `${url}/token`,
        });
        tokenRequests.push(payload);
      } catch {
        return json(response, 400, { error: 'invalid_grant' });
      }
      const token = `ya29.${randomBytes(12).toString('hex')}`;
      issued.add(token);
      return json(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }
    if (request.url === `/v1/projects/${options.projectId}/messages:send`) {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!issued.has(bearer))
        return json(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      const message = (JSON.parse(body) as { message: FcmSend['message'] }).message;
      const failure = failures.get(message.token);
      if (failure === 'EXPIRED_ACCESS_TOKEN') {
        // The token expires once: the next exchange gets a valid one.
        issued.delete(bearer);
        failures.delete(message.token);
        return json(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      }
      if (failure === 'UNREGISTERED')
        return json(response, 404, {
          error: {
            code: 404,
            status: 'NOT_FOUND',
            message: 'Requested entity was not found.',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
            ],
          },
        });
      if (failure === 'UNAVAILABLE')
        return json(response, 503, {
          error: {
            code: 503,
            status: 'UNAVAILABLE',
            details: [
              { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNAVAILABLE' },
            ],
          },
        });
      sends.push({ bearer, message });
      return json(response, 200, {
        name: `projects/${options.projectId}/messages/${randomBytes(6).toString('hex')}`,
      });
    }
    return json(response, 404, { error: { code: 404, status: 'NOT_FOUND' } });
  };
  const server = createHttpServer((request, response) => {
    handle(request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tokenRequests,
    sends,
    failToken: (token, failure) => void failures.set(token, failure),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
