import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './dockerfile';

/**
 * The image installs with `npm ci --omit=dev`: a package the server imports at run time (even
 * lazily, with `import()`) must be a dependency, else the page that needs it fails in production
 * only (jsdom, a dev dependency, broke every blog page that way).
 */
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
/** Folders the production server loads code from (server.ts and what it imports). */
const RUNTIME_DIRS = ['server', 'schemas'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory())
      return name === 'seed' || name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-|-test\.ts$|fixtures/.test(name) ? [file] : [];
  });
}

/** Package names of every static, re-exported and dynamic import with a literal specifier. */
function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

describe('what the production server imports', () => {
  it('is installed by npm ci --omit=dev: every package is a dependency, none a dev dependency', () => {
    const missing: string[] = [];
    for (const dir of RUNTIME_DIRS) {
      for (const file of sourceFiles(path.join(ROOT, dir))) {
        const source = readFileSync(file, 'utf8');
        // Type-only imports vanish at run time.
        const runtime = source.replace(/^\s*import\s+type\s[^;]+;/gm, '');
        for (const name of importedPackages(runtime)) {
          if (!pkg.dependencies[name]) missing.push(`${path.relative(ROOT, file)}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
