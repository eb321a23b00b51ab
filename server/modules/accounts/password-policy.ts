import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordProblems, type PasswordPolicy } from '../../../schemas/accounts';
import { ApiError } from '../../lib/api-error';

let common: Set<string> | null = null;

/** The 10 000 most common passwords (lower-case), loaded once. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/** Whether a password is among the 10 000 most common (case-insensitive). */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/**
 * Throws 400 `weak_password` with the broken rules' message keys when a new password fails the
 * tenant's policy (default: spec rule; nist: 8+ chars) or is a common password (every policy).
 */
export function assertPasswordAllowed(password: string, policy: PasswordPolicy): void {
  const problems = passwordProblems(password, policy);
  if (isCommonPassword(password)) problems.push('common_password');
  if (problems.length) throw new ApiError(400, 'weak_password', problems);
}
