import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Every import and re-export of a file that brings values (not `import type`), as written. */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of code.matchAll(/^(import|export)\s+([^'";]*?)\s*from\s+'([^']+)'/gm)) {
    const [, , clause = '', specifier = ''] = match;
    if (clause.startsWith('type ')) continue;
    const names = /\{([^}]*)\}/.exec(clause)?.[1];
    const defaultOrStar = clause.replace(/\{[^}]*\}/, '').replace(/[,\s]/g, '') !== '';
    const valueNames = names?.split(',').filter((name) => name.trim() && !name.trim().startsWith('type '));
    if (defaultOrStar || !names || (valueNames && valueNames.length > 0)) specifiers.push(specifier);
  }
  for (const match of code.matchAll(/^import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  return specifiers;
}

const resolve = (from: string, specifier: string): string | null => {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    try {
      if (readFileSync(candidate) && !candidate.endsWith(path.sep)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
};

/** The chain of schemas modules through which `file` loads TypeBox, or null. */
function typeboxChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file) || !/\.tsx?$/.test(file)) return null;
  seen.add(file);
  for (const specifier of valueImports(file)) {
    if (specifier === 'typebox' || specifier.startsWith('typebox/')) return [path.relative(root, file)];
    const next = resolve(file, specifier);
    const chain = next && typeboxChain(next, seen);
    if (chain) return [path.relative(root, file), ...chain];
  }
  return null;
}

const webFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(full);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !full.includes(`${path.sep}test${path.sep}`)
      ? [full]
      : [];
  });

/**
 * The web app takes values from schemas/ only where no TypeBox comes along: TypeBox's schema
 * builders run at module load, so a bundler keeps all of it (11 KB gz) in whatever chunk imports a
 * constant from a schema file. Shared values live in TypeBox-free files (account-patterns.ts,
 * insurance-rules.ts, ...); types are imported with `import type`.
 */
describe('web app imports of schemas', () => {
  it('never load TypeBox into the browser', () => {
    const offenders = webFiles(path.join(root, 'src'))
      .map((file) => typeboxChain(file))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => chain.join(' -> '));
    expect(offenders).toEqual([]);
  });

  it('notices a value import that brings TypeBox', () => {
    expect(typeboxChain(path.join(root, 'schemas/insurance.ts'))).toEqual(['schemas/insurance.ts']);
    expect(typeboxChain(path.join(root, 'schemas/insurance-rules.ts'))).toBeNull();
  });
});
