import type { Sql } from '../../db/database';
import type { OwnedAppointment } from '../appointments/index';
import type { CallRole } from '../../services/video/index';
import { newSessionName } from '../../services/video/index';

/** An appointment as the call sees it: the after-care row with the caller's side (null: not a participant). */
export type CallAppointment = OwnedAppointment & { role: CallRole | null };

/**
 * The appointment with the caller's side: 'patient' for the account that booked it, 'doctor' for
 * the account of its doctor (users.doctor_id), null for anyone else (who is then told 404, as if
 * it did not exist).
 */
export async function callAppointment(
  sql: Sql,
  userId: number,
  appointmentId: number,
): Promise<CallAppointment | null> {
  const { rows } = await sql.query<CallAppointment & { appointment_id: string }>(
    `SELECT a.appointment_id, a.doctor_id, a.patient_id, a.status, a.payment_status, a.service_type_id,
            a.starts_at, a.ends_at, a.hold_expires_at, a.price, a.appointment_number, a.invoice_number,
            CASE WHEN a.user_id = u.user_id THEN 'patient'
                 WHEN u.doctor_id IS NOT NULL AND u.doctor_id = a.doctor_id THEN 'doctor' END AS role
       FROM appointments a CROSS JOIN users u
      WHERE a.appointment_id = $1 AND u.user_id = $2`,
    [appointmentId, userId],
  );
  const row = rows[0];
  return row ? { ...row, appointment_id: Number(row.appointment_id) } : null;
}

/** The appointment's call session name, made on first use (concurrent first uses agree). */
export async function sessionNameOf(sql: Sql, appointmentId: number): Promise<string> {
  await sql.query(
    `INSERT INTO call_sessions (appointment_id, session_name) VALUES ($1, $2) ON CONFLICT (appointment_id) DO NOTHING`,
    [appointmentId, newSessionName()],
  );
  const { rows } = await sql.query<{ session_name: string }>(
    'SELECT session_name FROM call_sessions WHERE appointment_id = $1',
    [appointmentId],
  );
  return rows[0]!.session_name;
}

/** A signalling message: an SDP description, an ICE candidate, or a word of the call protocol. */
export interface SignalRow {
  signal_id: string;
  sender: CallRole;
  body: unknown;
}

export async function insertSignal(
  sql: Sql,
  appointmentId: number,
  sender: CallRole,
  body: unknown,
): Promise<number> {
  const { rows } = await sql.query<{ signal_id: string }>(
    'INSERT INTO call_signals (appointment_id, sender, body) VALUES ($1, $2, $3) RETURNING signal_id',
    [appointmentId, sender, JSON.stringify(body)],
  );
  return Number(rows[0]!.signal_id);
}

/** The other side's messages after `after`, oldest first. */
export async function signalsAfter(
  sql: Sql,
  appointmentId: number,
  reader: CallRole,
  after: number,
): Promise<SignalRow[]> {
  const { rows } = await sql.query<SignalRow>(
    `SELECT signal_id, sender, body FROM call_signals
      WHERE appointment_id = $1 AND signal_id > $2 AND sender <> $3 ORDER BY signal_id LIMIT 200`,
    [appointmentId, after, reader],
  );
  return rows;
}

/** The newest message id of the call (a stream that opens now starts after it). */
export async function lastSignalId(sql: Sql, appointmentId: number): Promise<number> {
  const { rows } = await sql.query<{ last: string | null }>(
    'SELECT max(signal_id) AS last FROM call_signals WHERE appointment_id = $1',
    [appointmentId],
  );
  return Number(rows[0]?.last ?? 0);
}

/** How many messages a side sent in the last minute (a flood is refused). */
export async function recentSignalCount(sql: Sql, appointmentId: number, sender: CallRole): Promise<number> {
  const { rows } = await sql.query<{ n: string }>(
    `SELECT count(*) AS n FROM call_signals
      WHERE appointment_id = $1 AND sender = $2 AND created_at > now() - interval '1 minute'`,
    [appointmentId, sender],
  );
  return Number(rows[0]!.n);
}

export async function recordCallEvent(
  sql: Sql,
  appointmentId: number,
  role: CallRole,
  kind: 'joined' | 'left' | 'ended',
): Promise<void> {
  await sql.query('INSERT INTO call_events (appointment_id, role, kind) VALUES ($1, $2, $3)', [
    appointmentId,
    role,
    kind,
  ]);
  if (kind === 'ended')
    await sql.query(
      'UPDATE call_sessions SET ended_at = coalesce(ended_at, now()) WHERE appointment_id = $1',
      [appointmentId],
    );
}

/** Marks a side present in the call room now, or gone (null). */
export async function setPresence(
  sql: Sql,
  appointmentId: number,
  role: CallRole,
  present: boolean,
): Promise<void> {
  const column = role === 'doctor' ? 'doctor_seen_at' : 'patient_seen_at';
  await sql.query(
    `UPDATE call_sessions SET ${column} = ${present ? 'now()' : 'NULL'} WHERE appointment_id = $1`,
    [appointmentId],
  );
}

/** A side counts as present while its stream refreshed its stamp within this many seconds. */
export const PRESENCE_SECONDS = 45;

export interface CallSummary {
  doctorPresent: boolean;
  patientPresent: boolean;
  endedAt: Date | null;
  /** Seconds each side spent in the call room (joined to left, a side still there counts to now). */
  doctorSeconds: number;
  patientSeconds: number;
  events: { role: CallRole; kind: string; at: Date }[];
}

export async function callSummary(sql: Sql, appointmentId: number): Promise<CallSummary> {
  const session = await sql.query<{
    doctor_present: boolean;
    patient_present: boolean;
    ended_at: Date | null;
  }>(
    `SELECT coalesce(doctor_seen_at > now() - make_interval(secs => $2), false) AS doctor_present,
            coalesce(patient_seen_at > now() - make_interval(secs => $2), false) AS patient_present,
            ended_at
       FROM call_sessions WHERE appointment_id = $1`,
    [appointmentId, PRESENCE_SECONDS],
  );
  const { rows: events } = await sql.query<{ role: CallRole; kind: string; at: Date }>(
    'SELECT role, kind, at FROM call_events WHERE appointment_id = $1 ORDER BY at, call_event_id',
    [appointmentId],
  );
  const s = session.rows[0];
  const seconds = (role: CallRole) => {
    let total = 0;
    let since: Date | null = null;
    for (const e of events.filter((x) => x.role === role)) {
      if (e.kind === 'joined') since ??= e.at;
      else if (e.kind === 'left' && since) {
        total += e.at.getTime() - since.getTime();
        since = null;
      }
    }
    if (since) total += Date.now() - since.getTime();
    return Math.round(total / 1000);
  };
  return {
    doctorPresent: s?.doctor_present ?? false,
    patientPresent: s?.patient_present ?? false,
    endedAt: s?.ended_at ?? null,
    doctorSeconds: seconds('doctor'),
    patientSeconds: seconds('patient'),
    events,
  };
}
