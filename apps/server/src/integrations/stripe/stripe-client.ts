import Stripe from 'stripe';
import type { AppConfig } from '../../config';

const clients = new WeakMap<AppConfig, Stripe | null>();

/**
 * The Stripe SDK when STRIPE_SECRET_KEY is set, else null (the local provider takes payments).
 * STRIPE_API_HOST / _PORT / _PROTOCOL point it at another Stripe-compatible server (tests).
 */
export function stripeClient(config: AppConfig): Stripe | null {
  if (clients.has(config)) return clients.get(config)!;
  const client = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        host: config.STRIPE_API_HOST,
        port: config.STRIPE_API_PORT,
        protocol: config.STRIPE_API_PROTOCOL,
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
      })
    : null;
  clients.set(config, client);
  return client;
}
