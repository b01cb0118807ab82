import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRenewal, type CartState } from '@lbs/domain/cart';
import { formatDate } from '@lbs/domain/dates';
import { LICENSE_TERM_MS, truncateKey } from '@lbs/domain/license-terms';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from '../../../test/fake-stripe-server';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { pdfTextLines } from '../../../test/pdf-text';
import { invoices, licenses, notifications, orderLines, orders } from '../../db/schema';
import { fulfilOrder } from './fulfil-order';

/*
 * Renewal (issue 12): a renewal line names one of the buyer's licences; paying for it extends that
 * same key by the plan's term from max(now, its expiry), keeps its device and issues no new key.
 * Time is moved the way the other tests move it: by writing the licence's expiry into the past or
 * the near future before paying.
 */

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY = 11;
const YEARLY = 12;
const SETUP_KIT = 13;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());

type License = typeof licenses.$inferSelect;

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
const pay = (session: string) =>
  t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const licenseById = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
const licensesOf = (userId: number) => t.db.select().from(licenses).where(eq(licenses.userId, userId));
const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0]!.n);

/** Buys one key of a plan through the checkout and the local pay page. */
async function buyKey(user: TestUser, productId: number): Promise<License> {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ [productId]: 1 }), { email: user.email }));
  expect(res.statusCode, res.body).toBe(200);
  expect((await pay(sessionOf(res.json().url))).statusCode).toBe(303);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, sessionOf(res.json().url)));
  return (await t.db.select().from(licenses).where(eq(licenses.orderId, order!.id)))[0]!;
}

/** The cart the overview's Renew action builds: the plan, marked as a renewal of that licence. */
const renewalCart = (productId: number, license: Pick<License, 'id' | 'licenseKey'>, cart: CartState = cartOf({})) =>
  addRenewal(cart, productId, { id: license.id, key: license.licenseKey });

const checkoutRenewal = (user: TestUser, productId: number, license: Pick<License, 'id' | 'licenseKey'>) =>
  postCheckout(t.app, user.headers, onePaymentBody(renewalCart(productId, license), { email: user.email }));

/** Renews through the checkout and the pay page; answers the paid order. */
async function renew(user: TestUser, productId: number, license: License) {
  const res = await checkoutRenewal(user, productId, license);
  expect(res.statusCode, res.body).toBe(200);
  const session = sessionOf(res.json().url);
  expect((await pay(session)).statusCode).toBe(303);
  const [order] = await t.db.select().from(orders).where(eq(orders.paymentSessionId, session));
  expect(order!.paymentStatus).toBe('paid');
  return { order: order!, session };
}

