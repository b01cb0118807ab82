import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { localRefundProvider } from './local-refund-provider';
import type { RefundProvider } from './refund-provider';
import { stripeRefundProvider } from './stripe-refund-provider';

/** The provider that took the order's payment gives it back. */
export function refundProviderFor(ctx: AppContext, order: { paymentProvider: 'local' | 'stripe' }): RefundProvider {
  if (order.paymentProvider === 'stripe') {
    const stripe = stripeClient(ctx.config);
    if (!stripe) {
      // Paid through Stripe, but this server no longer has its key: refused, nothing changes.
      return { refund: async () => ({ state: 'failed', providerRefundId: null, failureReason: 'Stripe is not configured on this server.' }) };
    }
    return stripeRefundProvider(stripe);
  }
  return localRefundProvider(ctx.db);
}
