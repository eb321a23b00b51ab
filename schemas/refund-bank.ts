import { Type, type Static } from 'typebox';

/**
 * Refund bank info (spec sections 3 and 5: bank, account name and account number, all required).
 * Paths under /api/v1, the envelope's data after "->"; a signed-in user, their own only.
 *
 * GET  /Users/GetRefundBankInfo  -> RefundBankInfoReply
 *      refundsTo: where this portal refunds cancelled online payments ('bank' when
 *      booking.refundTo is 'bank' or the wallet feature is off); bank: the saved account or null.
 * POST /Users/UpdateRefundBankInfo  body RefundBankInfo -> RefundBankInfoReply
 *      400 with the fields' keys (bank_required, account_name_required, account_number_required);
 *      409 refund_to_wallet when this portal refunds to the wallet (nothing to save).
 */
const text = (key: string) => Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', 'x-message': key });

export const RefundBankInfo = Type.Object({
  bankName: text('bank_required'),
  accountName: text('account_name_required'),
  /** Digits only, 6 to 20 (spaces are removed before saving by the form and the server). */
  accountNumber: Type.String({
    minLength: 6,
    maxLength: 20,
    pattern: '^[0-9]+$',
    'x-message': 'account_number_required',
  }),
});
export type RefundBankInfo = Static<typeof RefundBankInfo>;

export const RefundBankInfoReply = Type.Object({
  refundsTo: Type.Union([Type.Literal('wallet'), Type.Literal('bank')]),
  bank: Type.Union([RefundBankInfo, Type.Null()]),
});
export type RefundBankInfoReply = Static<typeof RefundBankInfoReply>;
