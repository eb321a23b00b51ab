import type { LanguageCode } from '../../../schemas/tenant.schema';
import type { Sql } from '../../db/database';
import { promoColumns, toPromo, type PromoRow } from '../offers/index';

/**
 * The tenant's valid promo codes (spec section 7 GetAllPromoCodes, the client's promoCodes list):
 * unexpired at `now`, soonest expiry first, one page.
 */
export async function validPromoCodes(
  sql: Sql,
  lang: LanguageCode,
  now: Date,
  page: { pageNumber: number; pageSize: number },
) {
  const { rows } = await sql.query<PromoRow>(
    `SELECT ${promoColumns(lang)} FROM promo_codes WHERE expires_at > $1
      ORDER BY expires_at, promo_code_id LIMIT $2 OFFSET $3`,
    [now, page.pageSize, (page.pageNumber - 1) * page.pageSize],
  );
  const { rows: count } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM promo_codes WHERE expires_at > $1',
    [now],
  );
  return { rows: rows.map(toPromo), total: count[0]!.n };
}
