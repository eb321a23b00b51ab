import type { Sql } from '../db/database';

/**
 * Demo product codes (README "Product codes"): a tenant gets one product "one free consultation"
 * and, when it sells membership packages, "one membership package" (its cheapest), with a few
 * codes each that a demo user can activate on /me/promotion-products (server/modules/promotions). Idempotent: runs in the
 * seed's owner transaction with app.tenant_id set, and again at start-up for older databases.
 */
export const DEMO_PRODUCT_CODES = {
  consultation: ['DEMO-KHAM-01', 'DEMO-KHAM-02', 'DEMO-KHAM-03', 'DEMO-KHAM-04', 'DEMO-KHAM-05'],
  membership: ['DEMO-GOI-01', 'DEMO-GOI-02', 'DEMO-GOI-03'],
} as const;

/** @returns the number of codes added */
export async function seedDemoProductCodes(sql: Sql, now: Date): Promise<number> {
  const expires = new Date(now.getTime() + 365 * 86_400_000);
  const product = async (kind: string, vi: string, en: string, packageId: number | null) => {
    const { rows: found } = await sql.query<{ id: number }>(
      `SELECT promotion_product_id AS id FROM promotion_products
        WHERE tenant_id = current_tenant() AND kind = $1 AND name_en = $2 ORDER BY 1 LIMIT 1`,
      [kind, en],
    );
    if (found[0]) return found[0].id;
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO promotion_products (kind, name_vi, name_en, description_vi, description_en, package_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING promotion_product_id AS id`,
      [
        kind,
        vi,
        en,
        'Mã quà tặng của chương trình khuyến mãi (dữ liệu demo).',
        'A gift code of a promotion (demo data).',
        packageId,
      ],
    );
    return rows[0]!.id;
  };
  const codes = async (productId: number, list: readonly string[]) => {
    let added = 0;
    for (const code of list) {
      const { rows } = await sql.query(
        `INSERT INTO product_codes (code, promotion_product_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (tenant_id, code) DO NOTHING RETURNING 1`,
        [code, productId, expires],
      );
      added += rows.length;
    }
    return added;
  };
  let added = await codes(
    await product('consultation', 'Một lần khám miễn phí', 'One free consultation', null),
    DEMO_PRODUCT_CODES.consultation,
  );
  const { rows: pkg } = await sql.query<{ id: number }>(
    `SELECT membership_package_id AS id FROM membership_packages
      WHERE tenant_id = current_tenant() AND is_active ORDER BY price, membership_package_id LIMIT 1`,
  );
  if (pkg[0]) {
    added += await codes(
      await product('membership', 'Một gói thành viên miễn phí', 'One free membership package', pkg[0].id),
      DEMO_PRODUCT_CODES.membership,
    );
  }
  return added;
}
