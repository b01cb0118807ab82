// The pure entry: Stripe.js is fetched on the first loadStripe call, not when the account area loads.
import { loadStripe } from '@stripe/stripe-js/pure';
import { api } from '../../../lib/api';

/** Pay now's answer on Stripe: the renewal's PaymentIntent for Stripe.js to confirm on this page. */
export interface StripeRenewalPayment {
  client_secret: string;
  publishable_key: string;
  payment_intent: string;
}

export type RenewalConfirmed = { status: 'paid' | 'pending' | 'failed' };

export const STRIPE_PAY_WORDS = {
  paid: 'Paid: your license is renewed.',
  pending: 'Your payment is being processed: the license shows renewed as soon as it is through.',
  failed: 'The payment did not go through. Try again, or replace your card in Settings.',
  noStripe: 'The payment form could not be loaded. Check your connection and try again.',
} as const;

const confirmApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/licenses/:id/renewal/confirmed: the shop reads the PaymentIntent back from Stripe and settles the renewal. */
    confirmRenewalPayment: build.mutation<RenewalConfirmed, { id: string; payment_intent: string }>({
      query: ({ id, payment_intent }) => ({ url: `/licenses/${encodeURIComponent(id)}/renewal/confirmed`, method: 'POST', body: { payment_intent } }),
      invalidatesTags: ['Licenses'],
    }),
  }),
});

export const { useConfirmRenewalPaymentMutation } = confirmApi;

export const isStripePayment = (answer: { url: string } | StripeRenewalPayment): answer is StripeRenewalPayment => 'client_secret' in answer;

/**
 * Completes the renewal's PaymentIntent on session with Stripe.js (the bank's check, if it asks, is
 * Stripe's own window), then tells the shop, which reads it back from Stripe rather than trusting
 * this page. Stripe.js is loaded only here, when a Stripe renewal is paid.
 */
export async function confirmOnStripe(payment: StripeRenewalPayment): Promise<{ ok: true } | { ok: false; message: string }> {
  const stripe = await loadStripe(payment.publishable_key).catch(() => null);
  if (!stripe) return { ok: false, message: STRIPE_PAY_WORDS.noStripe };
  const { error } = await stripe.confirmCardPayment(payment.client_secret);
  return error ? { ok: false, message: error.message ?? STRIPE_PAY_WORDS.failed } : { ok: true };
}
