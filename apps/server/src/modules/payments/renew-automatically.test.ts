import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRenewal, type CartState } from '@lbs/domain/cart';
import { findProduct } from '@lbs/domain/catalogue';
import { toCents } from '@lbs/domain/money';
import { renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, insertPromotion, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { licenses, localPaymentSessions, orders, paymentMethods, renewalChoices } from '../../db/schema';
import { CONSENT_MSG } from './create-checkout';
import { CARD_MSG } from './local-pay-routes';

/*
 * "Renew automatically" at checkout and the local pay page's card (DESIGN §6.3, decision 0021): the
 * consent is checked against the server's own words and stored; the keys it covers are issued
 * renewing at the plan's price; the pay page takes only Stripe's test numbers, answers as each does
 * on session, and saves the card only when renewal was chosen, one in use per customer.
 */

const MONTHLY = 11;
const YEARLY = 12;
const DAILY = 10;

let t: TestApp;
// Building the app is the slow part on a busy machine: more time than the project's default.
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
}, 180_000);
afterAll(() => t?.close());

/** The consent words the checkout page shows for this cart: its Monthly and Yearly lines, as the catalogue names them. */
const wordsFor = (cart: CartState) =>
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

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const payWith = (session: string, card?: string) =>
  t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: form, payload: card === undefined ? '' : `card_number=${encodeURIComponent(card)}` });
const authenticate = (session: string, card: string, result: 'complete' | 'fail') =>
  t.app.inject({ method: 'POST', url: `/dev/pay/${session}/authenticate`, headers: form, payload: `card_number=${encodeURIComponent(card)}&result=${result}` });
const orderOf = async (session: string) => (await t.db.select().from(orders).where(eq(orders.paymentSessionId, session)))[0]!;
const sessionStatus = async (session: string) =>
  (await t.db.select({ s: localPaymentSessions.status }).from(localPaymentSessions).where(eq(localPaymentSessions.id, session)))[0]!.s;
const cardsOf = (userId: number) => t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(paymentMethods.createdAt);
const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0]!.n);

/** Checks a cart out with "Renew automatically" ticked (its words as the page shows them) and answers the pay session. */
async function checkoutRenewing(user: TestUser, cart: CartState, extra: Parameters<typeof onePaymentBody>[1] = {}) {
  const body = { ...onePaymentBody(cart, { email: user.email, ...extra }), renew_automatically: { words: wordsFor(cart), language: 'en' } };
  const res = await postCheckout(t.app, user.headers, body);
  expect(res.statusCode, res.body).toBe(200);
  return sessionOf(res.json().url);
}

