import type { Sql } from '../../db/database';
import type { Tenant } from '../../tenancy/registry';

/** What a push shows: title and body, the page a click opens, and the tag that collapses repeats. */
export interface PushMessage {
  title: string;
  body: string;
  /** Path of the web app page to open ('/me/appointments/123'). */
  url: string;
  /** Same tag, one notification on the device: a repeated push replaces instead of adding. */
  tag: string;
  /** The spec's TypeNotify. */
  type: string;
  notificationId?: number;
}

/**
 * Sends a push to every device of a user (the web push service: VAPID Web Push or FCM per tenant).
 * Throws on a transient failure (the dispatcher retries); a user without devices is not an error.
 * The dispatcher receives one as a dependency, so the push providers plug in without it knowing them.
 */
export interface PushSender {
  /** `sql` is a transaction of the tenant (the push service reads and prunes the user's devices). */
  send(sql: Sql, tenant: Tenant, userId: number, message: PushMessage): Promise<void>;
}
