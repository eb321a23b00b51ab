import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { TenantRegistry } from '../tenancy/registry';
import { tenantFromHost } from '../tenancy/resolve';

/**
 * Security headers on every response. The CSP allows no inline script, no eval and no plugins;
 * frame-ancestors is each tenant's own list (none by default); HSTS only in production, where
 * TLS terminates in front of us.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  registry: TenantRegistry,
  production: boolean,
) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: [
          (req) => {
            const allowed = tenantFromHost(registry, req.headers.host)?.config.security.frameAncestors ?? [];
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
}