describe('renewing a licence', () => {
  it('extends the same key from its expiry while it is current, keeps its device, issues no new key', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Rina' });
    const key = await buyKey(user, MONTHLY);
    // 25 days later: 5 days left, activated on a booth, its 7-day reminder sent.
    const expiresAt = new Date(Date.now() + 5 * DAY);
    await t.db
      .update(licenses)
      .set({ expiresAt, deviceId: 'BOOTH-PC-7', deviceBoundAt: new Date(), reminderStage: 1 })
      .where(eq(licenses.id, key.id));

    const { order } = await renew(user, MONTHLY, key);

    const after = await licenseById(key.id);
    expect(after.licenseKey).toBe(key.licenseKey);
    expect(after.expiresAt!.getTime()).toBe(expiresAt.getTime() + LICENSE_TERM_MS.month!);
    expect(after).toMatchObject({ deviceId: 'BOOTH-PC-7', startAt: key.startAt, revokedAt: null, reminderStage: 0 });
    expect(await licensesOf(user.id)).toHaveLength(1);
    expect(await t.db.select().from(licenses).where(eq(licenses.orderId, order.id))).toHaveLength(0);

    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({ renewsLicenseId: key.id, quantity: 1, unitPriceCents: 15000, name: `Monthly License (Renewal of ${truncateKey(key.licenseKey)})` });
    expect(line!.renewedUntil!.getTime()).toBe(after.expiresAt!.getTime());

    const [receipt] = await mailTo(t.app, user.email);
    expect(receipt!.subject).toBe(`Your LentiBooth receipt for order #${order.id}`);
    expect(receipt!.text).toContain(`Monthly License key (renewed): ${key.licenseKey}`);
    expect(receipt!.text).toMatch(/Renewed until: \d+ \w+ \d{4}/);
    expect(receipt!.text).toContain('Your licence key is renewed until');
    const notes = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.title, 'License renewed')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain(truncateKey(key.licenseKey));
  });

  it('extends a key that has already ended from the payment, by one term', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    await t.db
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 10 * DAY), deviceId: 'BOOTH-OLD', reminderStage: 3 })
      .where(eq(licenses.id, key.id));

    const { order } = await renew(user, MONTHLY, key);

    const after = await licenseById(key.id);
    expect(after.expiresAt!.getTime()).toBe(order.paidAt!.getTime() + LICENSE_TERM_MS.month!);
    // The new term gets its reminders again, the key its device.
    expect(after).toMatchObject({ deviceId: 'BOOTH-OLD', reminderStage: 0, licenseKey: key.licenseKey });
    expect(await licensesOf(user.id)).toHaveLength(1);
    const current = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', headers: user.headers, query: { mode: 'CURRENT' } });
    expect(current.json().items.map((l: { _id: string }) => l._id)).toEqual([key.id]);
  });

  it('renews once for one payment, however often the payment is reported', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, YEARLY);
    const { order, session } = await renew(user, YEARLY, key);
    const renewed = (await licenseById(key.id)).expiresAt!.getTime();
    expect(renewed).toBe(key.expiresAt!.getTime() + LICENSE_TERM_MS.year!);

    const replays = await Promise.all(Array.from({ length: 4 }, () => fulfilOrder(t.ctx, { provider: 'local', sessionId: session })));
    expect(replays.map((r) => r.status)).toEqual(Array(4).fill('already_fulfilled'));
    expect((await pay(session)).statusCode).toBeLessThan(500);
    expect((await licenseById(key.id)).expiresAt!.getTime()).toBe(renewed);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it('lets a cart renew a key and buy a new one of the same plan side by side', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    const cart = renewalCart(MONTHLY, key, cartOf({ [MONTHLY]: 1 }));
    expect(cart.items).toHaveLength(2);
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cart, { email: user.email }));
    expect(res.statusCode, res.body).toBe(200);
    await pay(sessionOf(res.json().url));
    const keys = await licensesOf(user.id);
    expect(keys).toHaveLength(2);
    expect((await licenseById(key.id)).expiresAt!.getTime()).toBe(key.expiresAt!.getTime() + LICENSE_TERM_MS.month!);
  });

  it('issues a new key when the licence was revoked between checkout and payment', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    const res = await checkoutRenewal(user, MONTHLY, key);
    expect(res.statusCode).toBe(200);
    await t.db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, key.id));
    await pay(sessionOf(res.json().url));
    const after = await licenseById(key.id);
    expect(after.expiresAt!.getTime()).toBe(key.expiresAt!.getTime());
    const keys = await licensesOf(user.id);
    expect(keys).toHaveLength(2);
    const fresh = keys.find((k) => k.id !== key.id)!;
    expect(fresh).toMatchObject({ type: 'month', revokedAt: null });
  });
});

describe('renewal lines the checkout refuses (400, nothing created)', () => {
  async function refused(user: TestUser, body: unknown, detail: string | RegExp) {
    const before = await orderCount();
    const res = await postCheckout(t.app, user.headers, body);
    expect(res.statusCode, res.body).toBe(400);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(await orderCount()).toBe(before);
  }

  it("someone else's licence, answered like one that does not exist", async () => {
    const owner = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const key = await buyKey(owner, MONTHLY);
    await refused(other, onePaymentBody(renewalCart(MONTHLY, key)), 'products.0.renews: This license is not one of yours');
    const unknown = { id: '00000000-0000-4000-8000-000000000000', licenseKey: key.licenseKey };
    await refused(other, onePaymentBody(renewalCart(MONTHLY, unknown)), 'products.0.renews: This license is not one of yours');
    expect((await licenseById(key.id)).expiresAt!.getTime()).toBe(key.expiresAt!.getTime());
  });

  it('a licence of another plan', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    await refused(user, onePaymentBody(renewalCart(YEARLY, key)), 'products.0.renews: This license renews with the Monthly License plan only');
  });

  it('a revoked licence', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    await t.db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, key.id));
    await refused(user, onePaymentBody(renewalCart(MONTHLY, key)), 'products.0.renews: This license was revoked and cannot be renewed. Please contact us.');
  });

  it("the setup kit's key (not renewable), with the kit or with a time plan", async () => {
    const user = await createUserWithSession(t.db);
    const [kitKey] = await t.db
      .insert(licenses)
      .values({ licenseKey: 'KITKY-00000-00000-00000-00000-00001', type: 'onetime', userId: user.id, email: user.email, startAt: new Date(), expiresAt: new Date(Date.now() + 90 * DAY) })
      .returning();
    // The domain's cart does not even build such a line; a hand-made body is refused by the server.
    expect(renewalCart(SETUP_KIT, kitKey!).items).toHaveLength(0);
    const body = onePaymentBody(cartOf({ [MONTHLY]: 1 }));
    body.products[0]!.renews = kitKey!.id;
    await refused(user, body, /^products\.0\.renews: A setup kit's key cannot be renewed/);
  });

  it("an admin's custom key, with its own message (not the setup kit's)", async () => {
    const user = await createUserWithSession(t.db);
    const [customKey] = await t.db
      .insert(licenses)
      .values({ licenseKey: 'CUSTM-00000-00000-00000-00000-00001', type: 'custom', userId: user.id, email: user.email, startAt: new Date(), expiresAt: new Date(Date.now() + 90 * DAY) })
      .returning();
    const body = onePaymentBody(cartOf({ [MONTHLY]: 1 }));
    body.products[0]!.renews = customKey!.id;
    await refused(user, body, /^products\.0\.renews: An admin's custom key cannot be renewed/);
  });

  it('a renewal line of quantity 2, the same licence twice, or an accessory', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    const two = onePaymentBody(cartOf({ [MONTHLY]: 2 }));
    two.products[0]!.renews = key.id;
    await refused(user, two, 'products.0.quantity: A renewal extends one license by one term: its quantity must be 1');
    const body = onePaymentBody(renewalCart(MONTHLY, key));
    const twice = { ...body, products: [body.products[0]!, body.products[0]!], total_amount: 300 };
    await refused(user, twice, 'products.1.renews: The same license is renewed twice in this order');
    await refused(
      user,
      { ...body, products: [{ price_id: 'perforated_paper', quantity: 1, renews: key.id }] },
      'products.0.renews: Only a license plan can renew a license',
    );
    await refused(user, { ...body, products: [{ price_id: 'monthly_license', quantity: 1, renews: 'not-a-uuid' }] }, /renews/);
  });
});

