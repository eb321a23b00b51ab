import type { PackageType } from '../../../schemas/purchases';
import type { ProductKind, UserProduct } from '../../../schemas/promotions';
import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { ApiError } from '../../lib/api-error';

/**
 * Product codes and the wallet of products (spec section 7 "Promos and wallet":
 * ActivePromotionProductCode, GetListProductCodeInWallet, GetDetailPromotionProduct,
 * CheckPromotionProduct; section 4 "Promo activation ... success or fail"). Migration 036.
 * Every function runs inside the caller's tenant transaction.
 */

/** How people type a code: case, spaces and other separators do not matter. */
export const normalizeProductCode = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s_.]+/g, '');

interface UserProductRow {
  user_product_id: string | number;
  promotion_product_id: number;
  code: string;
  kind: ProductKind;
  name: string;
  description: string;
  service_type_ids: number[] | null;
  doctor_id: number | null;
  package_id: number | null;
  activated_at: Date | string;
  spent_at: Date | string | null;
  spent_on: 'appointment' | 'purchase' | null;
  appointment_id: string | number | null;
  purchase_id: string | number | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));

const toUserProduct = (r: UserProductRow): UserProduct => ({
  userProductId: Number(r.user_product_id),
  promotionProductId: r.promotion_product_id,
  code: r.code,
  kind: r.kind,
  name: r.name,
  description: r.description,
  serviceTypeIds: r.service_type_ids,
  doctorId: r.doctor_id,
  packageId: r.package_id,
  activatedAt: iso(r.activated_at),
  spentAt: r.spent_at === null ? null : iso(r.spent_at),
  spentOn: r.spent_on,
  appointmentId: num(r.appointment_id),
  purchaseId: num(r.purchase_id),
});

const select = (lang: LanguageCode) =>
  `SELECT up.user_product_id, up.promotion_product_id, c.code, p.kind, p.name_${lang} AS name,
          p.description_${lang} AS description, p.service_type_ids, p.doctor_id, p.package_id,
          up.activated_at, up.spent_at, up.spent_on, up.appointment_id, up.purchase_id
     FROM user_products up
     JOIN promotion_products p ON p.promotion_product_id = up.promotion_product_id
     JOIN product_codes c ON c.product_code_id = up.product_code_id`;

/**
 * Activates a code for the user: single use. The conditional UPDATE takes the code's row lock, so
 * concurrent activations queue on it and each re-reads the row: the first one wins, the others
 * find it activated (PostgreSQL re-checks the WHERE after the winner commits).
 * @throws ApiError 404 product_code_invalid (unknown here: RLS hides another tenant's codes),
 *         409 product_code_used, 409 product_code_expired
 */
export async function activateProductCode(
  sql: Sql,
  input: { userId: number; code: string; now: Date; lang: LanguageCode },
): Promise<UserProduct> {
  const code = normalizeProductCode(input.code);
  const { rows } = await sql.query<{ product_code_id: string; promotion_product_id: number }>(
    `UPDATE product_codes SET activated_by = $2, activated_at = $3
      WHERE code = $1 AND activated_at IS NULL AND expires_at > $3
      RETURNING product_code_id, promotion_product_id`,
    [code, input.userId, input.now],
  );
  const won = rows[0];
  if (!won) {
    const { rows: found } = await sql.query<{ activated_at: Date | null; expires_at: Date }>(
      'SELECT activated_at, expires_at FROM product_codes WHERE code = $1',
      [code],
    );
    const row = found[0];
    if (!row) throw new ApiError(404, 'product_code_invalid');
    if (row.activated_at !== null) throw new ApiError(409, 'product_code_used');
    throw new ApiError(409, 'product_code_expired');
  }
  const { rows: made } = await sql.query<{ user_product_id: string }>(
    `INSERT INTO user_products (user_id, promotion_product_id, product_code_id, activated_at)
     VALUES ($1, $2, $3, $4) RETURNING user_product_id`,
    [input.userId, won.promotion_product_id, won.product_code_id, input.now],
  );
  return (await userProduct(sql, input.lang, input.userId, Number(made[0]!.user_product_id)))!;
}

