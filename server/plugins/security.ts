import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { TenantRegistry } from '../tenancy/registry';
import { tenantFromHost } from '../tenancy/resolve';

/** The call screen's path (src/features/video-call): the only page whose policy the Zoom SDK widens. */
export const CALL_SCREEN = '/video-call/';
/** Where the Zoom Video SDK loads its WebAssembly and workers from ('Global' assets). */
const ZOOM_ASSETS = ['https://source.zoom.us', 'https://dmogdx0jrul3u.cloudfront.net'];
/** Zoom's media and signalling servers. */
const ZOOM_MEDIA = ['https://*.zoom.us', 'wss://*.zoom.us'];

/**
 * Security headers on every response. The CSP allows no inline script, no eval and no plugins;
 * frame-ancestors is each tenant's own list (none by default); HSTS only in production, where
 * TLS terminates in front of us.
 *
 * helmet itself, built once, rather than @fastify/helmet: that plugin builds a new helmet (parsing
 * every directive again) on each request, a measured 3.5 % of the server's time under search load.
 * Only frame-ancestors depends on the request; helmet calls its function per response.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  registry: TenantRegistry,
  production: boolean,
  /** The S3 origin browsers upload to (presigned PUT) and may read from; null with the disk driver. */
  storageOrigin: string | null = null,
) {
  const storage = storageOrigin ? [storageOrigin] : [];
  const build = (call: boolean) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The Zoom call screen: the Video SDK compiles WebAssembly and loads its media code from
          // Zoom's CDN into blob: workers (README "Video provider"). Nowhere else.
          scriptSrc: call ? ["'self'", "'wasm-unsafe-eval'", ...ZOOM_ASSETS] : ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'"],
          // blob: private files (health records, results) fetched with the bearer token and shown
          // from an object URL: images in <img>, PDFs in an <iframe> (frame-src; objects stay none).
          imgSrc: ["'self'", 'data:', 'https:', 'blob:', ...storage],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...storage, ...(call ? [...ZOOM_ASSETS, ...ZOOM_MEDIA] : [])],
          workerSrc: call ? ["'self'", 'blob:', ...ZOOM_ASSETS] : ["'self'"],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameSrc: ["'self'", 'blob:'],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: [
            (req) => {
              const allowed =
                tenantFromHost(registry, req.headers.host)?.config.security.frameAncestors ?? [];
              return allowed.length > 0 ? allowed.join(' ') : "'none'";
            },
          ],
          ...(production ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      // The legacy header cannot express a per-tenant allow-list; CSP frame-ancestors does.
      xFrameOptions: false,
    });
  const setHeaders = build(false);
  const setCallHeaders = build(true);
  const zoomCallScreen = (url: string, host: string | undefined) =>
    url.startsWith(CALL_SCREEN) && tenantFromHost(registry, host)?.config.video.provider === 'zoom';
  // (helmet 8 throws its errors rather than passing them on; fastify answers a thrown hook error.)
  app.addHook('onRequest', (request, reply, done) =>
    (zoomCallScreen(request.url, request.headers.host) ? setCallHeaders : setHeaders)(
      request.raw,
      reply.raw,
      done as () => void,
    ),
  );
}
