import { ownerInTenant, type Database } from '../../db/database';

export interface ReminderStatusRow {
  reminder_id: string;
  kind: string;
  appointment_number: string | null;
  waitlist_id: string | null;
  offset_minutes: number | null;
  due_at: Date;
  next_attempt_at: Date;
  state: string;
  attempts: number;
  delivered: string[];
  last_error: string | null;
  sent_at: Date | null;
}

/** A tenant's reminders and waitlist messages for the operator, newest due first. */
export async function reminderStatus(
  db: Database,
  tenant: string,
  options: { state?: string; limit?: number } = {},
): Promise<ReminderStatusRow[]> {
  return ownerInTenant(db, tenant, async (sql) => {
    const { rows } = await sql.query<ReminderStatusRow>(
      `SELECT r.reminder_id, r.kind, a.appointment_number, r.waitlist_id, r.offset_minutes, r.due_at,
              r.next_attempt_at, r.state, r.attempts, r.delivered, r.last_error, r.sent_at
       FROM appointment_reminders r LEFT JOIN appointments a ON a.appointment_id = r.appointment_id
       WHERE r.tenant_id = $1 AND ($2::text IS NULL OR r.state = $2)
       ORDER BY r.due_at DESC, r.reminder_id DESC LIMIT $3`,
      [tenant, options.state ?? null, options.limit ?? 100],
    );
    return rows;
  });
}
