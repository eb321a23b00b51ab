import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../server/config/env';
import { envOf, parseDockerfile, ROOT } from './dockerfile';

/**
 * deploy/compose.yaml, checked offline (no Docker engine, and no copy of the Compose
 * specification's JSON schema among the installed packages): its structure, interpolation as
 * Compose performs it, health checks and start order, and that no secret is written in it.
 */
type Obj = Record<string, any>;
const DEPLOY = path.join(ROOT, 'deploy');
const text = readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8');
const compose = parse(text) as Obj;
const services = compose.services as Record<string, Obj>;

const SECRET_VAR = /PASSWORD|SECRET|TOKEN|ACCESS_KEY|PRIVATE/;
const SECRET_SETTING = /PASSWORD|SECRET|TOKEN|ACCESS_KEY|PRIVATE|_URL$|AUTH$/;
const TOP_LEVEL = ['name', 'services', 'volumes', 'networks', 'secrets', 'configs', 'include'];
const SERVICE_KEYS = new Set([
  'build',
  'image',
  'deploy',
  'expose',
  'ports',
  'environment',
  'read_only',
  'tmpfs',
  'cap_drop',
  'security_opt',
  'healthcheck',
  'stop_grace_period',
  'restart',
  'depends_on',
  'volumes',
  'entrypoint',
  'command',
]);

/** Compose's interpolation: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: string, env: Record<string, string>, errors: string[]): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (all, name, op, arg) => {
    if (all === '$$') return '$';
    const set = env[name];
    const present = op?.startsWith(':') ? Boolean(set) : set !== undefined;
    if (present) return set!;
    if (op?.endsWith('?')) {
      errors.push(name);
      return '';
    }
    return op ? arg : '';
  });
}

/** Every string in the file, with its path. */
function strings(node: unknown, at = ''): [string, string][] {
  if (typeof node === 'string') return [[at, node]];
  if (Array.isArray(node)) return node.flatMap((n, i) => strings(n, `${at}/${i}`));
  if (node && typeof node === 'object')
    return Object.entries(node).flatMap(([k, v]) => strings(v, `${at}/${k}`));
  return [];
}

