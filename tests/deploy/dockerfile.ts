import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A small reader of deploy/Dockerfile (no Docker engine on the build machines): instructions with
 * their line continuations joined and comments dropped, grouped by stage.
 */
/** The repository root (where the image's WORKDIR /app comes from). */
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DOCKERFILE = path.join(ROOT, 'deploy/Dockerfile');

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string | null;
  from: string;
  instructions: Instruction[];
}

export function parseDockerfile(text = readFileSync(DOCKERFILE, 'utf8')): Stage[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | null = null;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    // Comments (parser directives included) and blank lines, also inside a continuation.
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const continues = trimmed.endsWith('\\');
    const part = continues ? trimmed.slice(0, -1).trim() : trimmed;
    pending = pending ? { ...pending, text: `${pending.text} ${part}` } : { text: part, line: index + 1 };
    if (continues) return;
    const match = /^(\S+)\s*(.*)$/s.exec(pending.text);
    if (match)
      instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: pending.line });
    pending = null;
  });
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const [from = '', as, name] = instruction.args.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? (name ?? null) : null, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`line ${instruction.line}: instruction before FROM`);
    } else {
      stages[stages.length - 1]!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The JSON (exec) form of CMD/ENTRYPOINT/HEALTHCHECK CMD; throws on the shell form. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) {
    throw new Error(`not an exec-form array: ${args}`);
  }
  return parsed;
}

/** ENV of a stage as name -> value (`ENV A=1 B="two"` and the legacy `ENV A 1`). */
export function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'ENV') continue;
    if (!args.includes('=')) {
      const [name = '', ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const pair of args.match(/[^\s=]+=("[^"]*"|'[^']*'|\S*)/g) ?? []) {
      const at = pair.indexOf('=');
      env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^(["'])(.*)\1$/, '$2');
    }
  }
  return env;
}

/** The last instruction of `keyword` in a stage (the one Docker applies), or undefined. */
export const lastOf = (stage: Stage, keyword: string) =>
  stage.instructions.filter((i) => i.keyword === keyword).at(-1);

/** The final stage's CMD and ENV, as the container runs them. */
export function productionCommand(stages = parseDockerfile()): {
  argv: string[];
  env: Record<string, string>;
} {
  const final = stages.at(-1);
  const cmd = final && lastOf(final, 'CMD');
  if (!final || !cmd) throw new Error('deploy/Dockerfile: the final stage has no CMD');
  return { argv: execForm(cmd.args), env: envOf(final) };
}

/** HEALTHCHECK's command in exec form, without its options. */
export function healthcheckCommand(stage: Stage): string[] {
  const healthcheck = lastOf(stage, 'HEALTHCHECK');
  if (!healthcheck) throw new Error('no HEALTHCHECK');
  const at = healthcheck.args.search(/\bCMD\b/);
  if (at < 0) throw new Error(`HEALTHCHECK without CMD: ${healthcheck.args}`);
  return execForm(healthcheck.args.slice(at + 3).trim());
}
