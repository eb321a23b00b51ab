import type { Purchase, PackageType, PurchaseStatus } from '../../../schemas/purchases';
import type { Sql } from '../../db/database';
import type { Effect } from './holding';

/** A purchase row as checkout, settlement and the result screen read it. */
export interface PurchaseRow {
  purchase_id: number;
  user_id: number;
  package_type: PackageType;
  package_id: number;
  name: string;
  amount: number;
  wallet_amount: number;
  paid_by_product: boolean;
  status: PurchaseStatus;
  effect: Effect | null;
  user_package_id: number | null;
  created_at: Date;
  paid_at: Date | null;
}

const COLUMNS = `purchase_id::int AS purchase_id, user_id, package_type, package_id, name, amount,
  wallet_amount, paid_by_product, status, effect, user_package_id, created_at, paid_at`;

/**
 * The purchase, locked for the rest of the transaction (settlement, lapse, refund). The tenant is
 * named too: an operator command's superuser owner is not narrowed by row-level security.
 */
export async function lockPurchase(sql: Sql, purchaseId: number): Promise<PurchaseRow | null> {
  const { rows } = await sql.query<PurchaseRow>(
    `SELECT ${COLUMNS} FROM purchases WHERE purchase_id = $1 AND tenant_id = current_tenant() FOR UPDATE`,
    [purchaseId],
  );
  return rows[0] ?? null;
}

/** The user's own purchase (another user's or tenant's reads as none). */
export async function ownPurchase(sql: Sql, userId: number, purchaseId: number): Promise<PurchaseRow | null> {
  const { rows } = await sql.query<PurchaseRow>(
    `SELECT ${COLUMNS} FROM purchases WHERE purchase_id = $1 AND user_id = $2`,
    [purchaseId, userId],
  );
  return rows[0] ?? null;
}

export const purchaseOf = (r: PurchaseRow): Purchase => ({
  purchaseId: r.purchase_id,
  packageType: r.package_type,
  packageId: r.package_id,
  name: r.name,
  status: r.status,
  amount: Number(r.amount),
  walletAmount: Number(r.wallet_amount),
  bankAmount: r.paid_by_product ? 0 : Number(r.amount) - Number(r.wallet_amount),
  effect: r.effect,
  createdAt: new Date(r.created_at).toISOString(),
  paidAt: r.paid_at ? new Date(r.paid_at).toISOString() : null,
  userPackageId: r.user_package_id,
});

/** A tenant's purchases, newest first, of one user when given (the operator's `purchases list`). */
export async function listPurchases(sql: Sql, userId: number | null, limit = 50): Promise<PurchaseRow[]> {
  const { rows } = await sql.query<PurchaseRow>(
    `SELECT ${COLUMNS} FROM purchases WHERE tenant_id = current_tenant() AND ($1::int IS NULL OR user_id = $1)
      ORDER BY purchase_id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
