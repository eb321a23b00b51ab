import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { validateConfig } from '../tenancy/validate';

/** Every setting the server reads, with its default and meaning (README lists the same table). */
export const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
    default: 'development',
    description: 'production turns on HSTS and real delivery, and turns off the dev outbox and demo seeding',
  }),
  PORT: Type.Integer({
    default: 8080,
    minimum: 0,
    maximum: 65535,
    description: 'HTTP port for API and web app',
  }),
  HOST: Type.String({ default: '0.0.0.0', description: 'Interface to listen on' }),
  DATABASE_URL: Type.String({ default: '', description: 'PostgreSQL URL; empty uses embedded PGlite' }),
  DB_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 200, description: 'PostgreSQL pool size' }),
  DATABASE_READ_URL: Type.String({
    default: '',
    description:
      "URL of a streaming replica (hot standby) of DATABASE_URL for the public catalogue reads (search, lists, doctor and content pages, slots for display); writes and signed-in users' own data stay on the primary. Empty: everything on the primary",
  }),
  DB_READ_POOL_SIZE: Type.Integer({
    default: 10,
    minimum: 1,
    maximum: 200,
    description: 'Pool size of DATABASE_READ_URL',
  }),
  DATA_DIR: Type.String({ default: './data', description: 'Embedded database, uploads and dev secrets' }),
  DEFAULT_TENANT: Type.String({
    default: 'songkhoe',
    description: 'Tenant of localhost, IPs and an empty code',
  }),
  TENANTS_DIR: Type.String({ default: './tenants', description: 'Folder of tenant configurations' }),
  THEMES_DIR: Type.String({ default: './themes', description: 'Folder of base themes' }),
  WEB_DIST_DIR: Type.String({ default: './dist', description: 'Built web app served on the same port' }),
  JWT_SECRET: Type.String({
    default: '',
    description:
      'Master secret of the keyring (32+ chars; rotate keys with `keys rotate`, not by changing it); required in production, generated under DATA_DIR otherwise',
  }),
  SEED_DEMO_DATA: Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('')], {
    default: '',
    description: 'Seed demo data into empty tenants; defaults to true outside production',
  }),
  LOG_LEVEL: Type.String({ default: 'info', description: 'pino log level' }),
  SMTP_URL: Type.String({
    default: '',
    description:
      'SMTP server of outgoing email in production (smtp[s]://user:pass@host:port); outside production mail only reaches the dev outbox',
  }),
  VAPID_PUBLIC_KEY: Type.String({
    default: '',
    description:
      'Web Push VAPID public key (base64url) of tenants on push.provider webpush (tenant.json push.webpush.publicKeyEnv names another variable); outside production a pair is generated once and kept in the database',
  }),
  VAPID_PRIVATE_KEY: Type.String({
    default: '',
    description:
      'Web Push VAPID private key (base64url), or VAPID_PRIVATE_KEY_FILE with its path; required for web push in production',
  }),
  FCM_SERVICE_ACCOUNT: Type.String({
    default: '',
    description:
      "The Firebase service account's JSON key of tenants on push.provider fcm (or FCM_SERVICE_ACCOUNT_FILE with its path; tenant.json push.fcm.serviceAccountEnv names another variable)",
  }),
  FCM_TOKEN_URL: Type.String({
    default: '',
    description:
      "OAuth 2.0 token endpoint of the FCM provider; empty: the service account's token_uri (tests: a local stand-in)",
  }),
  FCM_API_URL: Type.String({
    default: '',
    description:
      'Base URL of the FCM HTTP v1 API; empty: https://fcm.googleapis.com (tests: a local stand-in)',
  }),
  SMTP_FROM: Type.String({
    default: 'no-reply@songkhoe.vn',
    description: 'Sender address of outgoing email',
  }),
  DKIM_DOMAIN: Type.String({
    default: '',
    description:
      'DKIM signing domain of outgoing email (with DKIM_SELECTOR and DKIM_PRIVATE_KEY); empty: unsigned',
  }),
  DKIM_SELECTOR: Type.String({
    default: '',
    description: 'DKIM selector (the DNS record <selector>._domainkey)',
  }),
  DKIM_PRIVATE_KEY: Type.String({
    default: '',
    description: 'DKIM private key, PEM (line breaks may be written as \\n)',
  }),
  WEB_CONCURRENCY: Type.Integer({
    default: 1,
    minimum: 1,
    maximum: 64,
    description:
      'Server processes on this host (node:cluster, one per core is usual); above 1 needs DATABASE_URL. The first process prepares the database, then forks the rest and restarts any that dies',
  }),
  REDIS_URL: Type.String({
    default: '',
    description:
      'Redis of shared rate-limit counters (redis://host:6379/0); empty: the counters live in PostgreSQL. Redis down: the database counts meanwhile and /readyz says degraded',
  }),
  METRICS_PORT: Type.Integer({
    default: 9464,
    minimum: 0,
    maximum: 65535,
    description:
      'Port of GET /metrics (Prometheus text), apart from the public port so an ingress never routes it; 0 turns it off. With WEB_CONCURRENCY the first process answers for all',
  }),
  METRICS_HOST: Type.String({
    default: '127.0.0.1',
    description: 'Interface of the metrics port (0.0.0.0 in a container, so Prometheus can scrape the pod)',
  }),
  DISCOVERY_CACHE_TTL_MS: Type.Integer({
    default: 10000,
    minimum: 0,
    description:
      'How long public search and doctor-list answers are cached per tenant (0 turns the cache off); server/lib/response-cache.ts',
  }),
  NOTIFICATION_STREAM_HEARTBEAT_MS: Type.Integer({
    default: 15000,
    minimum: 200,
    maximum: 55000,
    description:
      "Heartbeat of the live notification streams (GET /Notifications/Stream): a comment line under proxies' idle cut, and a re-read that bounds what a lost notice costs",
  }),
  JOBS_ENABLED: Type.Union([Type.Literal('true'), Type.Literal('false')], {
    default: 'true',
    description:
      'Run the periodic jobs in this process (pg-boss: reminders every minute, lapsed payment holds every 30 s); each window runs once across processes',
  }),
  BODY_LIMIT: Type.Integer({
    default: 1048576,
    minimum: 1024,
    description: 'Largest JSON body in bytes (413 above)',
  }),
  STORAGE_DRIVER: Type.Union([Type.Literal('disk'), Type.Literal('s3'), Type.Literal('')], {
    default: '',
    description:
      'Where uploaded files live: disk (under DATA_DIR, one server) or s3 (S3-compatible object storage); empty: s3 when S3_BUCKET is set, else disk. Production refuses to start with neither S3_BUCKET nor STORAGE_DRIVER=disk',
  }),
  S3_BUCKET: Type.String({
    default: '',
    description: 'Bucket of the s3 driver (objects are <tenant>/<key>)',
  }),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'Region of the s3 driver (signing)' }),
  S3_ENDPOINT: Type.String({
    default: '',
    description: 'Endpoint URL of an S3-compatible store (MinIO, R2, ...); empty: AWS S3 of S3_REGION',
  }),
  S3_PUBLIC_ENDPOINT: Type.String({
    default: '',
    description:
      'Endpoint URL browsers use for presigned upload and download URLs (CSP connect-src), when it differs from S3_ENDPOINT',
  }),
  S3_ACCESS_KEY_ID: Type.String({
    default: '',
    description:
      'Access key of the s3 driver; empty: the AWS SDK default credential chain (e.g. an instance role)',
  }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: '', description: 'Secret key of the s3 driver' }),
  S3_FORCE_PATH_STYLE: Type.Union([Type.Literal('true'), Type.Literal('false')], {
    default: 'false',
    description:
      'true: path-style URLs (<endpoint>/<bucket>/<key>), as MinIO and most S3-compatible stores need',
  }),
});
export type Env = Static<typeof EnvSchema> & { seedDemoData: boolean; jwtSecret: string };

/** Reads, validates and completes the environment. Throws a message naming the bad variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(EnvSchema.properties)) {
    const value = source[key];
    if (value === undefined || value === '') continue;
    raw[key] = (schema as { type?: string }).type === 'integer' ? Number(value) : value;
  }
  const env = validateConfig<Static<typeof EnvSchema>>(EnvSchema, raw, 'environment');
  const production = env.NODE_ENV === 'production';
  if (production && env.JWT_SECRET.length < 32) {
    throw new Error('environment: JWT_SECRET must be set to 32 or more characters in production');
  }
  if (production && !env.DATABASE_URL) {
    throw new Error('environment: DATABASE_URL must be set in production (PGlite is for development only)');
  }
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    throw new Error('environment: DATABASE_READ_URL needs DATABASE_URL (a replica of that PostgreSQL)');
  }
  return {
    ...env,
    seedDemoData: env.SEED_DEMO_DATA === '' ? !production : env.SEED_DEMO_DATA === 'true',
    jwtSecret: env.JWT_SECRET || devSecret(env.DATA_DIR),
  };
}

/** Outside production: a random secret kept under DATA_DIR so tokens survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'dev-jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
