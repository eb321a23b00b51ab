import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadEnv, type Env } from '../../server/config/env';
import type { Database } from '../../server/db/database';
import { prepareDatabase } from '../../server/startup';
import { loadTenantRegistry, type TenantRegistry } from '../../server/tenancy/registry';
import { createTestDatabase } from './test-db';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  registry: TenantRegistry;
  env: Env;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed demo data (small: `doctors` per tenant). Default: no seed, empty tenant tables. */
  seed?: boolean;
  doctors?: number;
  env?: Record<string, string>;
  /** Registers extra routes before the app is ready (to exercise plugins in isolation). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * The real app on a fresh test database (PGlite or PostgreSQL) copied from the migrated snapshot;
 * prepareDatabase still runs as at startup (finds no migration pending, mirrors the tenants).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = loadEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    TENANTS_DIR: path.join(ROOT, 'tenants'),
    THEMES_DIR: path.join(ROOT, 'themes'),
    WEB_DIST_DIR: path.join(ROOT, 'dist'),
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const registry = loadTenantRegistry({
    tenantsDir: env.TENANTS_DIR,
    themesDir: env.THEMES_DIR,
    defaultCode: env.DEFAULT_TENANT,
  });
  const { db, dispose } = await createTestDatabase({ migrated: true });
  await prepareDatabase(db, registry, { seed: options.seed ?? false, doctors: options.doctors ?? 30 });
  const app = await buildApp({ env, db, registry, logger: false });
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    registry,
    env,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

/** Headers of a request from a tenant's portal, as the web app sends them. */
export function tenantHeaders(code: string, extra: Record<string, string> = {}): Record<string, string> {
  return { companycode: code, host: '127.0.0.1:8080', 'x-accept-language': 'vi', ...extra };
}
