import { ownerInTenant, type Database } from '../../db/database';

export interface DeliveryStatusRow {
  delivery_id: string;
  event: string;
  channel: string;
  recipient: string;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
  dedup_key: string;
}

export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed', 'cancelled'] as const;

/** A tenant's message deliveries for the operator, newest first. */
export async function deliveryStatus(
  db: Database,
  tenant: string,
  options: { state?: string; limit?: number } = {},
): Promise<DeliveryStatusRow[]> {
  return ownerInTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<DeliveryStatusRow>(
      `SELECT delivery_id, event, channel, recipient, state, attempts, next_attempt_at, last_error, sent_at,
              created_at, dedup_key
       FROM message_deliveries
       WHERE tenant_id = $1 AND ($2::text IS NULL OR state = $2)
       ORDER BY created_at DESC, delivery_id DESC LIMIT $3`,
      [tenant, options.state ?? null, options.limit ?? 100],
    );
    return rows;
  });
}

/** Puts a failed delivery back in line (the operator fixed the cause). */
export async function retryDelivery(db: Database, tenant: string, id: number): Promise<boolean> {
  return ownerInTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query(
      `UPDATE message_deliveries SET state = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
       WHERE tenant_id = $1 AND delivery_id = $2 AND state = 'failed' RETURNING delivery_id`,
      [tenant, id],
    );
    return rows.length > 0;
  });
}
