import type { Sql } from '../../db/database';

/** What was read (data_access_log.resource_kind). */
export type AccessResource =
  | 'health_record'
  | 'health_record_file'
  | 'health_result'
  | 'insurance_profile'
  | 'insurance_claim'
  | 'insurance_claim_file'
  | 'fee_guarantee'
  | 'appointment_attachment'
  | 'data_export';

/** One read of health data, as the patient will see it in "who looked at my records". */
export interface DataAccess {
  /** The account holder whose data was read. */
  userId: number;
  /** The family member (patient) the data is about, when it is about one. */
  patientId?: number | null;
  actor: { kind: 'self' | 'doctor' | 'hospital' | 'operator'; userId?: number | null; label: string };
  action: 'list' | 'view' | 'download' | 'export';
  resource: AccessResource;
  resourceId?: number | null;
  appointmentId?: number | null;
  ip?: string | null;
}

/**
 * Appends a read to the data access log, inside the caller's tenant transaction: the read and its
 * record commit together, so no health data leaves without a trace. The table is append-only for
 * the application role.
 */
export async function logDataAccess(sql: Sql, entry: DataAccess): Promise<void> {
  await sql.query(
    `INSERT INTO data_access_log
       (user_id, patient_id, actor_kind, actor_user_id, actor_label, action, resource_kind, resource_id, appointment_id, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.userId,
      entry.patientId ?? null,
      entry.actor.kind,
      entry.actor.userId ?? null,
      entry.actor.label.slice(0, 200),
      entry.action,
      entry.resource,
      entry.resourceId ?? null,
      entry.appointmentId ?? null,
      entry.ip ?? null,
    ],
  );
}

/** The account holder reading their own data (the most common entry). */
export const selfActor = (userId: number) => ({ kind: 'self' as const, userId, label: 'self' });
