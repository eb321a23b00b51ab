import type { Sql } from '../../db/database';
import type { TenantConfig } from '../../../schemas/tenant.schema';

/**
 * The payment service that features use (booking now, direct-call checkout later). One interface,
 * providers behind it (`vnpay`, `sandbox`); the provider of a tenant comes from tenant.json
 * `payments.provider`, its secrets from the environment. Every call runs inside the caller's
 * tenant transaction (`sql`), so a payment row commits or rolls back with the booking.
 */
export interface PaymentService {
  /** Creates a pending payment for an appointment or a purchase and the URL to send the browser to. */
  start(sql: Sql, tenant: TenantConfig, input: StartPaymentInput): Promise<StartedPayment>;
  /** Refunds (part of) a completed payment of an appointment or a purchase through the provider. */
  refund(sql: Sql, tenant: TenantConfig, input: RefundInput): Promise<RefundResult>;
  /** Marks the pending payment of an appointment cancelled (a hold lapsed or the patient cancelled). */
  cancelPending(sql: Sql, appointmentId: number): Promise<void>;
  /** Marks the pending payment of a purchase cancelled (its hold lapsed). */
  cancelPendingPurchase(sql: Sql, purchaseId: number): Promise<void>;
}

/** What a payment pays for: an appointment (booking) or a purchase (server/modules/purchases). */
export type PaymentOrder =
  { appointmentId: number; purchaseId?: undefined } | { purchaseId: number; appointmentId?: undefined };

export type StartPaymentInput = PaymentOrder & {
  /** VND, the amount the patient pays (never multiplied: providers convert). */
  amount: number;
  /** Free text; providers strip accents where they must. */
  orderInfo: string;
  ipAddr: string;
  expiresAt: Date;
  locale: 'vi' | 'en';
  /** Origin of the portal the patient is on (https://songhong.example), for the return URL. */
  origin: string;
};

export interface StartedPayment {
  paymentId: number;
  txnRef: string;
  paymentUrl: string;
}

export type RefundInput = PaymentOrder & {
  amount: number;
  reason: string;
  /** Who asked for it (a user id or 'system'), sent to the provider. */
  requestedBy: string;
  /** IP address sent to the provider as vnp_IpAddr (default 127.0.0.1). */
  ipAddr?: string;
};

export type RefundResult = { ok: true } | { ok: false; code: string };

/** What a verified provider callback (IPN) means for the appointment it paid for. */
export interface PaymentSettlement {
  appointmentId: number;
  paymentId: number;
  outcome: 'paid' | 'failed';
}

/**
 * Called by the payments module inside the IPN's transaction once a callback is verified (right
 * signature, known order, right amount, still pending). Booking implements it: Booked + payment
 * Completed, or PaymentFailed and the slot freed. Throwing rolls the IPN back (answers 99).
 */
export type SettlementHandler = (
  sql: Sql,
  tenant: TenantConfig,
  settlement: PaymentSettlement,
) => Promise<void>;

/** What a verified provider callback means for the purchase it paid for. */
export interface PurchaseSettlement {
  purchaseId: number;
  paymentId: number;
  outcome: 'paid' | 'failed';
}

/** The purchases module's settlement, called as SettlementHandler is (same transaction, same rules). */
export type PurchaseSettlementHandler = (
  sql: Sql,
  tenant: TenantConfig,
  settlement: PurchaseSettlement,
) => Promise<void>;
