import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, errorReplies } from '../../../schemas/envelope';
import {
  WalletBalance,
  WalletBalanceQuery,
  WalletHistoryPage,
  WalletHistoryQuery,
} from '../../../schemas/wallet';
import type { Database } from '../../db/database';
import { ApiError } from '../../lib/api-error';
import { ok } from '../../lib/envelope';
import { addDays, startOfLocalDay } from '../../../schemas/time';
import { bookingClock, dateFilterRange } from '../appointments/index';
import { walletBalance, walletHistory } from './repository';

/**
 * The signed-in user's wallet (spec section 7: WalletBalances, WalletHistories), behind the
 * tenant's `wallet` feature. Booking writes the rows (appointments/wallet.ts: payments with the
 * wallet, refunds of cancelled online payments); this module only reads them.
 */
export const walletRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  const tags = ['wallet'];
  const config = { auth: true, feature: 'wallet' } as const;

  app.get(
    '/WalletBalances/GetAllWalletBalances',
    {
      config,
      schema: {
        tags,
        summary: "The caller's wallet balance (UserId, if given, must be the caller's own)",
        security: [{ bearer: [] }],
        querystring: WalletBalanceQuery,
        response: { 200: Envelope(WalletBalance), ...errorReplies({ 404: ['wallet_not_found'] }) },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      // Only one's own wallet: another user's id answers as if it did not exist.
      if (request.query.UserId !== undefined && request.query.UserId !== userId) {
        throw new ApiError(404, 'wallet_not_found');
      }
      const balance = await db.tenant(request.tenant.config.code, (sql) => walletBalance(sql, userId));
      return ok({ userId, balance });
    },
  );

  app.get(
    '/WalletHistories/GetAllWalletHistories',
    {
      config,
      schema: {
        tags,
        summary: "The caller's wallet transactions, newest first, with the balance",
        security: [{ bearer: [] }],
        querystring: WalletHistoryQuery,
        response: { 200: Envelope(WalletHistoryPage) },
      },
    },
    async (request) => {
      const { PageNumber = 1, PageSize = 15, duration = 'all' } = request.query;
      const userId = request.auth!.userId;
      const timeZone = request.tenant.config.booking.timeZone;
      const days = dateFilterRange(duration, timeZone, bookingClock.now());
      const range = days
        ? { from: startOfLocalDay(days.from, timeZone), to: startOfLocalDay(addDays(days.to, 1), timeZone) }
        : null;
      const page = await db.tenant(request.tenant.config.code, async (sql) => ({
        history: await walletHistory(sql, userId, { pageNumber: PageNumber, pageSize: PageSize, range }),
        balance: await walletBalance(sql, userId),
      }));
      return ok({
        walletHistories: page.history.rows,
        balance: page.balance,
        pagination: { pageNumber: PageNumber, pageSize: PageSize, totalRecords: page.history.total },
      });
    },
  );
};
