import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../tests/helpers/test-app';
import { ownerInTenant } from '../../db/database';
import { bookingClock } from '../../lib/booking-clock';
import { mintProductCodes } from './product-codes';

/**
 * Test fixtures of promotions (reusable by booking and purchases tests): a promotion product of a
 * tenant and codes of it, created as the owner with the tenant set.
 */
export interface ProductInput {
  kind: 'consultation' | 'membership' | 'iomt' | 'healthProgram';
  name?: string;
  serviceTypeIds?: number[] | null;
  doctorId?: number | null;
  packageId?: number | null;
}

/** A promotion product of the tenant; returns its id. */
export async function createPromotionProduct(
  t: TestApp,
  tenant: string,
  input: ProductInput,
): Promise<number> {
  return ownerInTenant(t.db, tenant, async (sql) => {
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO promotion_products (kind, name_vi, name_en, service_type_ids, doctor_id, package_id)
       VALUES ($1, $2, $2, $3, $4, $5) RETURNING promotion_product_id AS id`,
      [
        input.kind,
        input.name ?? `Sản phẩm ${input.kind}`,
        input.serviceTypeIds ?? null,
        input.doctorId ?? null,
        input.kind === 'consultation' ? null : (input.packageId ?? 1),
      ],
    );
    return rows[0]!.id;
  });
}

/** `count` fresh codes of a product, expiring at `expiresAt` (default: 30 days after the booking clock's now). */
export async function mintCodes(
  t: TestApp,
  tenant: string,
  productId: number,
  count = 1,
  expiresAt = new Date(bookingClock.now().getTime() + 30 * 86_400_000),
): Promise<string[]> {
  const codes = await ownerInTenant(t.db, tenant, (sql) =>
    mintProductCodes(sql, { promotionProductId: productId, count, expiresAt, prefix: 'T-' }, (n) =>
      randomBytes(n),
    ),
  );
  if (!codes || codes.length !== count)
    throw new Error(`minting ${count} codes of product ${productId} failed`);
  return codes;
}