describe('"Renew automatically" at checkout', () => {
  it('stores the consent with its words, language and time, and issues the Monthly and Yearly keys renewing at the plan price', async () => {
    const user = await createUserWithSession(t.db);
    const { promo } = await insertPromotion(t.db, { code: `RENEW${user.id}`, percentOff: 10 });
    const cart = cartOf({ [MONTHLY]: 2, [YEARLY]: 1 });
    const before = Date.now();
    const session = await checkoutRenewing(user, cart, { promo });
    const pending = await orderOf(session);
    expect(pending.renewAutomatically).toBe(true);
    expect(pending.discountCents).toBeGreaterThan(0);
    const [consent, ...others] = await t.db.select().from(renewalChoices).where(eq(renewalChoices.orderId, pending.id));
    expect(others).toEqual([]);
    expect(consent).toMatchObject({ userId: user.id, licenseId: null, autoRenew: true, actor: 'customer', words: wordsFor(cart), language: 'en' });
    expect(consent!.words).toContain('2 × Monthly License at $150.00 every 30 days each and Yearly License at $1,500.00 every 365 days');
    expect(consent!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consent!.createdAt.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await payWith(session)).statusCode).toBe(303);
    const paid = await orderOf(session);
    const keys = await t.db.select().from(licenses).where(eq(licenses.orderId, paid.id));
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      // The plan's price, not the discounted one the promotion gave this first payment.
      expect(key).toMatchObject({ autoRenew: true, renewalPriceCents: key.type === 'month' ? 15000 : 150000 });
      expect(key.renewalPriceToldAt?.getTime()).toBe(paid.paidAt!.getTime());
    }
    const perKey = await t.db.select().from(renewalChoices).where(and(eq(renewalChoices.orderId, paid.id), eq(renewalChoices.autoRenew, true)));
    expect(perKey.filter((c) => c.licenseId !== null).map((c) => c.licenseId).sort()).toEqual(keys.map((k) => k.id).sort());
    expect(perKey.every((c) => c.words === consent!.words && c.language === 'en')).toBe(true);
  });

  it('refuses words that differ (409) and a cart with nothing that recurs (400), writing nothing', async () => {
    const user = await createUserWithSession(t.db);
    const cart = cartOf({ [MONTHLY]: 1 });
    const orders0 = await orderCount();
    const stale = wordsFor(cart).replace('$150.00', '$140.00');
    const differ = await postCheckout(t.app, user.headers, { ...onePaymentBody(cart, { email: user.email }), renew_automatically: { words: stale, language: 'en' } });
    expect(differ.statusCode).toBe(409);
    expect(differ.json().detail).toBe(CONSENT_MSG.wordsDiffer);

    const daily = cartOf({ [DAILY]: 1 });
    const none = await postCheckout(t.app, user.headers, { ...onePaymentBody(daily, { email: user.email }), renew_automatically: { words: wordsFor(cart), language: 'en' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe(CONSENT_MSG.nothingRenews);

    const badLanguage = await postCheckout(t.app, user.headers, { ...onePaymentBody(cart, { email: user.email }), renew_automatically: { words: wordsFor(cart), language: 'fr' } });
    expect(badLanguage.statusCode).toBe(400);
    expect(await orderCount()).toBe(orders0);
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.userId, user.id))).toEqual([]);
  });

  it('refuses (409) an order that charges nothing when no card is saved for the renewals, and takes it once one is', async () => {
    const user = await createUserWithSession(t.db);
    const { promo } = await insertPromotion(t.db, { code: `FREE${user.id}`, percentOff: 100 });
    const cart = cartOf({ [MONTHLY]: 1 });
    const body = { ...onePaymentBody(cart, { email: user.email, promo }), renew_automatically: { words: wordsFor(cart), language: 'en' } };
    expect(body.total_amount).toBe(0);
    const refused = await postCheckout(t.app, user.headers, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CONSENT_MSG.nothingCharged);
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.userId, user.id))).toEqual([]);

    await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'local', providerRef: '4242424242424242', brand: 'Visa', last4: '4242' });
    const free = await postCheckout(t.app, user.headers, body);
    expect(free.statusCode, free.body).toBe(200);
    const [key] = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    // Issued at once (nothing to pay), renewing at the plan's price.
    expect(key).toMatchObject({ autoRenew: true, renewalPriceCents: 15000 });
  });

  it('without the consent: no key renews, no choice is recorded and the card is not saved', async () => {
    const user = await createUserWithSession(t.db);
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ [MONTHLY]: 1 }), { email: user.email }));
    const session = sessionOf(res.json().url);
    expect((await orderOf(session)).renewAutomatically).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `/dev/pay/${session}` });
    expect(page.body).not.toContain('This card is saved');
    expect((await payWith(session, '4242 4242 4242 4242')).statusCode).toBe(303);
    const [key] = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    expect(key).toMatchObject({ autoRenew: false, renewalPriceCents: null, renewalPriceToldAt: null });
    expect(await cardsOf(user.id)).toEqual([]);
    expect(await t.db.select().from(renewalChoices).where(eq(renewalChoices.userId, user.id))).toEqual([]);
  });

  it('never renews a Daily pass bought beside a renewing Monthly key', async () => {
    const user = await createUserWithSession(t.db);
    const cart = cartOf({ [MONTHLY]: 1, [DAILY]: 1 });
    expect(wordsFor(cart)).not.toContain('Daily');
    expect((await payWith(await checkoutRenewing(user, cart))).statusCode).toBe(303);
    const keys = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    expect(keys.map((k) => [k.type, k.autoRenew]).sort()).toEqual([
      ['day', false],
      ['month', true],
    ]);
  });

  it('turns renewal on for the licence a renewal line in the same cart extends', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month' });
    const cart = addRenewal(cartOf({}), MONTHLY, { id: license.id, key: license.licenseKey });
    expect(wordsFor(cart)).toContain('Monthly License at $150.00 every 30 days');
    expect((await payWith(await checkoutRenewing(user, cart))).statusCode).toBe(303);
    const [renewed] = await t.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(renewed).toMatchObject({ autoRenew: true, renewalPriceCents: 15000 });
    expect(renewed!.expiresAt!.getTime()).toBeGreaterThan(license.expiresAt!.getTime());
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id));
    expect(choices).toHaveLength(1);
    expect(choices[0]).toMatchObject({ autoRenew: true, actor: 'customer', language: 'en', words: wordsFor(cart) });
  });
});

