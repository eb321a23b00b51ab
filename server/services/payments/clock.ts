/** The payment service's "now" (payment and refund dates), movable in tests. */
export const paymentsClock = {
  now: (): Date => new Date(),
};

/** Tests: `setPaymentsNow(d)` freezes time at d; `setPaymentsNow(null)` returns to the real clock. */
export function setPaymentsNow(date: Date | null): void {
  paymentsClock.now = date ? () => new Date(date) : () => new Date();
}
