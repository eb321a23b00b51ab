import type { DirectCall, PackageKind } from '../../../schemas/direct-calls';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { openDirectCallAppointment } from '../appointments/index';
import type { CareActor } from '../care/index';
import {
  callsForDoctor,
  connectCall,
  holdOneCall,
  insertRingingCall,
  onlinePackageDoctors,
  ringingCallFor,
  settleUnanswered,
  userCall,
} from './calls-repository';
import { heldPackages, packageForCall } from './packages';

export interface PlaceCallInput {
  userId: number;
  kind: PackageKind;
  programId?: number;
  tenant: TenantConfig;
  lang: LanguageCode;
  now: Date;
}

/**
 * "Gọi bác sĩ" (CallDiriect, CallDiriectIomt), in the patient's tenant transaction: the package,
 * the caller's own profile, the package's online doctors, then one call held and the call ringing
 * them. Each refusal is the spec's (section 8) and changes nothing.
 */
export async function placeCall(sql: Sql, input: PlaceCallInput): Promise<DirectCall> {
  const { userId, now } = input;
  // A call of theirs that stopped ringing a moment ago gives its call back before we count.
  await settleUnanswered(sql, now, { reason: 'missed', userId, tenant: input.tenant });
  const held = await heldPackages(sql, userId, input.lang, input.kind);
  const pkg = packageForCall(held, now, input.programId);
  if (typeof pkg === 'string') throw new ApiError(409, pkg);
  const { rows: self } = await sql.query<{ patient_id: number; full_name: string }>(
    'SELECT patient_id, full_name FROM patients WHERE user_id = $1 AND is_self AND deleted_at IS NULL',
    [userId],
  );
  if (!self[0]) throw new ApiError(409, 'direct_call_profile_required');
  const doctorIds = await onlinePackageDoctors(sql, pkg, now);
  if (!doctorIds.length) throw new ApiError(409, 'doctor_not_connected');
  const holdsCall = pkg.calls_left !== null;
  if (holdsCall && !(await holdOneCall(sql, pkg.user_package_id)))
    throw new ApiError(409, 'validate_number_call');
  const id = await insertRingingCall(sql, {
    userId,
    patientId: self[0].patient_id,
    callerName: self[0].full_name,
    pkg,
    holdsCall,
    doctorIds,
    now,
    ringSeconds: input.tenant.directCall.ringSeconds,
  });
  return (await userCall(sql, userId, id))!;
}

/** The user's call as of now (a lapsed ring is settled as missed first); 404 when not theirs. */
export async function readCall(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  directCallId: number,
  now: Date,
): Promise<DirectCall> {
  await settleUnanswered(sql, now, { reason: 'missed', userId, directCallId, tenant });
  const call = await userCall(sql, userId, directCallId);
  if (!call) throw new ApiError(404, 'direct_call_not_found');
  return call;
}

/**
 * CancelCallDiriect: a ringing call stops and gives its call back. Asked again, or after the call
 * was missed or answered, it answers the call as it is (the ringing screen then shows that).
 */
export async function cancelCall(
  sql: Sql,
  tenant: TenantConfig,
  userId: number,
  directCallId: number,
  now: Date,
): Promise<DirectCall> {
  await settleUnanswered(sql, now, { reason: 'missed', userId, directCallId, tenant });
  await settleUnanswered(sql, now, { reason: 'cancelled', userId, directCallId });
  return readCall(sql, tenant, userId, directCallId, now);
}

/** The calls that rang the acting doctor (care transaction). */
export function doctorCalls(sql: Sql, actor: CareActor, now: Date) {
  if (actor.role !== 'doctor' || actor.doctorId === null) return Promise.resolve([]);
  return callsForDoctor(sql, actor.doctorId, now);
}

/**
 * A doctor takes a call that rang them (care transaction): the call's appointment is opened for the
 * package's call duration and the call becomes theirs, or — when another doctor was first, or the
 * call stopped ringing — 409 and nothing is kept (the transaction rolls the appointment back).
 */
export async function acceptCall(
  sql: Sql,
  actor: CareActor,
  tenant: TenantConfig,
  directCallId: number,
  now: Date,
): Promise<{ appointmentId: number }> {
  if (actor.role !== 'doctor' || actor.doctorId === null) throw new ApiError(403, 'care_forbidden');
  const doctorId = actor.doctorId;
  const call = await ringingCallFor(sql, doctorId, directCallId);
  if (!call) throw new ApiError(404, 'direct_call_not_found');
  const refusal = (status: string | undefined) =>
    new ApiError(409, status === 'connected' ? 'direct_call_taken' : 'direct_call_over');
  if (call.status !== 'ringing' || new Date(call.ring_expires_at).getTime() <= now.getTime())
    throw refusal(call.status);
  const { appointmentId } = await openDirectCallAppointment(sql, tenant, {
    userId: call.user_id,
    patientId: call.patient_id,
    doctorId,
    now,
    minutes: call.call_minutes,
  });
  if (!(await connectCall(sql, directCallId, doctorId, appointmentId, now))) {
    throw refusal((await ringingCallFor(sql, doctorId, directCallId))?.status);
  }
  return { appointmentId };
}
