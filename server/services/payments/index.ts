import type { Env } from '../../config/env';
import type { TenantRegistry } from '../../tenancy/registry';
import type { PaymentService } from './types';

export type * from './types';

/** The payment service of the process (providers per tenant). Placeholder until providers land. */
export function createPaymentService(_deps: { env: Env; registry: TenantRegistry }): PaymentService {
  const unavailable = () => Promise.reject(new Error('payments: no provider yet'));
  return { start: unavailable, refund: unavailable, cancelPending: unavailable };
}