/** The user's products, unspent first (newest first within each), one page. */
export async function listUserProducts(
  sql: Sql,
  lang: LanguageCode,
  userId: number,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: UserProduct[]; total: number }> {
  const { rows } = await sql.query<UserProductRow>(
    `${select(lang)} WHERE up.user_id = $1
      ORDER BY up.spent_at IS NOT NULL, up.activated_at DESC, up.user_product_id DESC
      LIMIT $2 OFFSET $3`,
    [userId, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  const { rows: count } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM user_products WHERE user_id = $1',
    [userId],
  );
  return { rows: rows.map(toUserProduct), total: count[0]!.n };
}

/** One of the user's products, or null (another user's is null too). */
export async function userProduct(
  sql: Sql,
  lang: LanguageCode,
  userId: number,
  userProductId: number,
): Promise<UserProduct | null> {
  const { rows } = await sql.query<UserProductRow>(
    `${select(lang)} WHERE up.user_id = $1 AND up.user_product_id = $2`,
    [userId, userProductId],
  );
  return rows[0] ? toUserProduct(rows[0]) : null;
}

/** What a product may pay for: a consultation with a doctor, or one package. */
export type ProductTarget =
  | { kind: 'appointment'; doctorId: number; serviceTypeId: number }
  | { kind: 'purchase'; packageType: PackageType; packageId: number };

/** SQL condition (on alias p) that a product applies to the target; params start at `from`. */
function applies(target: ProductTarget, from: number): { where: string; params: unknown[] } {
  if (target.kind === 'appointment') {
    return {
      where: `p.kind = 'consultation' AND (p.service_type_ids IS NULL OR $${from + 1}::int = ANY(p.service_type_ids))
              AND (p.doctor_id IS NULL OR p.doctor_id = $${from}::int)`,
      params: [target.doctorId, target.serviceTypeId],
    };
  }
  return {
    where: `p.kind = $${from} AND p.package_id = $${from + 1}::int`,
    params: [target.packageType, target.packageId],
  };
}

/**
 * The user's unspent products that pay for the target, oldest first (the one to spend first):
 * for price quotes and CheckPromotionProduct.
 */
export async function usableProductsFor(
  sql: Sql,
  input: { userId: number; target: ProductTarget; lang?: LanguageCode },
): Promise<UserProduct[]> {
  const cond = applies(input.target, 2);
  const { rows } = await sql.query<UserProductRow>(
    `${select(input.lang ?? 'vi')} WHERE up.user_id = $1 AND up.spent_at IS NULL AND ${cond.where}
      ORDER BY up.activated_at, up.user_product_id`,
    [input.userId, ...cond.params],
  );
  return rows.map(toUserProduct);
}

/** Where a product is spent: the appointment or purchase being made in the caller's transaction. */
export type SpendOn =
  | { kind: 'appointment'; appointmentId: number; doctorId: number; serviceTypeId: number }
  | { kind: 'purchase'; purchaseId: number; packageType: PackageType; packageId: number };

/** What a spent product covers: the whole price of the consultation or the package. */
export interface SpentProduct {
  userProductId: number;
  kind: ProductKind;
  /** 'consultation' pays the appointment's price; a package kind pays the package. */
  covers: 'consultation' | PackageType;
  packageId: number | null;
  name: { vi: string; en: string };
}

/**
 * Spends one of the user's products on an appointment or a purchase, inside the caller's
 * transaction (booking's MakeAppointment, the purchases checkout): locks the product's row (a
 * second spend of it waits, then finds it spent), checks that it is the user's, unspent and
 * applicable, and marks it spent on the target.
 * @throws ApiError 409 product_not_applicable (not the user's, unknown, or not for this target),
 *         409 product_code_used (already spent)
 */
export async function spendUserProduct(
  sql: Sql,
  input: { userId: number; userProductId: number; on: SpendOn; now: Date },
): Promise<SpentProduct> {
  const { rows } = await sql.query<{
    spent_at: Date | null;
    kind: ProductKind;
    service_type_ids: number[] | null;
    doctor_id: number | null;
    package_id: number | null;
    name_vi: string;
    name_en: string;
  }>(
    `SELECT up.spent_at, p.kind, p.service_type_ids, p.doctor_id, p.package_id, p.name_vi, p.name_en
       FROM user_products up JOIN promotion_products p ON p.promotion_product_id = up.promotion_product_id
      WHERE up.user_product_id = $1 AND up.user_id = $2
        FOR UPDATE OF up`,
    [input.userProductId, input.userId],
  );
  const p = rows[0];
  if (!p) throw new ApiError(409, 'product_not_applicable');
  if (p.spent_at !== null) throw new ApiError(409, 'product_code_used');
  const on = input.on;
  const ok =
    on.kind === 'appointment'
      ? p.kind === 'consultation' &&
        (p.service_type_ids === null || p.service_type_ids.includes(on.serviceTypeId)) &&
        (p.doctor_id === null || p.doctor_id === on.doctorId)
      : p.kind === on.packageType && p.package_id === on.packageId;
  if (!ok) throw new ApiError(409, 'product_not_applicable');
  await sql.query(
    `UPDATE user_products SET spent_at = $2, spent_on = $3, appointment_id = $4, purchase_id = $5
      WHERE user_product_id = $1`,
    [
      input.userProductId,
      input.now,
      on.kind,
      on.kind === 'appointment' ? on.appointmentId : null,
      on.kind === 'purchase' ? on.purchaseId : null,
    ],
  );
  return {
    userProductId: input.userProductId,
    kind: p.kind,
    covers: p.kind,
    packageId: p.package_id,
    name: { vi: p.name_vi, en: p.name_en },
  };
}

/**
 * A product spent on an appointment that was then cancelled, or on a purchase that was refunded,
 * goes back to the wallet of products (unspent again; a cancel or a refund happens once).
 */
export async function giveBackUserProduct(
  sql: Sql,
  spentOn: { appointmentId: number } | { purchaseId: number },
): Promise<void> {
  const [kind, column, id] =
    'appointmentId' in spentOn
      ? ['appointment', 'appointment_id', spentOn.appointmentId]
      : ['purchase', 'purchase_id', spentOn.purchaseId];
  await sql.query(
    `UPDATE user_products SET spent_at = NULL, spent_on = NULL, appointment_id = NULL, purchase_id = NULL
      WHERE ${column} = $1 AND spent_on = $2`,
    [id, kind],
  );
}

/** Alphabet of minted codes: no 0/O, 1/I/L (read aloud or copied from a screen). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A random code of `length` characters of CODE_ALPHABET, after `prefix`. */
export function randomCode(prefix: string, length: number, random: (n: number) => Uint8Array): string {
  const bytes = random(length);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return prefix + out;
}

/**
 * Mints `count` new codes of a product (the operator command), each expiring at `expiresAt`.
 * Codes are random (10 characters after the prefix); a collision is simply skipped and redrawn.
 * @returns the codes made, or null when the product does not exist in the tenant
 */
export async function mintProductCodes(
  sql: Sql,
  input: { promotionProductId: number; count: number; expiresAt: Date; prefix?: string },
  random: (n: number) => Uint8Array,
): Promise<string[] | null> {
  const { rows } = await sql.query(
    'SELECT 1 FROM promotion_products WHERE promotion_product_id = $1 AND tenant_id = current_tenant()',
    [input.promotionProductId],
  );
  if (rows.length === 0) return null;
  const made: string[] = [];
  let attempts = 0;
  while (made.length < input.count && attempts < input.count * 5) {
    attempts += 1;
    const code = randomCode(input.prefix ?? 'KM-', 10, random);
    const { rows: inserted } = await sql.query(
      `INSERT INTO product_codes (code, promotion_product_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (tenant_id, code) DO NOTHING RETURNING 1`,
      [code, input.promotionProductId, input.expiresAt],
    );
    if (inserted.length > 0) made.push(code);
  }
  return made;
}