describe('the receipt of a renewal', () => {
  it('the PDF names the renewed key and says renewed until', async () => {
    const user = await createUserWithSession(t.db);
    const key = await buyKey(user, MONTHLY);
    const { order } = await renew(user, MONTHLY, key);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/generate-receipt-pdf',
      headers: user.headers,
      payload: { receipt_url: `/api/invoice/${invoice!.invoiceNo}/receipt` },
    });
    expect(res.statusCode).toBe(200);
    const text = pdfTextLines(res.rawPayload).join('\n');
    const until = (await licenseById(key.id)).expiresAt!;
    const day = formatDate(until, 'Asia/Singapore');
    expect(text).toContain(`Renewal of ${truncateKey(key.licenseKey)}`);
    expect(text).toContain(`Same key, renewed until ${day}`);
  });
});

describe('a renewal paid through Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_renewal';
  let s: TestApp;
  let fake: FakeStripe;
  const signer = new Stripe('sk_test_signer');
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await buildTestApp({
      RATE_LIMIT_DISABLED: '1',
      PUBLIC_URL: 'http://shop.test',
      ...fakeStripeEnv(fake, WEBHOOK_SECRET),
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('a replayed webhook extends the key once', async () => {
    const user = await createUserWithSession(s.db);
    const expiresAt = new Date(Date.now() + 3 * DAY);
    const [key] = await s.db
      .insert(licenses)
      .values({ licenseKey: 'RENEW-STRIP-E0000-00000-00000-00001', type: 'month', userId: user.id, email: user.email, startAt: new Date(Date.now() - 27 * DAY), expiresAt, deviceId: 'BOOTH-S' })
      .returning();
    const res = await postCheckout(s.app, user.headers, onePaymentBody(renewalCart(MONTHLY, key!), { email: user.email }));
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(res.json().url)![1]!;
    const create = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id !== undefined && JSON.stringify(r.body).includes('Renewal of'));
    expect(create, 'the Stripe line names the renewed key').toBeDefined();

    fake.complete(sessionId);
    const payload = JSON.stringify({
      id: `evt_renewal_${Date.now()}`,
      object: 'event',
      api_version: '2025-10-29.clover',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: { object: fake.sessions.get(sessionId) },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliver = () =>
      s.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    const first = await Promise.all(Array.from({ length: 5 }, deliver));
    expect(first.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect((await deliver()).statusCode).toBe(200);

    const [after] = await s.db.select().from(licenses).where(eq(licenses.id, key!.id));
    expect(after!.expiresAt!.getTime()).toBe(expiresAt.getTime() + LICENSE_TERM_MS.month!);
    expect(after!.deviceId).toBe('BOOTH-S');
    expect(await s.db.select().from(licenses).where(eq(licenses.userId, user.id))).toHaveLength(1);
    expect(await mailTo(s.app, user.email)).toHaveLength(1);
  });
});
