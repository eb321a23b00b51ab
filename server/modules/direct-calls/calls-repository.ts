import type { CareDirectCall, DirectCall, PackageKind } from '../../../schemas/direct-calls';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { notify } from '../messages/index';
import type { HeldPackage } from './packages';

/**
 * Direct calls in the database (migration 028). The allowance is a hold: placing a call on a
 * membership package takes one call (`calls_left > 0` in the same statement, so concurrent calls
 * can never take more than there are), connecting keeps it, and a call that stops ringing unanswered
 * (missed, cancelled) gives it back in the statement that moves it out of 'ringing' — which happens
 * once per call, whoever gets there first (the patient, the job, a doctor's late accept).
 */

interface CallRow {
  direct_call_id: string;
  kind: PackageKind;
  status: DirectCall['status'];
  created_at: Date;
  ring_expires_at: Date;
  doctors_rung: number;
  call_minutes: number;
  appointment_id: string | null;
  doctor_name: string | null;
}

const callOf = (r: CallRow): DirectCall => ({
  directCallId: Number(r.direct_call_id),
  kind: r.kind,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  ringExpiresAt: new Date(r.ring_expires_at).toISOString(),
  doctorsRung: Number(r.doctors_rung),
  callMinutes: r.call_minutes,
  appointmentId: r.appointment_id === null ? null : Number(r.appointment_id),
  doctorName: r.doctor_name,
});

const CALL_COLUMNS = `c.direct_call_id,
  CASE WHEN up.membership_package_id IS NOT NULL THEN 'membership' ELSE 'iomt' END AS kind,
  c.status, c.created_at, c.ring_expires_at, c.call_minutes, c.appointment_id,
  (SELECT count(*) FROM direct_call_rings r WHERE r.direct_call_id = c.direct_call_id) AS doctors_rung,
  CASE WHEN d.doctor_id IS NOT NULL THEN d.title_vi || ' ' || d.full_name END AS doctor_name`;
const CALL_FROM = `direct_calls c
  JOIN user_packages up ON up.user_package_id = c.user_package_id
  LEFT JOIN doctors d ON d.doctor_id = c.doctor_id`;

/** The doctors of a package who are online now (their workspace renews a presence lease). */
export async function onlinePackageDoctors(sql: Sql, pkg: HeldPackage, now: Date): Promise<number[]> {
  const links =
    pkg.kind === 'membership'
      ? 'membership_package_doctors x ON x.doctor_id = p.doctor_id AND x.membership_package_id = $1'
      : 'iomt_package_doctors x ON x.doctor_id = p.doctor_id AND x.iomt_package_id = $1';
  const { rows } = await sql.query<{ doctor_id: number }>(
    `SELECT p.doctor_id FROM care_presence p
       JOIN ${links}
       JOIN doctors d ON d.doctor_id = p.doctor_id AND d.approval_status = 1
      WHERE p.status = 'online' AND p.expires_at > $2
      ORDER BY p.doctor_id`,
    [pkg.program_id, now],
  );
  return rows.map((r) => r.doctor_id);
}

/** Takes one call of a membership package; false when none is left (concurrent takers included). */
export async function holdOneCall(sql: Sql, userPackageId: number): Promise<boolean> {
  const { rows } = await sql.query(
    'UPDATE user_packages SET calls_left = calls_left - 1 WHERE user_package_id = $1 AND calls_left > 0 RETURNING 1',
    [userPackageId],
  );
  return rows.length === 1;
}

export interface NewCall {
  userId: number;
  patientId: number;
  callerName: string;
  pkg: HeldPackage;
  holdsCall: boolean;
  doctorIds: number[];
  now: Date;
  ringSeconds: number;
}

