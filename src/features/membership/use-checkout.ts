import type { CheckoutRequest, CheckoutResult } from '../../../schemas/purchases';
import { replyOf, type Reply } from '../../lib/reply';
import { useCheckoutMutation } from './api';

/**
 * One press of "buy" for any package (schemas/purchases.ts): the checkout, then the bank's page
 * when something is left to pay there. The caller says what a refusal means (`reply`) and where
 * a purchase paid at once leads (`result` with no paymentUrl).
 */
export function useCheckout() {
  const [checkout, state] = useCheckoutMutation();
  const start = async (
    request: CheckoutRequest,
  ): Promise<{ result: CheckoutResult | null; reply: Reply<CheckoutResult> | null }> => {
    const reply = replyOf<CheckoutResult>(await checkout(request));
    const result = reply?.isSuccess ? reply.data : null;
    if (result?.paymentUrl) window.location.assign(result.paymentUrl);
    return { result, reply };
  };
  // `pending`: the request under way (which of several buy buttons says so).
  return { start, isLoading: state.isLoading, pending: state.isLoading ? state.originalArgs : undefined };
}
