import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import { RefundBankInfo, RefundBankInfoReply } from '../../../schemas/refund-bank';
import type { TenantConfig } from '../../../schemas/tenant.schema';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { readRefundBank, saveRefundBank } from './repository';

/** Where this portal refunds cancelled online payments (booking.refundTo needs the wallet feature). */
export const refundsTo = (tenant: TenantConfig): 'wallet' | 'bank' =>
  tenant.booking.refundTo === 'wallet' && tenant.features.wallet ? 'wallet' : 'bank';

/** The signed-in user's refund bank account (schemas/refund-bank.ts). */
export const refundBankRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['users'];

  app.get(
    '/Users/GetRefundBankInfo',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Where refunds go, and the caller's refund bank account",
        security: [{ bearer: [] }],
        response: { 200: Envelope(RefundBankInfoReply) },
      },
    },
    async (request) => {
      const bank = await db.tenant(request.tenant.config.code, (sql) =>
        readRefundBank(sql, request.auth!.userId),
      );
      return ok({ refundsTo: refundsTo(request.tenant.config), bank });
    },
  );

  app.post(
    '/Users/UpdateRefundBankInfo',
    {
      config: { auth: true },
      schema: {
        tags,
        summary: "Saves the caller's refund bank account (bank, account name, account number)",
        security: [{ bearer: [] }],
        body: RefundBankInfo,
        response: { 200: Envelope(RefundBankInfoReply), ...errorReplies({ 409: ['refund_to_wallet'] }) },
      },
    },
    async (request) => {
      if (refundsTo(request.tenant.config) === 'wallet') throw new ApiError(409, 'refund_to_wallet');
      const info = {
        bankName: request.body.bankName.trim().normalize('NFC'),
        accountName: request.body.accountName.trim().normalize('NFC'),
        accountNumber: request.body.accountNumber,
      };
      await db.tenant(request.tenant.config.code, (sql) =>
        saveRefundBank(sql, request.auth!.userId, info, new Date()),
      );
      return ok({ refundsTo: 'bank' as const, bank: info });
    },
  );
};
