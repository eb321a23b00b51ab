import { PaymentStatus } from '../../../schemas/codes';
import type { Sql } from '../../db/database';

/** A payment row as the service and the payments routes read it. */
export interface PaymentRow {
  payment_id: number;
  /** One of the two is set: what the payment pays for. */
  appointment_id: number | null;
  purchase_id: number | null;
  provider: 'sandbox' | 'vnpay';
  txn_ref: string;
  amount: number;
  status: number;
  order_info: string;
  create_date: string;
  expires_at: Date;
  provider_txn_no: string | null;
  refunded_amount: number;
}

const COLUMNS = `payment_id::int AS payment_id, appointment_id::int AS appointment_id, purchase_id::int AS purchase_id, provider, txn_ref,
  amount, status, order_info, create_date, expires_at, provider_txn_no, refunded_amount`;

/** The payment of a txn_ref in the current tenant, locked for the rest of the transaction. */
export async function lockPaymentByTxnRef(sql: Sql, txnRef: string): Promise<PaymentRow | null> {
  const { rows } = await sql.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE txn_ref = $1 FOR UPDATE`,
    [txnRef],
  );
  return rows[0] ?? null;
}

export async function paymentByTxnRef(sql: Sql, txnRef: string): Promise<PaymentRow | null> {
  const { rows } = await sql.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE txn_ref = $1`, [
    txnRef,
  ]);
  return rows[0] ?? null;
}

/** The newest completed (or partly refunded) payment of an appointment or a purchase, locked. */
export async function lockPaidPayment(
  sql: Sql,
  order: { appointmentId?: number | undefined; purchaseId?: number | undefined },
): Promise<PaymentRow | null> {
  const [column, id] =
    order.purchaseId !== undefined
      ? ['purchase_id', order.purchaseId]
      : ['appointment_id', order.appointmentId];
  const { rows } = await sql.query<PaymentRow>(
    `SELECT ${COLUMNS} FROM payments WHERE ${column} = $1 AND status IN (${PaymentStatus.Completed}, ${PaymentStatus.Refunded})
     ORDER BY payment_id DESC LIMIT 1 FOR UPDATE`,
    [id],
  );
  return rows[0] ?? null;
}

/** What the provider gave back of an appointment's payments (refunded amount and when), oldest first. */
export async function providerRefunds(
  sql: Sql,
  appointmentId: number,
): Promise<{ amount: number; at: Date }[]> {
  const { rows } = await sql.query<{ refunded_amount: number; refunded_at: Date }>(
    `SELECT refunded_amount, refunded_at FROM payments
      WHERE appointment_id = $1 AND refunded_amount > 0 AND refunded_at IS NOT NULL
      ORDER BY refunded_at, payment_id`,
    [appointmentId],
  );
  return rows.map((r) => ({ amount: Number(r.refunded_amount), at: new Date(r.refunded_at) }));
}

export async function recordEvent(
  sql: Sql,
  event: {
    paymentId: number | null;
    txnRef: string | null;
    kind: 'start' | 'ipn' | 'return' | 'refund' | 'cancel';
    verified: boolean;
    outcome: string;
    params: unknown;
  },
): Promise<void> {
  await sql.query(
    `INSERT INTO payment_events (payment_id, txn_ref, kind, verified, outcome, params)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      event.paymentId,
      event.txnRef?.slice(0, 100) ?? null,
      event.kind,
      event.verified,
      event.outcome,
      JSON.stringify(event.params ?? {}),
    ],
  );
}
