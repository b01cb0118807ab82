import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { insertLicense } from '../../../test/account-fixtures';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type FakeStripe, fakeStripeEnv, sessionCompletedEvent, setupIntentEvent, startFakeStripe } from '../../../test/fake-stripe-server';
import { createUserWithSession } from '../../../test/fixtures';
import { DAY } from '../../../test/renewal-fixtures';
import { cartOf } from '../../../test/checkout-fixtures';
import { deliver, sessionIdOf, stripeCheckoutRenewing, WEBHOOK_SECRET } from '../../../test/stripe-renewal-fixtures';
import { licenses, orders, paymentMethods, renewalChoices } from '../../db/schema';
import { reconcilePayments } from '../payments/reconcile';

/*
 * Turning renewal on without a saved card, on Stripe (decision 0022): the answer is Stripe's own
 * card form (a setup-mode Checkout session carrying the consent), and its completion saves the
 * card and turns renewal on, once, however often its events come.
 */

const MONTHLY_WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }]);

let t: TestApp;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test', ...fakeStripeEnv(fake, WEBHOOK_SECRET) });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('turning renewal on with a card saved on Stripe', () => {
  it('answers a setup-mode session carrying the consent; its completion saves the card and turns renewal on once', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month', startAt: new Date(Date.now() - 10 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) });
    const res = await t.app.inject({ method: 'PUT', url: `/api/licenses/${license.id}/auto-renew`, headers: user.headers, payload: { auto_renew: true, words: MONTHLY_WORDS, language: 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().license.auto_renew).toBe(false);
    const sessionId = sessionIdOf(res.json().setup_url);
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'setup', customer: expect.stringMatching(/^cus_/), metadata: { license_id: license.id, language: 'en', purpose: 'auto_renew' } });
    expect(session.metadata.words_hash).toMatch(/^[\w-]{43}$/);

    fake.completeWithCard(sessionId, '4242424242424242');
    const seti = String(fake.sessions.get(sessionId)!.setup_intent);
    // The SetupIntent's own event first (saves the card only), then the session's, twice.
    await deliver(t, setupIntentEvent(fake, seti, WEBHOOK_SECRET));
    const completed = sessionCompletedEvent(fake, sessionId, WEBHOOK_SECRET);
    await deliver(t, completed);
    await deliver(t, completed);

    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(row!.autoRenew).toBe(true);
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id));
    expect(choices).toMatchObject([{ autoRenew: true, actor: 'customer', words: MONTHLY_WORDS, language: 'en' }]);
    const cards = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(cards).toMatchObject([{ provider: 'stripe', providerRef: fake.setupIntents.get(seti)!.paymentMethod, last4: '4242', detachedAt: null }]);
  });

  it('leaves renewal off when the words no longer match when the setup completes (the card stays saved)', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month', startAt: new Date(Date.now() - 10 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) });
    const res = await t.app.inject({ method: 'PUT', url: `/api/licenses/${license.id}/auto-renew`, headers: user.headers, payload: { auto_renew: true, words: MONTHLY_WORDS, language: 'en' } });
    const sessionId = sessionIdOf(res.json().setup_url);
    fake.sessions.get(sessionId)!.metadata.words_hash = 'changed-terms-hash';
    fake.completeWithCard(sessionId, '5555555555554444');
    await deliver(t, sessionCompletedEvent(fake, sessionId, WEBHOOK_SECRET));
    expect((await t.db.select().from(licenses).where(eq(licenses.id, license.id)))[0]!.autoRenew).toBe(false);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toMatchObject([{ brand: 'Mastercard', last4: '4444' }]);
  });

  it('a renewing Checkout whose webhook is lost: reconciliation fulfils it and saves the card it paid with', async () => {
    const user = await createUserWithSession(t.db);
    const sessionId = await stripeCheckoutRenewing(t, user, cartOf({ 11: 1 }));
    fake.completeWithCard(sessionId, '5555555555554444');
    await reconcilePayments(t.ctx, { info() {}, warn() {}, error() {} } as never);
    const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({ paymentStatus: 'paid', renewAutomatically: true });
    const cards = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(cards).toMatchObject([{ provider: 'stripe', brand: 'Mastercard', last4: '4444', detachedAt: null, providerRef: fake.paymentIntents.get(String(order!.paymentIntentId))!.paymentMethod }]);
    expect((await t.db.select().from(licenses).where(eq(licenses.userId, user.id)))[0]!.autoRenew).toBe(true);
  });
});