/** A ringing call and the doctors it rings. */
export async function insertRingingCall(sql: Sql, call: NewCall): Promise<number> {
  const { rows } = await sql.query<{ direct_call_id: string }>(
    `INSERT INTO direct_calls (user_id, patient_id, caller_name, user_package_id, holds_call, call_minutes,
       status, ring_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'ringing', $7, $8) RETURNING direct_call_id`,
    [
      call.userId,
      call.patientId,
      call.callerName,
      call.pkg.user_package_id,
      call.holdsCall,
      call.pkg.call_minutes,
      new Date(call.now.getTime() + call.ringSeconds * 1000),
      call.now,
    ],
  );
  const id = Number(rows[0]!.direct_call_id);
  await sql.query('INSERT INTO direct_call_rings (direct_call_id, doctor_id) SELECT $1, unnest($2::int[])', [
    id,
    call.doctorIds,
  ]);
  return id;
}

/**
 * Moves ringing calls out of 'ringing' without a doctor — 'missed' once their ring time is over,
 * or 'cancelled' by their patient (whatever the time) — and gives each held call back to its
 * package, in one statement. `userId` and `directCallId` narrow it to one user's calls, or one
 * call. Runs in a transaction that may write user_packages (the patient's or the job's, never a
 * care transaction). Returns how many calls it settled.
 */
export async function settleUnanswered(
  sql: Sql,
  now: Date,
  which: {
    reason: 'missed' | 'cancelled';
    userId?: number;
    directCallId?: number;
    /** Given: each patient whose call was missed is told (`direct-call-missed`). */
    tenant?: TenantConfig;
  },
): Promise<number> {
  const { rows } = await sql.query<{ direct_call_id: string; user_id: number; ring_expires_at: Date }>(
    `WITH settled AS (
       UPDATE direct_calls SET status = $1, settled_at = $2
        WHERE status = 'ringing'
          AND ($3::bigint IS NULL OR direct_call_id = $3)
          AND ($4::int IS NULL OR user_id = $4)
          AND ($1 = 'cancelled' OR ring_expires_at <= $2)
        RETURNING direct_call_id, user_id, ring_expires_at, user_package_id, holds_call),
     given_back AS (
       UPDATE user_packages up SET calls_left = up.calls_left + n.calls
         FROM (SELECT user_package_id, count(*)::int AS calls FROM settled WHERE holds_call GROUP BY 1) n
        WHERE up.user_package_id = n.user_package_id
        RETURNING 1)
     SELECT direct_call_id, user_id, ring_expires_at FROM settled, (SELECT count(*) FROM given_back) g`,
    [which.reason, now, which.directCallId ?? null, which.userId ?? null],
  );
  if (which.tenant && which.reason === 'missed') {
    for (const call of rows) {
      await notify(sql, which.tenant, {
        event: 'direct-call-missed',
        userId: Number(call.user_id),
        key: `direct-call-missed:${call.direct_call_id}`,
        values: { startsAt: new Date(call.ring_expires_at).toISOString(), path: '/me/notification-list/' },
        notificationValues: { DirectCallId: Number(call.direct_call_id) },
        now,
      });
    }
  }
  return rows.length;
}

/** One of the user's calls, or null when it is not theirs. */
export async function userCall(sql: Sql, userId: number, directCallId: number): Promise<DirectCall | null> {
  const { rows } = await sql.query<CallRow>(
    `SELECT ${CALL_COLUMNS} FROM ${CALL_FROM} WHERE c.direct_call_id = $1 AND c.user_id = $2`,
    [directCallId, userId],
  );
  return rows[0] ? callOf(rows[0]) : null;
}

