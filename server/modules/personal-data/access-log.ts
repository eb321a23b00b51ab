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
  /** What the owner calls it (a health record's title), shown instead of the id. */
  resourceLabel?: string | null;
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
       (user_id, patient_id, actor_kind, actor_user_id, actor_label, action, resource_kind, resource_id,
        resource_label, appointment_id, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      entry.userId,
      entry.patientId ?? null,
      entry.actor.kind,
      entry.actor.userId ?? null,
      entry.actor.label.slice(0, 200),
      entry.action,
      entry.resource,
      entry.resourceId ?? null,
      entry.resourceLabel?.slice(0, 200) ?? null,
      entry.appointmentId ?? null,
      entry.ip ?? null,
    ],
  );
}

/** The account holder reading their own data (the most common entry). */
export const selfActor = (userId: number) => ({ kind: 'self' as const, userId, label: 'self' });

/** A row of the log as the owner reads it (ids as numbers, times as ISO strings). */
export interface DataAccessRow {
  accessId: number;
  at: string;
  actorKind: DataAccess['actor']['kind'];
  actorLabel: string;
  action: DataAccess['action'];
  resourceKind: AccessResource;
  resourceId: number | null;
  resourceLabel: string | null;
  patientId: number | null;
  appointmentId: number | null;
}

/**
 * A page of the reads of the user's data, newest first, and the total. (Reading the log is not
 * itself logged: it holds no health data.) RLS keeps it to the transaction's tenant.
 */
export async function listDataAccess(
  sql: Sql,
  userId: number,
  page: { pageNumber: number; pageSize: number } | null,
): Promise<{ rows: DataAccessRow[]; total: number }> {
  const params: unknown[] = [userId];
  let limit = '';
  if (page) {
    params.push(page.pageSize, (page.pageNumber - 1) * page.pageSize);
    limit = 'LIMIT $2 OFFSET $3';
  }
  const { rows } = await sql.query<Record<string, unknown>>(
    `SELECT access_id, at, actor_kind, actor_label, action, resource_kind, resource_id, resource_label, patient_id,
            appointment_id, count(*) OVER () AS total
       FROM data_access_log WHERE user_id = $1 ORDER BY at DESC, access_id DESC ${limit}`,
    params,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (!rows.length && page && page.pageNumber > 1) {
    const count = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM data_access_log WHERE user_id = $1',
      [userId],
    );
    total = Number(count.rows[0]?.n ?? 0);
  }
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    total,
    rows: rows.map((r) => ({
      accessId: Number(r.access_id),
      at: new Date(r.at as string).toISOString(),
      actorKind: r.actor_kind as DataAccessRow['actorKind'],
      actorLabel: String(r.actor_label),
      action: r.action as DataAccessRow['action'],
      resourceKind: r.resource_kind as AccessResource,
      resourceId: num(r.resource_id),
      resourceLabel:
        r.resource_label === null || r.resource_label === undefined ? null : String(r.resource_label),
      patientId: num(r.patient_id),
      appointmentId: num(r.appointment_id),
    })),
  };
}
