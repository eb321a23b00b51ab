import type { AdvisoryRequest, CareAdvisoryRequest, ReceivingAdvisoryRequest } from '../../../schemas/iomt';
import type { LanguageCode, TenantConfig } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { withoutCareActor } from '../../lib/care-actor';
import type { CareActor } from '../care/index';
import { notify } from '../messages/index';
import { advisoryOf, careAdvisoryOf, readAdvisory } from './advisory-repository';
import { heldIomtPackages, validPackages } from './held-packages';

/** The page of the web app where a patient reads their advice (the messages' link). */
export const ADVISORY_PAGE = '/service-packages';

/**
 * POST /Iomt/ReceivingAdvisory (spec section 7): the patient asks the doctors of a valid IoMT
 * package, or one of them, for advice, for themself or a member of their family. Inside the
 * patient's tenant transaction. Refused with the spec's reasons when no package is valid.
 */
export async function askAdvice(
  sql: Sql,
  input: ReceivingAdvisoryRequest & { userId: number; lang: LanguageCode; now: Date },
): Promise<AdvisoryRequest> {
  const valid = validPackages(await heldIomtPackages(sql, input.userId, input.lang), input.now);
  if (typeof valid === 'string') throw new ApiError(409, valid);
  // The package the request goes to: the one the asked doctor belongs to, else the valid package
  // that expires first (as calls spend the earliest package first).
  const byExpiry = [...valid].sort(
    (a, b) => new Date(a.expires_at).getTime() - new Date(b.expires_at).getTime(),
  );
  let chosen = byExpiry[0]!;
  if (input.doctorId !== undefined) {
    const { rows } = await sql.query<{ iomt_package_id: number }>(
      `SELECT x.iomt_package_id FROM iomt_package_doctors x JOIN doctors d ON d.doctor_id = x.doctor_id
        WHERE x.doctor_id = $1 AND d.approval_status = 1 AND x.iomt_package_id = ANY($2::int[])`,
      [input.doctorId, valid.map((p) => p.iomt_package_id)],
    );
    const ids = new Set(rows.map((r) => r.iomt_package_id));
    const withDoctor = byExpiry.find((p) => ids.has(p.iomt_package_id));
    if (!withDoctor) throw new ApiError(404, 'iomt_doctor_not_found');
    chosen = withDoctor;
  }
  const { rows: patients } = await sql.query<{ patient_id: number; full_name: string }>(
    `SELECT patient_id, full_name FROM patients
      WHERE user_id = $1 AND deleted_at IS NULL AND ($2::int IS NULL AND is_self OR patient_id = $2)`,
    [input.userId, input.patientId ?? null],
  );
  const patient = patients[0];
  if (!patient)
    throw input.patientId === undefined
      ? new ApiError(409, 'advisory_profile_required')
      : new ApiError(404, 'patient_not_found');
  const { rows } = await sql.query<{ advisory_request_id: string }>(
    `INSERT INTO advisory_requests (user_id, patient_id, patient_name, user_package_id, iomt_package_id, doctor_id,
       message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING advisory_request_id`,
    [
      input.userId,
      patient.patient_id,
      patient.full_name,
      chosen.user_package_id,
      chosen.iomt_package_id,
      input.doctorId ?? null,
      input.message,
      input.now,
    ],
  );
  return advisoryOf((await readAdvisory(sql, Number(rows[0]!.advisory_request_id), input.lang))!);
}

/**
 * POST /Care/AdvisoryRequests/{id}/Answer: a doctor of the request's package answers, inside the
 * doctor's care transaction, so a request the care scope hides is 404 whatever the app asks. The
 * first answer closes the request (the conditional update and the answers' primary key); the
 * patient is told in the same transaction.
 */
export async function answerAdvice(
  sql: Sql,
  tenant: TenantConfig,
  actor: CareActor,
  input: { id: number; answer: string; lang: LanguageCode; now: Date },
): Promise<CareAdvisoryRequest> {
  const { rows } = await sql.query<{ user_id: number }>(
    `UPDATE advisory_requests SET status = 'answered', answered_at = $2
      WHERE advisory_request_id = $1 AND status = 'open' RETURNING user_id`,
    [input.id, input.now],
  );
  const closed = rows[0];
  if (!closed) {
    const seen = await readAdvisory(sql, input.id, input.lang);
    throw seen ? new ApiError(409, 'advisory_already_answered') : new ApiError(404, 'advisory_not_found');
  }
  await sql.query(
    `INSERT INTO advisory_answers (advisory_request_id, doctor_id, doctor_name, answer, created_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [input.id, actor.doctorId, actor.label, input.answer, input.now],
  );
  const answered = careAdvisoryOf((await readAdvisory(sql, input.id, input.lang))!);
  // The patient's account is not readable as the doctor (the users care scope): the answer is
  // written, so the patient is told as the system.
  await withoutCareActor(sql, () =>
    notify(sql, tenant, {
      event: 'advisory-answered',
      userId: closed.user_id,
      key: `advisory-answered:${input.id}`,
      values: { doctorName: actor.label, path: ADVISORY_PAGE },
      notificationValues: { AdvisoryRequestId: input.id },
      now: input.now,
    }),
  );
  return answered;
}
