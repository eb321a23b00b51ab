import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the built web app (dist/) is made from: a change to any of them makes it stale. */
const WEB_SOURCES = [
  'src',
  'themes',
  'schemas',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * Runs `npm run build` when dist/ is missing or older than any web source (`npm start`, and the
 * scale suite's browser proofs). Returns the build's exit status (0 when nothing had to be built).
 */
export function buildWebIfStale(): number {
  const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const sourcesAt = Math.max(...WEB_SOURCES.map(newestMtime));
  if (builtAt >= sourcesAt) return 0;
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  // Always a production build, whatever NODE_ENV the caller runs under (vitest sets 'test'): Vite
  // follows NODE_ENV, and a server bundle built outside production calls React's jsxDEV, which
  // the production server's React does not have, so every server render fails (the loading shell).
  return (
    spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
      .status ?? 1
  );
}
