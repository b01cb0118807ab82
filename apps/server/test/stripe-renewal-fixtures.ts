import { expect } from 'vitest';
import type { CartState } from '@lbs/domain/cart';
import { findProduct } from '@lbs/domain/catalogue';
import { toCents } from '@lbs/domain/money';
import { renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import type { TestApp } from './build-test-app';
import { onePaymentBody, postCheckout } from './checkout-fixtures';
import { type FakeStripe, sessionCompletedEvent } from './fake-stripe-server';
import type { TestUser } from './fixtures';
import { stripeClient } from '../src/integrations/stripe/stripe-client';
import { startStripeCardSetup } from '../src/modules/payments/stripe-cards';

// Automatic renewals on Stripe in tests (decision 0022): the app's real Stripe SDK against the
// stand-in, events delivered to the webhook as Stripe would send them.

export const WEBHOOK_SECRET = 'whsec_renewals';

/** The consent words the checkout page shows for this cart. */
export const wordsFor = (cart: CartState) =>
  renewalConsentWords(
    renewingLinesOf(
      cart.items.map((item) => ({
        name: item.name,
        licenseType: findProduct(item.product_id)?.licenseType ?? null,
        unitPriceCents: toCents(item.price),
        quantity: item.quantity,
      })),
    ),
  );

export const sessionIdOf = (url: string) => /\/c\/pay\/(cs_test_\w+)$/.exec(url)![1]!;

/** Delivers a signed event to the webhook and expects it taken. */
export async function deliver(t: TestApp, event: { payload: string; signature: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Checks a cart out on Stripe with "Renew automatically" ticked; answers the Checkout session id. */
export async function stripeCheckoutRenewing(t: TestApp, user: TestUser, cart: CartState): Promise<string> {
  const body = { ...onePaymentBody(cart, { email: user.email }), renew_automatically: { words: wordsFor(cart), language: 'en' } };
  const res = await postCheckout(t.app, user.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return sessionIdOf(res.json().url);
}

/** The customer replaces (or adds) their card on Stripe's setup form with this test number; the completion event delivered `times`. */
export async function saveCardOnStripe(t: TestApp, fake: FakeStripe, userId: number, cardNumber: string, times = 1) {
  const { url } = await startStripeCardSetup(t.ctx, stripeClient(t.ctx.config)!, userId);
  const sessionId = sessionIdOf(url);
  fake.completeWithCard(sessionId, cardNumber);
  const event = sessionCompletedEvent(fake, sessionId, WEBHOOK_SECRET);
  for (let i = 0; i < times; i++) await deliver(t, event);
  return { sessionId, event, paymentMethod: fake.setupIntents.get(String(fake.sessions.get(sessionId)!.setup_intent))!.paymentMethod! };
}

/** A small seeded random source, so a shuffled delivery order can be replayed from its seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
