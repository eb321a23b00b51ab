import type { AdvisoryRequest, CareAdvisoryRequest } from '../../../schemas/iomt';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/**
 * Advice requests and their answers (migration 037). The same reads serve the patient (filtered by
 * the caller here) and the doctors (narrowed by the care scope of the transaction).
 */
export interface AdvisoryRow {
  advisory_request_id: string | number;
  user_id: number;
  patient_id: number;
  patient_name: string;
  package_name: string;
  doctor_id: number | null;
  doctor_name: string | null;
  message: string;
  status: 'open' | 'answered';
  created_at: Date;
  answer_doctor_id: number | null;
  answer_doctor_name: string | null;
  answer: string | null;
  answered_at: Date | null;
}

const select = (lang: LanguageCode) =>
  `SELECT r.advisory_request_id, r.user_id, r.patient_id, r.patient_name, i.${localized('name', lang)} AS package_name,
          r.doctor_id, CASE WHEN d.doctor_id IS NULL THEN NULL ELSE d.title_${lang} || ' ' || d.full_name END AS doctor_name,
          r.message, r.status, r.created_at,
          a.doctor_id AS answer_doctor_id, a.doctor_name AS answer_doctor_name, a.answer, a.created_at AS answered_at
     FROM advisory_requests r
     JOIN iomt_packages i ON i.iomt_package_id = r.iomt_package_id
     LEFT JOIN doctors d ON d.doctor_id = r.doctor_id
     LEFT JOIN advisory_answers a ON a.advisory_request_id = r.advisory_request_id`;

const answerOf = (r: AdvisoryRow) =>
  r.answer !== null && r.answer_doctor_id !== null && r.answered_at
    ? {
        doctorId: r.answer_doctor_id,
        doctorName: r.answer_doctor_name ?? '',
        answer: r.answer,
        answeredAt: new Date(r.answered_at).toISOString(),
      }
    : null;

export const advisoryOf = (r: AdvisoryRow): AdvisoryRequest => ({
  advisoryRequestId: Number(r.advisory_request_id),
  patientId: r.patient_id,
  patientName: r.patient_name,
  packageName: r.package_name,
  doctorId: r.doctor_id,
  doctorName: r.doctor_name,
  message: r.message,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  answer: answerOf(r),
});

export const careAdvisoryOf = (r: AdvisoryRow): CareAdvisoryRequest => ({
  advisoryRequestId: Number(r.advisory_request_id),
  patientName: r.patient_name,
  packageName: r.package_name,
  askedYou: r.doctor_id !== null,
  message: r.message,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  answer: answerOf(r),
});

/** One request as the transaction may see it (the care scope narrows a doctor's), or null. */
export async function readAdvisory(sql: Sql, id: number, lang: LanguageCode): Promise<AdvisoryRow | null> {
  const { rows } = await sql.query<AdvisoryRow>(`${select(lang)} WHERE r.advisory_request_id = $1`, [id]);
  return rows[0] ?? null;
}

/** A page of requests, newest first: a user's own (userId), or all the transaction sees. */
export async function listAdvisories(
  sql: Sql,
  filter: { userId?: number; status?: 'open' | 'answered' },
  lang: LanguageCode,
  page: { number: number; size: number },
): Promise<{ rows: AdvisoryRow[]; total: number }> {
  const where = `WHERE ($1::int IS NULL OR r.user_id = $1) AND ($2::text IS NULL OR r.status = $2)`;
  const params = [filter.userId ?? null, filter.status ?? null];
  const { rows } = await sql.query<AdvisoryRow>(
    `${select(lang)} ${where} ORDER BY r.created_at DESC, r.advisory_request_id DESC LIMIT $3 OFFSET $4`,
    [...params, page.size, (page.number - 1) * page.size],
  );
  const { rows: count } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM advisory_requests r ${where}`,
    params,
  );
  return { rows, total: Number(count[0]?.n ?? 0) };
}

/** Every request of a user with its answer, oldest first (the personal data export). */
export async function allAdvisoriesOf(sql: Sql, userId: number, lang: LanguageCode): Promise<AdvisoryRow[]> {
  const { rows } = await sql.query<AdvisoryRow>(
    `${select(lang)} WHERE r.user_id = $1 ORDER BY r.created_at, r.advisory_request_id`,
    [userId],
  );
  return rows;
}
