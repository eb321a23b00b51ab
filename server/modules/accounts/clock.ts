/**
 * The accounts module's idea of "now". Code expiry, lockout windows, rate-limit windows and token
 * lifetimes all read it (never SQL now()), so tests can move time forward without sleeping.
 */
export const clock = {
  now: (): Date => new Date(),
};

/** Tests: `setNow(d)` freezes time at d; `setNow(null)` returns to the real clock. */
export function setNow(date: Date | null): void {
  clock.now = date ? () => new Date(date) : () => new Date();
}