const example = Object.fromEntries(
  readFileSync(path.join(DEPLOY, 'compose.env.example'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z0-9_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

describe('deploy/compose.yaml', () => {
  it('has only Compose top-level keys and the stack: app, proxy, PostgreSQL 16, Redis 7, MinIO', () => {
    for (const key of Object.keys(compose))
      expect(TOP_LEVEL.includes(key) || key.startsWith('x-'), key).toBe(true);
    expect(Object.keys(services).sort()).toEqual(['app', 'createbucket', 'db', 'minio', 'proxy', 'redis']);
    for (const [name, service] of Object.entries(services)) {
      expect(typeof service.image, `${name}.image`).toBe('string');
      for (const key of Object.keys(service)) expect(SERVICE_KEYS.has(key), `${name}.${key}`).toBe(true);
    }
    expect(services.db!.image).toMatch(/^postgres:16\b/);
    expect(services.redis!.image).toMatch(/^redis:7\b/);
    expect(services.minio!.image).toMatch(/^minio\/minio\b/);
    expect(services.app!.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(existsSync(path.join(DEPLOY, services.app!.build.context, services.app!.build.dockerfile))).toBe(
      true,
    );
  });

  it('names volumes that are declared, and files next to it that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const volume of (service.volumes ?? []) as string[]) {
        const source = volume.split(':')[0]!;
        if (source.startsWith('.'))
          expect(existsSync(path.join(DEPLOY, source)), `${name}: ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: ${source}`).toContain(source);
      }
    }
  });

  it('runs several app replicas, reachable only through the proxy, read-only but for DATA_DIR and /tmp', () => {
    const app = services.app!;
    expect(app.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(app.ports).toBeUndefined();
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'proxy') expect(service.ports, name).toBeUndefined();
    }
    expect(services.proxy!.ports).toContain('443:443');
    const image = envOf(parseDockerfile().at(-1)!);
    expect(app.read_only).toBe(true);
    expect([...app.tmpfs].sort()).toEqual(['/tmp', image.DATA_DIR].sort());
    expect(app.environment.NODE_ENV).toBe('production');
    expect(app.environment.WEB_CONCURRENCY).toBe('1');
    expect(app.environment.METRICS_HOST).toBe('0.0.0.0');
    expect(app.cap_drop).toEqual(['ALL']);
    expect(Number.parseInt(app.stop_grace_period)).toBeGreaterThanOrEqual(26);
  });

  it('passes the app only settings the server knows (a misspelt name would be silently ignored)', () => {
    const known = new Set(Object.keys(EnvSchema.properties));
    for (const name of Object.keys(services.app!.environment)) {
      expect(known.has(name) || name.startsWith('OTEL_'), name).toBe(true);
    }
  });

  it('checks the health of every long-running service and starts each after what it needs', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'createbucket') {
        expect(service.restart).toBe('no');
        continue;
      }
      expect(service.healthcheck?.test?.[0], name).toMatch(/^CMD(-SHELL)?$/);
      expect(service.restart, name).toBe('unless-stopped');
    }
    expect(services.app!.healthcheck.test.join(' ')).toMatch(/\/readyz/);
    const conditions = ['service_started', 'service_healthy', 'service_completed_successfully'];
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, rule] of Object.entries<Obj>(service.depends_on ?? {})) {
        expect(services[dependency], `${name} -> ${dependency}`).toBeDefined();
        expect(conditions).toContain(rule.condition);
        expect(rule.condition).toBe(
          dependency === 'createbucket' ? 'service_completed_successfully' : 'service_healthy',
        );
      }
    }
    expect(Object.keys(services.app!.depends_on).sort()).toEqual(['createbucket', 'db', 'redis']);
    expect(Object.keys(services.proxy!.depends_on)).toContain('app');
    expect(Object.keys(services.createbucket!.depends_on)).toEqual(['minio']);
  });

  it('writes no secret: each comes from the env file, and a missing one stops `compose up` by name', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries<string>(service.environment ?? {})) {
        if (!SECRET_SETTING.test(key)) continue;
        const literal = String(value).replace(/\$\{[^}]*\}/g, '');
        expect(literal, `${name}.${key}`).not.toMatch(/:[^/@:]+@/);
        if (!/_URL$/.test(key)) expect(literal, `${name}.${key}`).toBe('');
      }
    }
    for (const [at, value] of strings(compose)) {
      for (const [, variable, op] of value.matchAll(/\$\{([A-Z0-9_]+)(:?[-?])?/g)) {
        if (SECRET_VAR.test(variable!)) expect(op, `${at}: \${${variable}}`).toBe(':?');
      }
    }
    const errors: string[] = [];
    for (const [, value] of strings(compose)) interpolate(value, {}, errors);
    for (const required of ['POSTGRES_PASSWORD', 'JWT_SECRET', 'REDIS_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      expect(errors).toContain(required);
    }
  });

  it('interpolates completely from compose.env.example, which documents every variable and holds no secret', () => {
    const referenced = new Set(
      strings(compose).flatMap(([, value]) => [...value.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!)),
    );
    for (const name of referenced) expect(Object.keys(example), name).toContain(name);
    for (const [name, value] of Object.entries(example)) {
      if (SECRET_VAR.test(name) && name !== 'S3_ACCESS_KEY_ID') expect(value, name).toBe('');
    }
    const filled = Object.fromEntries(
      Object.entries(example).map(([k, v]) => [
        k,
        v || `${k.toLowerCase()}-0123456789abcdef0123456789abcdef`,
      ]),
    );
    const errors: string[] = [];
    const app = services.app!.environment as Record<string, string>;
    const env = Object.fromEntries(
      Object.entries(app).map(([k, v]) => [k, interpolate(String(v), filled, errors)]),
    );
    expect(errors).toEqual([]);
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/songkhoe:[^@]+@db:5432\/songkhoe$/);
    expect(env.REDIS_URL).toMatch(/^redis:\/\/:[^@]+@redis:6379\/0$/);
    expect(env.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
    // `$$` reaches the container as `$` (shell expansion there, not interpolation here).
    expect(interpolate(services.redis!.command.join(' '), filled, errors)).toContain('"$REDIS_PASSWORD"');
  });

  it('proxies every replica on the app port, never the metrics port', () => {
    const caddyfile = readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/dynamic a app 8080/);
    expect(caddyfile).not.toMatch(/9464/);
    expect(caddyfile).toMatch(/\{\$PORTAL_SITES\}/);
    expect(caddyfile).toMatch(/\{\$S3_PUBLIC_ENDPOINT\}[\s\S]*reverse_proxy minio:9000/);
  });
});
