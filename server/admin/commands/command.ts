import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Env } from '../../config/env';
import type { Database } from '../../db/database';
import type { TenantRegistry } from '../../tenancy/registry';

/** One operator command of `npm run admin`. */
export interface AdminCommand {
  /** First word on the command line, e.g. `lock` or `join-requests`. */
  name: string;
  /** One line of usage, e.g. `lock <tenant> <email|phone>`. */
  usage: string;
  description: string;
  /**
   * Runs the command. Use `db.owner()` and set app.tenant_id in the transaction for tenant
   * tables (FORCE RLS applies to a non-superuser owner). Returns the exit code; 2 for bad usage.
   */
  run(context: {
    db: Database;
    registry: TenantRegistry;
    args: string[];
    print(line: string): void;
    /** The environment (JWT_SECRET, the keyring's master secret): `keys` needs it. */
    env?: Env;
  }): Promise<number>;
}

/**
 * Reads `<action> <tenant> [options and positionals]`: the action must be one of `actions`, the
 * tenant configured, the rest valid for `options` (node:util parseArgs). On a failure it prints
 * why and the usage and answers null; the command then returns 2.
 */
export function parseCommand<const O extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  spec: {
    usage: string;
    actions: readonly string[];
    options: O;
    registry: TenantRegistry;
    print(line: string): void;
  },
) {
  const [action = '', tenant = '', ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, options: spec.options });
  } catch (error) {
    spec.print((error as Error).message);
  }
  const config = spec.registry.byCode.get(tenant)?.config;
  if (!parsed || !config || !spec.actions.includes(action)) {
    spec.print(`usage: ${spec.usage}`);
    return null;
  }
  return { action, tenant, config, values: parsed.values, positionals: parsed.positionals };
}
