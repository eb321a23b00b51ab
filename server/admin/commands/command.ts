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
  }): Promise<number>;
}
