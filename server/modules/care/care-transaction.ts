import type { Database, Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/** The care roles of spec section 6 that have a workspace (users.role, migration 020). */
export type CareRole = 'doctor' | 'hospital';

/** Who acts in a care transaction: the signed-in care user and what they act for. */
export interface CareActor {
  userId: number;
  role: CareRole;
  doctorId: number | null;
  hospitalId: number | null;
  /** A readable name for logs the patient reads ("BS. Nguyễn Văn A", "Bệnh viện ..."). */
  label: string;
}

interface ActorRow {
  role: string;
  doctor_id: number | null;
  hospital_id: number | null;
  status: string;
  locked_by_admin: boolean;
  locked_at: Date | null;
  label: string | null;
}

/**
 * The care actor of a user inside the tenant's transaction, or null for a patient, an account that
 * is not active or locked, or a doctor or hospital that is no longer approved.
 */
export async function loadCareActor(sql: Sql, userId: number): Promise<CareActor | null> {
  const { rows } = await sql.query<ActorRow>(
    `SELECT u.role, u.doctor_id, u.hospital_id, u.status, u.locked_by_admin, u.locked_at,
            COALESCE(d.title_vi || ' ' || d.full_name, h.name) AS label
       FROM users u
       LEFT JOIN doctors d ON d.doctor_id = u.doctor_id AND d.approval_status = 1
       LEFT JOIN hospitals h ON h.hospital_id = u.hospital_id AND h.approval_status = 1
      WHERE u.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r || (r.role !== 'doctor' && r.role !== 'hospital')) return null;
  if (r.status !== 'active' || r.locked_by_admin || r.locked_at || r.label === null) return null;
  return {
    userId,
    role: r.role,
    doctorId: r.doctor_id,
    hospitalId: r.hospital_id,
    label: r.label,
  };
}

/**
 * Sets the acting care role, user, doctor and hospital for the rest of the transaction (all
 * transaction-local, like the tenant): migration 020's policies then narrow every care table.
 */
export async function enterCareActor(sql: Sql, actor: CareActor): Promise<void> {
  await sql.query(
    `SELECT set_config('app.care_role', $1, true), set_config('app.care_user_id', $2, true),
            set_config('app.care_doctor_id', $3, true), set_config('app.care_hospital_id', $4, true)`,
    [
      actor.role,
      String(actor.userId),
      actor.doctorId === null ? '' : String(actor.doctorId),
      actor.hospitalId === null ? '' : String(actor.hospitalId),
    ],
  );
}

/**
 * Runs `fn` in one tenant transaction as the care user `userId`: the actor is read, then set as
 * transaction settings before `fn` runs, so every query of `fn` sees only the actor's rows. A
 * patient (or a locked or unapproved care account) gets 403 care_forbidden.
 */
export function careTransaction<T>(
  db: Database,
  tenant: string,
  userId: number,
  fn: (sql: Sql, actor: CareActor) => Promise<T>,
): Promise<T> {
  return db.tenant(tenant, async (sql) => {
    const actor = await loadCareActor(sql, userId);
    if (!actor) throw new ApiError(403, 'care_forbidden');
    await enterCareActor(sql, actor);
    return fn(sql, actor);
  });
}