describe('the local pay page’s card', () => {
  it('has a labelled card number field holding 4242 4242 4242 4242, and says when the card is kept', async () => {
    const user = await createUserWithSession(t.db);
    const session = await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 }));
    const page = await t.app.inject({ method: 'GET', url: `/dev/pay/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="card_number">Card number</label>');
    expect(page.body).toMatch(/<input type="text" id="card_number" name="card_number" value="4242 4242 4242 4242"[^>]*autocomplete="cc-number"/);
    expect(page.body).toContain('This card is saved for your automatic renewals');
  });

  it('pays with the default test card when the post carries no body at all (a script, an older client)', async () => {
    const user = await createUserWithSession(t.db);
    const session = await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 }));
    const bare = await t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay` });
    expect(bare.statusCode, bare.body).toBe(303);
    expect(await sessionStatus(session)).toBe('paid');
    expect((await cardsOf(user.id)).map((c) => c.providerRef)).toEqual(['4242424242424242']);
  });

  it('saves the card of a renewing purchase: provider reference, brand, last four digits, an expiry years ahead', async () => {
    const user = await createUserWithSession(t.db);
    expect((await payWith(await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 })), '4000-0000-0000-0341')).statusCode).toBe(303);
    const [card, ...more] = await cardsOf(user.id);
    expect(more).toEqual([]);
    expect(card).toMatchObject({ provider: 'local', providerRef: '4000000000000341', brand: 'Visa', last4: '0341', detachedAt: null });
    expect(card!.expYear!).toBeGreaterThan(new Date().getUTCFullYear());
  });

  it('refuses a number that is not a test card, never showing it back; the session stays open', async () => {
    const user = await createUserWithSession(t.db);
    const session = await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 }));
    const res = await payWith(session, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(CARD_MSG.notATestCard);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toMatch(/4111\s?1111/);
    expect(await sessionStatus(session)).toBe('open');
    expect((await orderOf(session)).paidAt).toBeNull();
    expect(await cardsOf(user.id)).toEqual([]);
  });

  it('a declined card says so and leaves the session open; another card then pays', async () => {
    const user = await createUserWithSession(t.db);
    const session = await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 }));
    const declined = await payWith(session, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined');
    expect(await sessionStatus(session)).toBe('open');
    const poor = await payWith(session, '4000000000009995');
    expect(poor.statusCode).toBe(402);
    expect(poor.body).toContain('insufficient funds');
    expect(await cardsOf(user.id)).toEqual([]);

    const paid = await payWith(session, '5555 5555 5555 4444');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/success?session_id=${session}`);
    expect((await orderOf(session)).paidAt).not.toBeNull();
    expect((await cardsOf(user.id)).map((c) => [c.brand, c.last4])).toEqual([['Mastercard', '4444']]);
  });

  it('a card that asks for authentication shows the step; failing it charges nothing, completing it pays', async () => {
    const user = await createUserWithSession(t.db);
    const session = await checkoutRenewing(user, cartOf({ [YEARLY]: 1 }));
    const step = await payWith(session, '4000 0027 6000 3184');
    expect(step.statusCode).toBe(200);
    expect(step.body).toMatch(/<button[^>]*>Complete authentication<\/button>/);
    expect(step.body).toMatch(/<button[^>]*>Fail authentication<\/button>/);
    expect(await sessionStatus(session)).toBe('open');

    const failed = await authenticate(session, '4000002760003184', 'fail');
    expect(failed.statusCode).toBe(402);
    expect(failed.body).toContain(CARD_MSG.authenticationFailed);
    expect(await sessionStatus(session)).toBe('open');
    expect(await cardsOf(user.id)).toEqual([]);

    // The authentication step cannot turn a declining card into a payment.
    expect((await authenticate(session, '4000000000000002', 'complete')).statusCode).toBe(402);
    expect(await sessionStatus(session)).toBe('open');

    const done = await authenticate(session, '4000002760003184', 'complete');
    expect(done.statusCode).toBe(303);
    expect(await sessionStatus(session)).toBe('paid');
    expect((await orderOf(session)).paidAt).not.toBeNull();
    expect((await cardsOf(user.id)).map((c) => c.providerRef)).toEqual(['4000002760003184']);
  });

  it('keeps one card in use per customer: a later renewing purchase’s card detaches the earlier one', async () => {
    const user = await createUserWithSession(t.db);
    expect((await payWith(await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 })), '4242424242424242')).statusCode).toBe(303);
    expect((await payWith(await checkoutRenewing(user, cartOf({ [YEARLY]: 1 })), '5555555555554444')).statusCode).toBe(303);
    const cards = await cardsOf(user.id);
    expect(cards.map((c) => [c.last4, c.detachedAt === null])).toEqual([
      ['4242', false],
      ['4444', true],
    ]);
    const inUse = await t.db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, user.id), isNull(paymentMethods.detachedAt)));
    expect(inUse).toHaveLength(1);
  });

  it('paying an automatic renewal on the page keeps its card in place of the one in use, and goes back to the account; Cancel closes only the session', async () => {
    const user = await createUserWithSession(t.db);
    expect((await payWith(await checkoutRenewing(user, cartOf({ [MONTHLY]: 1 })), '4000000000000341')).statusCode).toBe(303);
    const [license] = await t.db.select().from(licenses).where(eq(licenses.userId, user.id));
    // The renewal order the job prepared for the term's end, and the pay sessions of its Pay now.
    const renewalOrder = async (sessionId: string) => {
      const [order] = await t.db
        .insert(orders)
        .values({
          userId: user.id,
          email: user.email,
          needsShipping: false,
          subtotalCents: 15000,
          shippingCents: 0,
          discountCents: 0,
          totalCents: 15000,
          paymentProvider: 'local',
          paymentSessionId: sessionId,
          renewalLicenseId: license!.id,
          renewalTermEnd: new Date(license!.expiresAt!.getTime() + (sessionId.endsWith('b') ? 1 : 0)),
        })
        .returning();
      await t.db.insert(localPaymentSessions).values({ id: sessionId, orderId: order!.id, amountCents: 15000 });
      return order!;
    };
    const cancelled = `lps_${'c'.repeat(24)}${user.id}a`;
    const order = await renewalOrder(cancelled);
    const page = await t.app.inject({ method: 'GET', url: `/dev/pay/${cancelled}` });
    expect(page.body).toContain('This card is saved for your automatic renewals');
    const cancel = await t.app.inject({ method: 'POST', url: `/dev/pay/${cancelled}/cancel`, headers: form, payload: '' });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('/accounts/overview');
    expect(await sessionStatus(cancelled)).toBe('cancelled');
    const [still] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(still).toMatchObject({ paymentStatus: 'unpaid', cancelledAt: null });

    await t.db.update(orders).set({ status: 'cancelled', paymentStatus: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, order.id));
    const paying = `lps_${'c'.repeat(24)}${user.id}b`;
    await renewalOrder(paying);
    const paid = await payWith(paying, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/accounts/overview');
    expect(await sessionStatus(paying)).toBe('paid');
    expect((await cardsOf(user.id)).map((c) => [c.last4, c.detachedAt === null])).toEqual([
      ['0341', false],
      ['4242', true],
    ]);
  });
});
