import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Env } from './config/env';
import type { Database } from './db/database';
import { createResponseCache } from './lib/response-cache';
import { serializerCompiler, validatorCompiler } from './lib/schema-compilers';
import { endUnusedConnectionsOnClose } from './lib/unused-connections';
import { avatarRoutes } from './modules/avatars/routes';
import { bootRoutes } from './modules/boot/routes';
import { registerModules } from './modules/index';
import { scheduledJobs } from './modules/scheduled-jobs';
import { startChangeBus } from './services/change-bus/index';
import { createJobService } from './services/jobs/index';
import { registerRequestMetrics, watchDatabase } from './services/metrics/index';
import { createSharedCounters } from './services/shared-counters/index';
import { nameRequestSpans } from './services/tracing/index';
import { createPaymentService } from './services/payments/index';
import { storagePublicOrigin } from './services/storage/index';
import { healthRoutes } from './modules/health/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { registerWebApp } from './modules/web/routes';
import { seoRoutes } from './modules/seo/index';
import { authPlugin } from './plugins/auth';
import { createKeyring } from './services/keyring/index';
import { sendPushToUser, startPush } from './services/push/index';
import { clientErrorHandler } from './plugins/client-errors';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerInputEdge } from './plugins/input-edge';
import { documentOperation } from './plugins/openapi-contract';
import { requireFeaturePlugin } from './plugins/require-feature';
import { registerSecurityHeaders } from './plugins/security';
import { tenantPlugin } from './plugins/tenant';
import type { TenantRegistry } from './tenancy/registry';
import { APP_VERSION } from './version';

/** What an incoming x-request-id may look like to be kept. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export interface AppDeps {
  env: Env;
  db: Database;
  registry: TenantRegistry;
  /** false: pino logs off (tests). */
  logger?: boolean;
  /**
   * true: run the periodic jobs (reminders, lapsed holds) from onReady until onClose. server.ts
   * passes JOBS_ENABLED; tests leave it off unless they exercise the jobs.
   */
  jobs?: boolean;
}

/**
 * Builds the HTTP application: plugins (errors, security, tenant, feature gate, auth), then the
 * API modules under /api/v1, then the web app. No listening here: server.ts does that, tests use
 * app.inject().
 */
export async function buildApp({
  env,
  db,
  registry,
  logger = true,
  jobs = false,
}: AppDeps): Promise<FastifyInstance> {
  const production = env.NODE_ENV === 'production';
  const app = Fastify({
    logger: logger && {
      level: env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.unique'],
    },
    bodyLimit: env.BODY_LIMIT,
    // A proxy's or caller's x-request-id is kept when it looks like an id (so one id follows a
    // request through the load balancer, our logs and the reply); anything else gets a UUID, so a
    // caller cannot write arbitrary text into our logs.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: production,
    // Draining (SIGTERM): a request that still reaches this process is served, not answered 503;
    // the load balancer stops sending new ones, and server.close() refuses new connections.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Spec section 7: clients send Content-Type JSON on every request, a DELETE without a body
  // included (DeletePatient?id=...); its empty body is no body, not malformed JSON. Elsewhere
  // Fastify's own parser (limits, prototype poisoning checks, errors) applies unchanged.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  // Draining: each answer closes its keep-alive connection, so the server can finish closing as
  // soon as the requests in flight are answered (else an idle kept-alive socket holds it open).
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (draining) reply.header('connection', 'close');
  });
  endUnusedConnectionsOnClose(app);
  registerRequestMetrics(app);
  nameRequestSpans(app);
  const stopWatchingPool = watchDatabase(db);
  app.addHook('onClose', async () => void stopWatchingPool());

  registerErrorHandling(app);
  registerInputEdge(app);
  await registerSecurityHeaders(app, registry, production, storagePublicOrigin(env));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Sống Khỏe platform API', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: documentOperation as never,
  });
  await app.register(tenantPlugin, { registry });
  await app.register(requireFeaturePlugin);
  // Keys per purpose with key ids, rotated by `npm run admin -- keys rotate` (ARCHITECTURE.md "Keys").
  const keyring = createKeyring(db, env.jwtSecret, {
    listen: true,
    onError: (error) => app.log.error({ err: error }, 'keyring: could not read the ring again'),
  });
  // Read when the app is ready: server/main.ts migrates (creating the table) after buildApp.
  app.addHook('onReady', () => keyring.open());
  app.addHook('onClose', () => keyring.close());
  await app.register(authPlugin, { keyring });
  // Web push providers per tenant (tenant.json push). Started when the app is ready, after the
  // start-up migrations: the embedded default keeps its VAPID key pair in the database.
  app.addHook('onReady', async () => {
    const { problems } = await startPush({
      db,
      registry,
      production,
      jwtSecret: env.jwtSecret,
      source: process.env,
    });
    for (const problem of problems) app.log.warn(problem);
  });

  const publicCache = createResponseCache({ ttlMs: env.DISCOVERY_CACHE_TTL_MS });
  app.addHook('onClose', async () => publicCache.close());
  // Other processes' writes drop this process's cached public answers (and this one's theirs).
  const changeBus = await startChangeBus(db, app.log);
  app.addHook('onClose', () => changeBus.close());

  const counters = createSharedCounters(env.REDIS_URL, app.log);
  app.addHook('onClose', () => counters.close());
  await app.register(healthRoutes, { db, counters });
  await app.register(
    async (api) => {
      api.get('/openapi.json', { config: { tenant: false }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      await api.register(bootRoutes, {
        registry,
        environment: env.NODE_ENV,
        version: APP_VERSION,
      });
      await api.register(avatarRoutes, { db });
      if (!production) await api.register(outboxRoutes, { db });
      await registerModules(api, { db, env, registry, publicCache, counters, keyring });
    },
    { prefix: '/api/v1' },
  );
  await registerWebApp(app, {
    registry,
    db,
    distDir: env.WEB_DIST_DIR,
    environment: env.NODE_ENV,
    pageCacheTtlMs: env.DISCOVERY_CACHE_TTL_MS,
  });
  // After the web app: its compression applies to the sitemap too.
  await app.register(seoRoutes, { db, registry });
  if (jobs) {
    const payments = createPaymentService({ env, registry });
    const service = createJobService({
      db,
      log: app.log,
      jobs: scheduledJobs({ db, env, registry, payments, log: app.log, push: { send: sendPushToUser } }),
    });
    app.addHook('onReady', () => service.start());
    app.addHook('onClose', () => service.stop());
  }
  return app;
}
