import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { stripeClient } from '../../integrations/stripe/stripe-client';
import { badRequest } from '../../lib/app-error';
import { handleStripeEvent } from './handle-stripe-event';

/**
 * POST /payments/webhook: the raw body and its Stripe-Signature header. Only an event whose
 * signature Stripe's SDK accepts for our webhook secret is acted on; anything else is a 400.
 */
export async function receiveStripeWebhook(
  ctx: AppContext,
  body: unknown,
  signature: string | string[] | undefined,
  log: FastifyBaseLogger,
): Promise<{ received: true }> {
  const stripe = stripeClient(ctx.config);
  const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret) throw badRequest('Stripe webhooks are not configured');
  if (typeof signature !== 'string' || !signature) throw badRequest('Missing Stripe-Signature header');
  if (!Buffer.isBuffer(body)) throw badRequest('Expected a JSON body');
  let event;
  try {
    event = stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    throw badRequest('Invalid webhook signature');
  }
  await handleStripeEvent(ctx, event, log);
  return { received: true };
}
