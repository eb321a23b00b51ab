import { readFileSync } from 'node:fs';

/**
 * The secret named NAME: the environment variable NAME, else the content of the file that NAME_FILE
 * points to (trimmed; Docker and Kubernetes secrets are files). '' when neither is set, so callers
 * can say which name is missing. Tenant files name the variables; secrets never live in them.
 */
export function readSecret(source: NodeJS.ProcessEnv, name: string): string {
  if (!name) return '';
  const direct = source[name]?.trim();
  if (direct) return direct;
  const file = source[`${name}_FILE`]?.trim();
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
