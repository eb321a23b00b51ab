import type { Env } from '../../config/env';
import type { Database } from '../../db/database';
import type { ResponseCache } from '../../lib/response-cache';
import type { PaymentService } from '../../services/payments/index';
import type { Storage } from '../../services/storage/index';
import type { TenantRegistry } from '../../tenancy/registry';

/** What the appointments routes need (one file of its own, so the route files do not import routes.ts). */
export interface AppointmentsOptions {
  db: Database;
  env: Env;
  registry: TenantRegistry;
  publicCache: ResponseCache;
  payments: PaymentService;
  /** Files (appointment attachments); defaults to the local disk under DATA_DIR. */
  storage?: Storage;
}
