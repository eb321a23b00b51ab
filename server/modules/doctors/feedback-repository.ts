import type { Static } from 'typebox';
import type { DoctorFeedbacks } from '../../../schemas/discovery';
import type { Sql } from '../../db/database';

/** GetDoctorFeedbacks OrderType: 0 newest first (default), 1 highest rating, 2 lowest rating. */
const ORDERS = [
  'f.created_at DESC, f.feedback_id DESC',
  'f.rating DESC, f.created_at DESC, f.feedback_id DESC',
  'f.rating ASC, f.created_at DESC, f.feedback_id DESC',
] as const;

/** One page of a doctor's reviews with their average (inside db.tenant). */
export async function doctorFeedbacks(
  sql: Sql,
  doctorId: number,
  orderType: number,
  pageNumber: number,
  pageSize: number,
): Promise<Static<typeof DoctorFeedbacks>> {
  const order = ORDERS[orderType] ?? ORDERS[0];
  const { rows: stats } = await sql.query<{ total: number; average: string | null }>(
    `SELECT count(*)::int AS total, round(avg(rating), 1) AS average FROM doctor_feedbacks WHERE doctor_id = $1`,
    [doctorId],
  );
  const { rows } = await sql.query<{
    feedback_id: number;
    patient_name: string;
    rating: number;
    comment: string;
    created_at: Date | string;
  }>(
    `SELECT f.feedback_id, f.patient_name, f.rating, f.comment, f.created_at
       FROM doctor_feedbacks f WHERE f.doctor_id = $1
      ORDER BY ${order} LIMIT $2 OFFSET $3`,
    [doctorId, pageSize, (pageNumber - 1) * pageSize],
  );
  return {
    feedbacks: rows.map((r) => ({
      feedbackId: r.feedback_id,
      patientName: r.patient_name,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    averageRating: Number(stats[0]?.average ?? 0),
    pagination: { pageNumber, pageSize, totalRecords: stats[0]?.total ?? 0 },
  };
}
