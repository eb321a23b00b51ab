import type { Static } from 'typebox';
import type { HealthProgram, PromoCode } from '../../../schemas/discovery';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { localized } from '../reference/index';

/** Promo codes and health programs shown on the doctor detail and offer pages (inside db.tenant). */

export type PromoRow = {
  promo_code_id: number;
  code: string;
  title: string;
  description: string;
  discount_percent: number;
  max_discount: number;
  min_amount: number;
  service_type_ids: number[] | null;
  doctor_id: number | null;
  expires_at: Date | string;
};

/** The columns toPromo reads, from promo_codes under the alias `alias` (none: unqualified). */
export const promoColumns = (lang: LanguageCode, alias = '') => {
  const a = alias ? `${alias}.` : '';
  return `${a}promo_code_id, ${a}code, ${a}${localized('title', lang)} AS title,
   ${a}${localized('description', lang)} AS description, ${a}discount_percent, ${a}max_discount,
   ${a}min_amount, ${a}service_type_ids, ${a}doctor_id, ${a}expires_at`;
};

export const toPromo = (r: PromoRow): Static<typeof PromoCode> => ({
  promoCodeId: r.promo_code_id,
  code: r.code,
  title: r.title,
  description: r.description,
  discountPercent: r.discount_percent,
  maxDiscount: r.max_discount,
  minAmount: r.min_amount,
  serviceTypeIds: r.service_type_ids,
  doctorId: r.doctor_id,
  expiresAt: new Date(r.expires_at).toISOString(),
});

/** Unexpired codes usable with a doctor: the doctor's own codes and the tenant-wide ones. */
export async function doctorPromoCodes(sql: Sql, lang: LanguageCode, doctorId: number) {
  const { rows } = await sql.query<PromoRow>(
    `SELECT ${promoColumns(lang)} FROM promo_codes
      WHERE (doctor_id = $1 OR doctor_id IS NULL) AND expires_at > now()
      ORDER BY doctor_id NULLS LAST, discount_percent DESC, promo_code_id`,
    [doctorId],
  );
  return rows.map(toPromo);
}

/** One promo code (offer detail), expired ones included so that old links still explain the offer. */
export async function promoDetails(sql: Sql, lang: LanguageCode, promoCodeId: number) {
  const { rows } = await sql.query<PromoRow>(
    `SELECT ${promoColumns(lang)} FROM promo_codes WHERE promo_code_id = $1`,
    [promoCodeId],
  );
  return rows[0] ? toPromo(rows[0]) : null;
}

type ProgramRow = {
  health_program_id: number;
  parent_id: number | null;
  name: string;
  description: string;
  price: number;
  child_count: number;
};

const programSelect = (lang: LanguageCode) =>
  `SELECT p.health_program_id, p.parent_id, p.${localized('name', lang)} AS name,
          p.${localized('description', lang)} AS description, p.price,
          (SELECT count(*)::int FROM health_programs c WHERE c.parent_id = p.health_program_id) AS child_count
     FROM health_programs p`;

const toProgram = (r: ProgramRow): Static<typeof HealthProgram> => ({
  healthProgramId: r.health_program_id,
  parentId: r.parent_id,
  name: r.name,
  description: r.description,
  price: r.price,
  childCount: r.child_count,
});

/** The health programs a doctor takes part in. */
export async function doctorHealthPrograms(sql: Sql, lang: LanguageCode, doctorId: number) {
  const { rows } = await sql.query<ProgramRow>(
    `${programSelect(lang)} JOIN doctor_health_programs dhp ON dhp.health_program_id = p.health_program_id
      WHERE dhp.doctor_id = $1 ORDER BY p.health_program_id`,
    [doctorId],
  );
  return rows.map(toProgram);
}

/** The sub-programs of a program, or null when the program does not exist in the tenant. */
export async function healthProgramChildren(sql: Sql, lang: LanguageCode, programId: number) {
  const { rows: parent } = await sql.query('SELECT 1 FROM health_programs WHERE health_program_id = $1', [
    programId,
  ]);
  if (parent.length === 0) return null;
  const { rows } = await sql.query<ProgramRow>(
    `${programSelect(lang)} WHERE p.parent_id = $1 ORDER BY p.health_program_id`,
    [programId],
  );
  return rows.map(toProgram);
}
