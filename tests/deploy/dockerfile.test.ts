import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envOf, execForm, healthcheckCommand, lastOf, parseDockerfile, ROOT, type Stage } from './dockerfile';

/** The image's properties, read from deploy/Dockerfile (the build machines have no Docker engine). */
const stages = parseDockerfile();
const final = stages.at(-1)!;
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);

/** Names that must never be baked into an image (they come from the runtime environment). */
const SECRET_NAME = /SECRET|PASSWORD|PASSWD|TOKEN|CREDENTIAL|PRIVATE|API_?KEY|ACCESS_KEY|_URL$|DSN/i;

describe('deploy/Dockerfile', () => {
  it('is multi-stage: dependencies and the web build in a build stage, copied from by name', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const build = stages.find((s) => runs(s).some((r) => /\bnpm run build\b/.test(r)));
    expect(build, 'a stage runs npm run build').toBeDefined();
    expect(build).not.toBe(final);
    expect(build!.name).toBeTruthy();
    const copiesDist = final.instructions.some(
      (i) => i.keyword === 'COPY' && i.args.includes(`--from=${build!.name}`) && /\bdist\b/.test(i.args),
    );
    expect(copiesDist, 'the final stage copies dist/ from the build stage').toBe(true);
    for (const stage of stages) expect(stage.from).toMatch(/^node:\d+(\.\d+)*-bookworm-slim$/);
  });

  it('uses the Node.js major that CI tests (production-start.test.ts runs its CMD on this one)', () => {
    const major = process.versions.node.split('.')[0];
    for (const stage of stages) expect(stage.from.split(/[:.-]/)[1]).toBe(major);
  });

  it('installs production dependencies only in the final stage, and never the dev ones there', () => {
    const installs = runs(final).filter((r) => /\bnpm (ci|install|prune)\b/.test(r));
    expect(installs.length).toBeGreaterThan(0);
    for (const run of installs) expect(run).toMatch(/--omit=dev\b/);
    // A dev dependency could only reach the final stage by copying node_modules from a full install.
    for (const copy of final.instructions.filter((i) => i.keyword === 'COPY' && i.args.includes('--from'))) {
      expect(copy.args).not.toMatch(/node_modules/);
    }
    // The runtime needs tsx (the server is TypeScript) as a production dependency.
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.dependencies.tsx).toBeDefined();
  });

  it('keeps fonts-noto-core for PDF receipts and cleans the apt lists in the same layer', () => {
    const apt = runs(final).find((r) => r.includes('apt-get install'));
    expect(apt).toMatch(/fonts-noto-core/);
    expect(apt).toMatch(/--no-install-recommends/);
    expect(apt).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it('runs as a numeric non-root user (so that runAsNonRoot can verify it)', () => {
    const user = lastOf(final, 'USER');
    expect(user).toBeDefined();
    const [uid, gid] = user!.args.split(':');
    expect(uid).toMatch(/^\d+$/);
    expect(Number(uid)).toBeGreaterThan(0);
    if (gid !== undefined) expect(Number(gid)).toBeGreaterThan(0);
    // Nothing after USER switches back to root.
    const after = final.instructions.slice(final.instructions.indexOf(user!) + 1);
    expect(after.map((i) => i.keyword)).not.toContain('RUN');
  });

  it('writes only under DATA_DIR (a volume or emptyDir) and /tmp', () => {
    const env = envOf(final);
    expect(env.NODE_ENV).toBe('production');
    expect(env.DATA_DIR).toMatch(/^\//);
    const uid = lastOf(final, 'USER')!.args.split(':')[0];
    // DATA_DIR is the one folder the user owns; code is copied root-owned (no --chown).
    expect(runs(final).some((r) => r.includes(`chown ${uid}`) && r.includes(env.DATA_DIR!))).toBe(true);
    for (const copy of final.instructions.filter((i) => i.keyword === 'COPY')) {
      expect(copy.args).not.toMatch(/--chown/);
    }
    expect(final.instructions.map((i) => i.keyword)).not.toContain('VOLUME');
  });

  it('checks its health on /readyz in exec form, and listens where the scraper and proxy expect', () => {
    const command = healthcheckCommand(final);
    expect(command[0]).toBe('node');
    expect(command.join(' ')).toMatch(/\/readyz/);
    expect(lastOf(final, 'HEALTHCHECK')!.args).toMatch(/--interval=\d+s/);
    const env = envOf(final);
    expect(env.PORT).toBe('8080');
    expect(env.METRICS_HOST).toBe('0.0.0.0');
    expect(lastOf(final, 'EXPOSE')!.args.split(/\s+/)).toEqual([env.PORT, env.METRICS_PORT]);
    // One process per container: replicas scale, not the cluster module.
    expect(env.WEB_CONCURRENCY).toBe('1');
  });

  it('starts one node process with the tsx loader (SIGTERM reaches the server)', () => {
    const cmd = execForm(lastOf(final, 'CMD')!.args);
    expect(cmd).toEqual(['node', '--import', 'tsx', 'server/server.ts']);
    expect(lastOf(final, 'ENTRYPOINT')).toBeUndefined();
    expect(lastOf(final, 'STOPSIGNAL')?.args ?? 'SIGTERM').toBe('SIGTERM');
  });

  it('bakes no secret into a layer: no secret-looking ARG or ENV, no copied env file', () => {
    for (const stage of stages) {
      for (const { keyword, args } of stage.instructions) {
        if (keyword === 'ARG') expect(args.split('=')[0]).not.toMatch(SECRET_NAME);
        if (keyword === 'COPY' || keyword === 'ADD')
          expect(args).not.toMatch(/\.env\b|\.npmrc|id_rsa|\.pem\b/);
        if (keyword === 'RUN') expect(args).not.toMatch(/--mount=type=secret.*>|echo .*(SECRET|PASSWORD)/i);
      }
      for (const name of Object.keys(envOf(stage))) expect(name).not.toMatch(SECRET_NAME);
    }
  });

  it('has a .dockerignore that keeps secrets, data, dependencies, build output and git out', () => {
    // BuildKit reads <Dockerfile>.dockerignore next to the Dockerfile (the context is the root).
    const file = path.join(ROOT, 'deploy/Dockerfile.dockerignore');
    expect(existsSync(file)).toBe(true);
    const entries = readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => l.trim().replace(/^\//, ''))
      .filter((l) => l && !l.startsWith('#'));
    for (const required of ['.git', '**/.env', '**/.env.*', 'data', 'node_modules', 'dist']) {
      expect(entries).toContain(required);
    }
    // Nothing the image copies is excluded.
    for (const copied of ['server', 'schemas', 'src', 'themes', 'tenants', 'scripts', 'server/seed/data']) {
      expect(entries).not.toContain(copied);
    }
  });
});
