import type { AppContext } from '../../app-context';
import { chargeFailureWords } from './charge-failure-words';
import { localCardCharges } from './local-card-charges';
import type { RenewalChargeProvider } from './renewal-charge-provider';

/** Stripe's off-session charges come with part 2 of automatic renewal; until then such a card fails to charge (and is told). */
const notYetStripe: RenewalChargeProvider = {
  chargeOffSession: async () => ({ status: 'failed', chargeId: null, code: 'provider_unavailable', message: chargeFailureWords('provider_unavailable') }),
  closeOnSession: async () => ({ status: 'cancelled' }),
  refundCharge: async () => {
    throw new Error('Stripe renewal charges are not available yet');
  },
};

/** The provider that holds the card charges it. */
export function renewalChargeProviderFor(ctx: AppContext, provider: 'local' | 'stripe'): RenewalChargeProvider {
  return provider === 'local' ? localCardCharges(ctx.db, () => ctx.clock.now()) : notYetStripe;
}
