import { spawnSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseDockerfile, ROOT, type Stage } from './dockerfile';

/**
 * The image's /app folder made on this machine, without a Docker engine: the files the final
 * stage of deploy/Dockerfile COPYs (the build stage's dist/ is the repository's, built when
 * stale), then its install, `npm ci --omit=dev`. A package the server needs at run time but
 * kept among the dev dependencies is then missing here as in the container.
 */
export interface ImageInstall {
  /** Seconds `npm ci --omit=dev` took (the npm cache of the machine is warm). */
  installSeconds: number;
}

/** Source paths (in the repository) and destination of each COPY of the final stage. */
export function copiedPaths(stage: Stage): { from: string[]; to: string }[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map(({ args }) => {
      const words = args.split(/\s+/);
      const fromStage = words.find((w) => w.startsWith('--from='));
      const paths = words.filter((w) => !w.startsWith('--'));
      const to = paths.pop()!;
      // The build stage copies the repository to its WORKDIR (/app) and builds there.
      const from = paths.map((p) => (fromStage ? path.relative('/app', p) : p));
      return { from, to };
    });
}

export function installImage(target: string): ImageInstall {
  const final = parseDockerfile().at(-1)!;
  for (const { from, to } of copiedPaths(final)) {
    for (const source of from) {
      if (!existsSync(path.join(ROOT, source))) throw new Error(`COPY source missing: ${source}`);
      const destination = to.endsWith('/')
        ? path.join(target, to, path.basename(source))
        : path.join(target, to);
      cpSync(path.join(ROOT, source), destination, { recursive: true });
    }
  }
  const install = final.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
  if (!install?.args.includes('--omit=dev')) throw new Error('the final stage does not npm ci --omit=dev');
  const started = performance.now();
  // --prefer-offline: the machine's npm cache answers (the image's build downloads instead).
  const npm = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: target,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (npm.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${npm.stdout}\n${npm.stderr}`);
  return { installSeconds: (performance.now() - started) / 1000 };
}
