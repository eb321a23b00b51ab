import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { CheckoutRequest, CheckoutResult, Purchase, PurchaseParams } from '../../../schemas/purchases';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import type { PaymentService } from '../../services/payments/index';
import { checkout } from './checkout';
import { purchasesClock } from './clock';
import { ownPurchase, purchaseOf } from './repository';

const PENDING_CONFLICT = 'purchases_one_pending_idx';

/** Buying packages and programs (schemas/purchases.ts), and the result screen's read. */
export const purchasesRoutes: FastifyPluginAsyncTypebox<{ db: Database; payments: PaymentService }> = async (
  app,
  { db, payments },
) => {
  const tags = ['purchases'];
  const security = [{ bearer: [] }];

  app.post(
    // The spec's spelling ("Diriect") is part of the public path.
    '/Payments/CallDiriectCheckoutRequest',
    {
      config: { auth: true },
      schema: {
        tags,
        summary:
          'Buys a membership package (default), an IoMT package or a health program: the wallet, then the bank (paymentUrl) or nothing left to pay (paid at once)',
        security,
        body: CheckoutRequest,
        response: {
          200: Envelope(CheckoutResult),
          ...errorReplies({
            400: [
              'select_package',
              'select_payment_method',
              'payment_method_not_allowed',
              'wallet_not_eligible',
            ],
            404: ['package_not_found'],
            409: [
              'package_downgrade_not_allowed',
              'program_already_joined',
              'product_not_applicable',
              'product_code_used',
              'purchase_pending',
            ],
            502: ['payment_error'],
            503: ['payment_provider_unconfigured'],
          }),
        },
      },
    },
    async (request) => {
      try {
        return ok(
          await db.tenant(request.tenant.config.code, (sql) =>
            checkout(sql, request.tenant.config, payments, {
              userId: request.auth!.userId,
              request: request.body,
              lang: request.lang,
              ipAddr: request.ip,
              origin: `${request.protocol}://${request.host}`,
              now: purchasesClock.now(),
            }),
          ),
        );
      } catch (error) {
        // Two presses at once: the second waits for the first's pending row, then meets it.
        if ((error as { constraint?: string }).constraint === PENDING_CONFLICT)
          throw new ApiError(409, 'purchase_pending');
        throw error;
      }
    },
  );

  app.get(
    '/Payments/GetPurchase/:purchaseId',
    {
      config: { auth: true },
      schema: {
        tags,
        summary:
          "One of the caller's purchases: its state and what it gave (the membership success or failure screen)",
        security,
        params: PurchaseParams,
        response: { 200: Envelope(Purchase), ...errorReplies({ 404: ['purchase_not_found'] }) },
      },
    },
    async (request) => {
      const found = await db.tenant(request.tenant.config.code, (sql) =>
        ownPurchase(sql, request.auth!.userId, request.params.purchaseId),
      );
      if (!found) throw new ApiError(404, 'purchase_not_found');
      return ok(purchaseOf(found));
    },
  );
};
