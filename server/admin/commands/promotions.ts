import { randomBytes } from 'node:crypto';
import { ownerInTenant } from '../../db/database';
import { mintProductCodes } from '../../modules/promotions/index';
import { parseCommand, type AdminCommand } from './command';

const USAGE =
  'promotions codes <tenant> <productId> <count> [--days <n>] [--prefix <TEXT->] | promotions products <tenant>';

/**
 * `npm run admin -- promotions codes <tenant> <productId> <count>`: mints single-use product codes
 * of a promotion product (each gives one free consultation or one package once activated on
 * /me/promotion-products), valid for --days (default 90), and prints them one a line.
 * `promotions products <tenant>` lists the tenant's promotion products with their ids.
 */
export const command: AdminCommand = {
  name: 'promotions',
  usage: USAGE,
  description: 'Mint product codes of a promotion product, or list the promotion products',
  async run({ db, registry, args, print }) {
    const parsed = parseCommand(args, {
      usage: USAGE,
      actions: ['codes', 'products'],
      options: { days: { type: 'string', default: '90' }, prefix: { type: 'string', default: 'KM-' } },
      registry,
      print,
    });
    if (!parsed) return 2;
    const { action, tenant, values, positionals } = parsed;
    if (action === 'products') {
      const rows = await ownerInTenant(db, tenant, async (sql) => {
        const r = await sql.query<{
          id: number;
          kind: string;
          name: string;
          package_id: number | null;
          codes: number;
        }>(
          `SELECT p.promotion_product_id AS id, p.kind, p.name_vi AS name, p.package_id,
                  (SELECT count(*)::int FROM product_codes c WHERE c.promotion_product_id = p.promotion_product_id
                      AND c.activated_at IS NULL) AS codes
             FROM promotion_products p WHERE p.tenant_id = current_tenant() ORDER BY p.promotion_product_id`,
        );
        return r.rows;
      });
      for (const r of rows) {
        print(
          `${r.id}\t${r.kind}${r.package_id ? ` #${r.package_id}` : ''}\t${r.name}\t${r.codes} unused codes`,
        );
      }
      if (rows.length === 0) print(`${tenant} has no promotion products`);
      return 0;
    }
    const [productText = '', countText = ''] = positionals;
    const productId = Number(productText);
    const count = Number(countText);
    const days = Number(values.days);
    const prefix = values.prefix.toUpperCase();
    if (
      positionals.length !== 2 ||
      !Number.isInteger(productId) ||
      productId < 1 ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > 10_000 ||
      !Number.isInteger(days) ||
      days < 1 ||
      days > 3650 ||
      !/^[A-Z0-9-]{0,20}$/.test(prefix)
    ) {
      print(`usage: ${USAGE}`);
      return 2;
    }
    const expiresAt = new Date(Date.now() + days * 86_400_000);
    const codes = await ownerInTenant(db, tenant, (sql) =>
      mintProductCodes(sql, { promotionProductId: productId, count, expiresAt, prefix }, (n) =>
        randomBytes(n),
      ),
    );
    if (codes === null) {
      print(`no promotion product ${productId} in ${tenant} (see: promotions products ${tenant})`);
      return 1;
    }
    for (const code of codes) print(code);
    print(
      `${codes.length} codes of product ${productId} in ${tenant}, valid until ${expiresAt.toISOString()}`,
    );
    return codes.length === count ? 0 : 1;
  },
};