/** The user's calls, newest first, and how many there are. */
export async function userCalls(
  sql: Sql,
  userId: number,
  page: { number: number; size: number },
): Promise<{ calls: DirectCall[]; total: number }> {
  const { rows } = await sql.query<CallRow & { total: string }>(
    `SELECT ${CALL_COLUMNS}, count(*) OVER () AS total FROM ${CALL_FROM}
      WHERE c.user_id = $1 ORDER BY c.created_at DESC, c.direct_call_id DESC LIMIT $2 OFFSET $3`,
    [userId, page.size, (page.number - 1) * page.size],
  );
  return { calls: rows.map(callOf), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** How long a call a doctor took, missed or saw taken stays in their list. */
const RECENT_SECONDS = 120;

/**
 * The calls that rang the acting doctor (a care transaction: row-level security keeps the rest
 * out), still ringing or settled in the last two minutes, newest first.
 */
export async function callsForDoctor(sql: Sql, doctorId: number, now: Date): Promise<CareDirectCall[]> {
  const { rows } = await sql.query<{
    direct_call_id: string;
    kind: PackageKind;
    status: DirectCall['status'];
    doctor_id: number | null;
    caller_name: string;
    created_at: Date;
    ring_expires_at: Date;
    call_minutes: number;
    appointment_id: string | null;
  }>(
    `SELECT c.direct_call_id, c.status, c.doctor_id, c.caller_name, c.created_at, c.ring_expires_at,
            c.call_minutes, c.appointment_id,
            CASE WHEN c.holds_call THEN 'membership' ELSE 'iomt' END AS kind
       FROM direct_call_rings r JOIN direct_calls c ON c.direct_call_id = r.direct_call_id
      WHERE r.doctor_id = $1
        AND (c.status = 'ringing' OR c.settled_at > $2::timestamptz - make_interval(secs => $3))
      ORDER BY c.created_at DESC LIMIT 20`,
    [doctorId, now, RECENT_SECONDS],
  );
  return rows.map((r) => {
    const ringing = r.status === 'ringing' && new Date(r.ring_expires_at).getTime() > now.getTime();
    const state: CareDirectCall['state'] = ringing
      ? 'ringing'
      : r.status === 'connected'
        ? r.doctor_id === doctorId
          ? 'mine'
          : 'taken'
        : 'over';
    return {
      directCallId: Number(r.direct_call_id),
      kind: r.kind,
      state,
      callerName: r.caller_name,
      createdAt: new Date(r.created_at).toISOString(),
      ringExpiresAt: new Date(r.ring_expires_at).toISOString(),
      callMinutes: r.call_minutes,
      // Only the doctor who took the call learns its appointment.
      appointmentId: state === 'mine' && r.appointment_id !== null ? Number(r.appointment_id) : null,
    };
  });
}

/** A call as the accept needs it. */
interface CallToTake {
  user_id: number;
  patient_id: number;
  call_minutes: number;
  status: DirectCall['status'];
  ring_expires_at: Date;
  doctor_id: number | null;
}

/** The call a doctor is about to take, as the accept needs it; null when it did not ring them. */
export async function ringingCallFor(
  sql: Sql,
  doctorId: number,
  directCallId: number,
): Promise<CallToTake | null> {
  const { rows } = await sql.query<CallToTake>(
    `SELECT c.user_id, c.patient_id, c.call_minutes, c.status, c.ring_expires_at, c.doctor_id
       FROM direct_calls c JOIN direct_call_rings r ON r.direct_call_id = c.direct_call_id AND r.doctor_id = $1
      WHERE c.direct_call_id = $2`,
    [doctorId, directCallId],
  );
  return rows[0] ?? null;
}

/**
 * Gives the ringing call to the doctor with its appointment; false when it stopped ringing first
 * (another doctor took it, or it was missed or cancelled). Concurrent accepts wait on the row and
 * only the first finds it still ringing.
 */
export async function connectCall(
  sql: Sql,
  directCallId: number,
  doctorId: number,
  appointmentId: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await sql.query(
    `UPDATE direct_calls SET status = 'connected', doctor_id = $2, appointment_id = $3, settled_at = $4
      WHERE direct_call_id = $1 AND status = 'ringing' AND ring_expires_at > $4 RETURNING 1`,
    [directCallId, doctorId, appointmentId, now],
  );
  return rows.length === 1;
}
