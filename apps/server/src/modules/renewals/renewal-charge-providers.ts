import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { chargeFailureWords } from './charge-failure-words';
import { localCardCharges } from './local-card-charges';
import type { RenewalChargeProvider } from './renewal-charge-provider';
import { stripeCardCharges } from './stripe-card-charges';

/** A Stripe card on a server whose Stripe keys are gone: it cannot be charged here (and the holder is told). */
const stripeNotConfigured: RenewalChargeProvider = {
  chargeOffSession: async () => ({ status: 'failed', chargeId: null, code: 'provider_unavailable', message: chargeFailureWords('provider_unavailable') }),
  closeOnSession: async () => ({ status: 'cancelled' }),
  refundCharge: async () => {
    throw new Error('Stripe is not configured on this server: the charge cannot be refunded here');
  },
};

/** The provider that holds the card charges it. */
export function renewalChargeProviderFor(ctx: AppContext, provider: 'local' | 'stripe'): RenewalChargeProvider {
  if (provider === 'local') return localCardCharges(ctx.db, () => ctx.clock.now());
  const stripe = stripeClient(ctx.config);
  return stripe ? stripeCardCharges(stripe) : stripeNotConfigured;
}
