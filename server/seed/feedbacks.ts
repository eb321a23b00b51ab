import type { Sql } from '../db/database';
import { bulkInsert } from './bulk';
import type { SeededDoctor } from './catalogue';
import { FAMILY_NAMES, GIVEN_NAMES } from './data/people';
import type { Rng } from './prng';

const DAY_MS = 86_400_000;

/** Review texts by star rating: what Vietnamese patients typically write (fictional). */
const COMMENTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Bác sĩ rất tận tâm, giải thích kỹ lưỡng về bệnh và cách điều trị.',
    'Khám nhanh, chu đáo, đơn thuốc rõ ràng. Tôi sẽ quay lại.',
    'Bác sĩ nhẹ nhàng, lắng nghe kỹ. Con tôi không còn sợ đi khám nữa.',
    'Tư vấn qua video rất tiện, bác sĩ đúng giờ và nhiệt tình.',
    'Very thorough and kind doctor, explained everything clearly.',
  ],
  4: [
    'Bác sĩ chuyên môn tốt, chỉ phải chờ hơi lâu một chút.',
    'Tư vấn hữu ích, phòng khám sạch sẽ.',
    'Good consultation, the doctor answered all my questions.',
  ],
  3: ['Khám ổn nhưng thời gian chờ khá lâu.', 'Bác sĩ hơi vội, chưa giải thích kỹ.'],
  2: ['Phải đổi lịch hai lần, trải nghiệm chưa tốt.'],
  1: ['Không hài lòng với thời gian chờ đợi.'],
};

/** A rating near the doctor's average (most reviews sit within a star of it). */
function ratingNear(rng: Rng, average: number): 1 | 2 | 3 | 4 | 5 {
  const value = Math.round(average + (rng.next() - 0.5) * 2);
  return Math.min(5, Math.max(1, value)) as 1 | 2 | 3 | 4 | 5;
}

/**
 * Patient reviews (doctor_feedbacks) for approved doctors: up to eight each, fewer for doctors
 * with few ratings, spread over the last year. Patient names are shortened ("Nguyễn T."), as
 * review sites show them.
 */
export async function seedFeedbacks(
  sql: Sql,
  rng: Rng,
  tenant: string,
  doctors: readonly SeededDoctor[],
  now: Date,
): Promise<number> {
  const rows: unknown[][] = [];
  for (const doctor of doctors) {
    if (doctor.plan.approvalStatus !== 1) continue;
    const count = Math.min(8, doctor.plan.ratingCount);
    for (let i = 0; i < count; i++) {
      const rating = ratingNear(rng, doctor.plan.rating);
      const gender = rng.chance(0.5) ? 'M' : 'F';
      const patient = `${rng.pick(FAMILY_NAMES)} ${rng.pick(GIVEN_NAMES[gender]).charAt(0)}.`;
      const created = new Date(now.getTime() - rng.int(1, 365) * DAY_MS - rng.int(0, 86_399) * 1000);
      rows.push([
        tenant,
        doctor.doctorId,
        patient,
        rating,
        rng.pick(COMMENTS[rating]),
        created.toISOString(),
      ]);
    }
  }
  return bulkInsert(
    sql,
    'doctor_feedbacks',
    [
      ['tenant_id', 'text'],
      ['doctor_id', 'int'],
      ['patient_name', 'text'],
      ['rating', 'smallint'],
      ['comment', 'text'],
      ['created_at', 'timestamptz'],
    ],
    rows,
  );
}
