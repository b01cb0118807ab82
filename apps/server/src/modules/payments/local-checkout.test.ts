import { and, count, eq, sql } from 'drizzle-orm';
import { LICENSE_KEY_PATTERN, LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { pdfTextLines } from '../../../test/pdf-text';
import { cartOf, insertPromotion, onePaymentBody, postCheckout, SG_ADDRESS } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import {
  coupons,
  invoices,
  licenses,
  localPaymentSessions,
  notifications,
  orderLines,
  orders,
  promotionCodes,
  promotionRedemptions,
  refunds,
} from '../../db/schema';
import { createRefund } from '../refunds/create-refund';
import { localRefundProvider } from '../refunds/local-refund-provider';
import type { RefundProvider } from '../refunds/refund-provider';
import { markLocalSessionPaid } from './local-provider';
import { reconcilePayments } from './reconcile';
import { CHECKOUT_SESSION_TTL_MS } from './stripe-checkout';

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  buyer = await createUserWithSession(t.db, { firstName: 'Ana' });
});
afterAll(() => t?.close());

const sessionOf = (url: string) => {
  const m = /^http:\/\/shop\.test\/dev\/pay\/(lps_[\w-]+)$/.exec(url);
  if (!m) throw new Error(`not a local pay URL: ${url}`);
  return m[1]!;
};
const pay = (session: string) => t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const cancel = (session: string) => t.app.inject({ method: 'POST', url: `/dev/pay/${session}/cancel`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0]!.n);
const orderBySession = async (session: string) => (await t.db.select().from(orders).where(eq(orders.paymentSessionId, session)))[0]!;
const timesRedeemed = async (promotionId: string) =>
  (await t.db.select({ n: promotionCodes.timesRedeemed }).from(promotionCodes).where(eq(promotionCodes.id, promotionId)))[0]!.n;
const log = { info() {}, warn() {}, error() {} } as never;

describe('checkout with the local provider', () => {
  it('sells two yearly licences: pay page, order, invoice, two keys, notification and receipt', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Lee' });
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 12: 2 }), { email: user.email }));
    expect(res.statusCode).toBe(200);
    const session = sessionOf(res.json().url);
    const pending = await orderBySession(session);
    expect(pending).toMatchObject({ userId: user.id, email: user.email, paymentStatus: 'unpaid', subtotalCents: 300000, shippingCents: 0, discountCents: 0, totalCents: 300000, needsShipping: false, shippingInfo: null });

    const page = await t.app.inject({ method: 'GET', url: `/dev/pay/${session}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$3,000.00');
    expect(page.body).toContain('Yearly License × 2');
    expect(page.body).toMatch(/<button[^>]*>Pay \$3,000\.00<\/button>/);
    expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/);

    const paid = await pay(session);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/success?session_id=${session}`);
    // The success page reads the order behind its session: the buyer's own only.
    const mine = await t.app.inject({ method: 'GET', url: `/api/order/checkout/${session}`, headers: user.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ payment_status: 'paid', total: 3000, products: [{ product_id: 12, quantity: 2 }] });
    expect((await t.app.inject({ method: 'GET', url: `/api/order/checkout/${session}`, headers: buyer.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/checkout/${session}` })).statusCode).toBe(401);

    const order = await orderBySession(session);
    expect(order.paymentStatus).toBe('paid');
    expect(order.status).toBe('delivered');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice).toMatchObject({ userId: user.id, totalCents: 300000 });
    const keys = await t.db.select().from(licenses).where(eq(licenses.orderId, order.id));
    expect(keys).toHaveLength(2);
    for (const key of keys) {
      expect(key.licenseKey).toMatch(LICENSE_KEY_PATTERN);
      expect(key).toMatchObject({ type: 'year', userId: user.id, email: user.email, deviceId: null });
      expect(key.startAt.getTime()).toBe(order.paidAt!.getTime());
      expect(key.expiresAt!.getTime() - key.startAt.getTime()).toBe(LICENSE_TERM_MS.year);
    }
    expect(new Set(keys.map((k) => k.licenseKey)).size).toBe(2);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.map((n) => n.type)).toEqual(['license_purchase']);

    const mail = await mailTo(t.app, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your LentiBooth receipt for order #${order.id}`);
    for (const key of keys) {
      expect(mail[0]!.text).toContain(key.licenseKey);
      expect(mail[0]!.html).toContain(key.licenseKey);
    }
    expect(mail[0]!.text).toContain(`Invoice: INV-${String(invoice!.invoiceNo).padStart(6, '0')}`);
    expect(mail[0]!.text).toContain('Total paid: $3,000.00 USD');
  });

  it('sells a licence and a roller with shipping and a promo code, recording the redemption', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'TENOFF', percentOff: 10 });
    const body = onePaymentBody(cartOf({ 12: 1, 2: 1 }), { promo: { ...promo, code: 'tenoff' } });
    expect(body).toMatchObject({ shipping_fee: 21, discount: 150, total_amount: 1671 });
    const res = await postCheckout(t.app, buyer.headers, body);
    expect(res.statusCode).toBe(200);
    const session = sessionOf(res.json().url);
    expect(await timesRedeemed(promotion.id)).toBe(1);
    expect((await pay(session)).statusCode).toBe(303);

    const order = await orderBySession(session);
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'pending', needsShipping: true, shippingCents: 2100, discountCents: 15000, totalCents: 167100, promoCode: 'TENOFF', shippingInfo: SG_ADDRESS });
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.productId, l.unitPriceCents, l.quantity])).toEqual([[2, 30000, 1], [12, 150000, 1]]);
    const redemptions = await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.orderId, order.id));
    expect(redemptions).toHaveLength(1);
    expect(await timesRedeemed(promotion.id)).toBe(1);
    const types = (await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id))).map((n) => n.type).sort();
    expect(types).toEqual(['license_purchase', 'product_order']);
    expect((await t.db.select().from(licenses).where(eq(licenses.orderId, order.id))).map((l) => l.type)).toEqual(['year']);

    // The receipt bills the name the order ships to, with the country's name, not its code.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoice/${invoice!.invoiceNo}/receipt`, headers: buyer.headers });
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload);
    // Once under 'Billed to', once under 'Ship to' (the account's own name is not on it).
    expect(text.filter((line) => line === SG_ADDRESS.name)).toHaveLength(2);
    expect(text).toContain('Singapore');
    expect(text).not.toContain('SG');
    // The receipt mail greets the buyer by name.
    const mail = (await mailTo(t.app, buyer.email)).find((m) => /receipt|order/i.test(m.subject) && m.text.includes(String(order.id)));
    expect(mail?.text).toMatch(/^Hi Ana,/m);
  });

  it('refuses tampered figures with 409 and creates nothing', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'TAMPER20', percentOff: 20 });
    const honest = onePaymentBody(cartOf({ 12: 1, 1: 2 }), { promo });
    const before = await orderCount();
    const tampered = [
      { ...honest, total_amount: honest.total_amount - 100 },
      { ...honest, total_amount: 1 },
      { ...honest, discount: honest.discount + 50, total_amount: honest.total_amount - 50 },
      { ...honest, shipping_fee: 1, total_amount: honest.total_amount - honest.shipping_fee + 1 },
      // Two yearly licences at the price of one.
      { ...honest, products: honest.products.map((p) => (p.price_id === 'yearly_license' ? { ...p, quantity: 2 } : p)) },
      // A stored cart whose yearly licence was edited down to $15.
      onePaymentBody({ ...cartOf({ 12: 1, 1: 2 }), totalCartPrice: 455 }, { promo }),
      // A discount without a code.
      { ...onePaymentBody(cartOf({ 12: 1 })), discount: 10, total_amount: 1490 },
    ];
    for (const body of tampered) {
      const res = await postCheckout(t.app, buyer.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().detail).toBe('Prices have changed. Please review your cart and try again.');
    }
    expect(await orderCount()).toBe(before);
    expect(await timesRedeemed(promotion.id)).toBe(0);
    expect((await t.db.select({ n: count() }).from(localPaymentSessions))[0]!.n).toBe(Number((await t.db.select({ n: count() }).from(orders))[0]!.n));
  });

  it('refuses bad input with 400 and strangers with 401, creating nothing', async () => {
    const before = await orderCount();
    const honest = onePaymentBody(cartOf({ 2: 1 }));
    const bad = [
      { ...honest, products: [{ price_id: 'gold_bar', quantity: 1 }] },
      { ...honest, products: [{ price_id: 'adhesion_roller', quantity: 0 }] },
      { ...honest, products: [] },
      { ...honest, shipping_fee: -5 },
      { ...honest, shipping_info: undefined },
      { ...honest, shipping_info: { ...SG_ADDRESS, zip: '1234' } },
      { ...honest, shipping_info: { ...SG_ADDRESS, country: 'XX' } },
      { ...honest, shipping_info: { ...SG_ADDRESS, name: ' ' } },
      { ...honest, unit_price: 1 },
    ];
    for (const body of bad) {
      const res = await postCheckout(t.app, buyer.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    const missingShipping = await postCheckout(t.app, buyer.headers, { ...honest, shipping_info: undefined });
    expect(missingShipping.json().detail).toBe('shipping_info: Complete the form');
    expect((await postCheckout(t.app, undefined, honest)).statusCode).toBe(401);
    expect((await postCheckout(t.app, { authorization: 'Bearer nope' }, honest)).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('answers promotion problems with their reason and reserves nothing', async () => {
    const accessoriesOnly = onePaymentBody(cartOf({ 1: 1 }));
    const { promo: anyPromo } = await insertPromotion(t.db, { code: 'LICENCEONLY', percentOff: 10 });
    const onlyLicenses = await postCheckout(t.app, buyer.headers, { ...accessoriesOnly, promo_code: anyPromo.code });
    expect(onlyLicenses.statusCode).toBe(409);
    expect(onlyLicenses.json().detail).toBe('Promo code only applies to license items');

    const unknown = await postCheckout(t.app, buyer.headers, { ...onePaymentBody(cartOf({ 10: 1 })), promo_code: 'NOPE-NOPE' });
    expect(unknown.json().detail).toBe('Invalid or inactive promo code');

    const { promo: expired } = await insertPromotion(t.db, { code: 'OLDCODE', expiresAt: new Date(Date.now() - 60_000) });
    expect((await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 1 }), { promo: expired }))).json().detail).toBe('This promo code has expired');

    const { promo: big } = await insertPromotion(t.db, { code: 'BIGSPEND', percentOff: 5, minimumAmountCents: 200_000 });
    const small = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 12: 1 }), { promo: big }));
    expect(small.json().detail).toBe('Your order does not reach the minimum amount for this promo code');
    expect((await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 12: 1, 2: 2 }), { promo: big }))).statusCode).toBe(200);
  });

  it('lets a once-per-customer code be used once by each customer', async () => {
    const { promo } = await insertPromotion(t.db, { code: 'WELCOME', amountOffCents: 1000, oncePerCustomer: true });
    const first = await createUserWithSession(t.db);
    const second = await createUserWithSession(t.db);
    const body = onePaymentBody(cartOf({ 11: 1 }), { promo });
    expect(body.discount).toBe(10);
    const lookup = (headers?: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/voucher/promotion/code/welcome', headers });
    const unpaid = await postCheckout(t.app, first.headers, body);
    expect(unpaid.statusCode).toBe(200);
    // An unpaid checkout does not use the code up: confirming again replaces it.
    expect((await lookup(first.headers)).json().active).toBe(true);
    const retry = await postCheckout(t.app, first.headers, body);
    expect(retry.statusCode).toBe(200);
    expect((await pay(sessionOf(retry.json().url))).headers.location).toMatch(/^\/checkout\/success\?session_id=lps_/);
    const again = await postCheckout(t.app, first.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already used this promo code');
    // The lookup already tells the first customer; the code still works for others.
    expect((await lookup(first.headers)).json().active).toBe(false);
    expect((await lookup(second.headers)).json().active).toBe(true);
    expect((await lookup()).json().active).toBe(true);
    expect((await postCheckout(t.app, second.headers, body)).statusCode).toBe(200);
  });

  it('cancel ends the order unpaid and gives the promotion use back; the session cannot be paid afterwards', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'CANCELME', percentOff: 50, maxRedemptions: 1 });
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 1 }), { promo }));
    const session = sessionOf(res.json().url);
    expect(await timesRedeemed(promotion.id)).toBe(1);
    const cancelled = await cancel(session);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/shipping');
    expect((await orderBySession(session)).paymentStatus).toBe('failed');
    expect(await timesRedeemed(promotion.id)).toBe(0);
    const late = await pay(session);
    expect(late.headers.location).toBe(`/dev/pay/${session}`);
    expect((await orderBySession(session)).paymentStatus).toBe('failed');
    expect((await t.app.inject({ method: 'GET', url: `/dev/pay/${session}` })).body).toContain('This payment session has ended');
    // The freed use lets someone else check out with the max-1 code.
    expect((await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 1 }), { promo }))).statusCode).toBe(200);
  });

  it('the pay page adds up: the items, subtotal, shipping and the discount make the amount due', async () => {
    const { promo } = await insertPromotion(t.db, { code: 'ADDSUP10', percentOff: 10 });
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 2: 1, 11: 1 }), { promo }));
    const session = sessionOf(res.json().url);
    const order = await orderBySession(session);
    expect(order.shippingCents).toBeGreaterThan(0);
    const body = (await t.app.inject({ method: 'GET', url: `/dev/pay/${session}` })).body;
    const cells = [...body.matchAll(/<tr[^>]*><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
    const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(cells).toEqual([
      ['Adhesion Roller × 1', usd(30000)],
      ['Monthly License × 1', usd(15000)],
      ['Subtotal', usd(45000)],
      ['Shipping', usd(order.shippingCents)],
      ['Discount (ADDSUP10)', `-${usd(1500)}`],
      ['Amount due', `${usd(order.totalCents)} USD`],
    ]);
    expect(45000 + order.shippingCents - 1500).toBe(order.totalCents);
  });

  it('fulfils once when Pay is pressed twice', async () => {
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 10: 3 })));
    const session = sessionOf(res.json().url);
    const [a, b] = await Promise.all([pay(session), pay(session)]);
    expect([a.headers.location, b.headers.location]).toEqual([`/checkout/success?session_id=${session}`, `/checkout/success?session_id=${session}`]);
    const order = await orderBySession(session);
    expect((await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).length).toBe(1);
    expect((await t.db.select().from(licenses).where(eq(licenses.orderId, order.id))).length).toBe(3);
  });

  it('fulfils a 100% licence discount at once, without a payment page', async () => {
    const { promo } = await insertPromotion(t.db, { code: 'FREEDAY', percentOff: 100 });
    const body = onePaymentBody(cartOf({ 10: 1 }), { promo });
    expect(body.total_amount).toBe(0);
    const res = await postCheckout(t.app, buyer.headers, body);
    expect(res.json().url).toMatch(/^http:\/\/shop\.test\/checkout\/success\?session_id=lps_[\w-]+$/);
    const [order] = await t.db.select().from(orders).where(eq(orders.promoCode, 'FREEDAY'));
    expect(order!.paymentStatus).toBe('paid');
    expect((await t.db.select().from(licenses).where(eq(licenses.orderId, order!.id))).length).toBe(1);
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Stripe webhooks are not configured' });
  });

  it('hands out invoice numbers one after another with no gaps', async () => {
    const all = await t.db.select({ no: invoices.invoiceNo }).from(invoices).orderBy(invoices.invoiceNo);
    const numbers = all.map((r) => r.no);
    expect(numbers[0]).toBe(1001);
    expect(numbers).toEqual(numbers.map((_, i) => 1001 + i));
  });
});

describe('exactly-once under concurrency and crashes', () => {
  it('30 concurrent checkouts on a max-5 promotion give exactly 5 redemptions', async () => {
    const { promotion, coupon, promo } = await insertPromotion(t.db, { code: 'ONLYFIVE', percentOff: 20, maxRedemptions: 5 });
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => createUserWithSession(t.db)));
    const results = await Promise.all(shoppers.map((s) => postCheckout(t.app, s.headers, onePaymentBody(cartOf({ 11: 1 }), { promo }))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(25);
    for (const r of refused) expect(r.json().detail).toBe('This promo code has reached its usage limit');
    expect(await timesRedeemed(promotion.id)).toBe(5);

    await Promise.all(ok.map((r) => pay(sessionOf(r.json().url))));
    const redeemed = await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id));
    expect(redeemed).toHaveLength(5);
    expect(await timesRedeemed(promotion.id)).toBe(5);
    const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(c!.timesRedeemed).toBe(5);
    const lookup = await t.app.inject({ method: 'GET', url: '/api/voucher/promotion/code/ONLYFIVE' });
    expect(lookup.json().active).toBe(false);
  });

  it('a customer who confirms, leaves without paying and confirms again keeps a once-per-customer code', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'ONCEBACK', amountOffCents: 1000, oncePerCustomer: true, maxRedemptions: 1 });
    const user = await createUserWithSession(t.db);
    const body = onePaymentBody(cartOf({ 11: 1 }), { promo });
    const first = sessionOf((await postCheckout(t.app, user.headers, body)).json().url);
    // Back to the cart without pressing Cancel: no event, the session stays open.
    const second = await postCheckout(t.app, user.headers, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(await timesRedeemed(promotion.id)).toBe(1);
    expect((await orderBySession(first)).paymentStatus).toBe('failed');
    expect((await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, first)))[0]!.status).toBe('cancelled');
    // The abandoned page can no longer take the money; the new one can.
    expect((await pay(first)).headers.location).toBe(`/dev/pay/${first}`);
    expect((await orderBySession(first)).paymentStatus).toBe('failed');
    expect((await pay(sessionOf(second.json().url))).headers.location).toMatch(/^\/checkout\/success\?session_id=lps_/);
    expect(await timesRedeemed(promotion.id)).toBe(1);
    expect(await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id))).toHaveLength(1);
  });

  it('one customer confirming 10 times on a max-3 code holds at most one use', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'MAXTHREE', percentOff: 10, maxRedemptions: 3 });
    const hoarder = await createUserWithSession(t.db);
    const body = onePaymentBody(cartOf({ 12: 1 }), { promo });
    for (let i = 0; i < 5; i++) {
      expect((await postCheckout(t.app, hoarder.headers, body)).statusCode).toBe(200);
      expect(await timesRedeemed(promotion.id)).toBe(1);
    }
    const racing = await Promise.all(Array.from({ length: 5 }, () => postCheckout(t.app, hoarder.headers, body)));
    expect(racing.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await timesRedeemed(promotion.id)).toBe(1);
    const open = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, hoarder.id), eq(orders.promotionId, promotion.id), eq(orders.paymentStatus, 'unpaid')));
    expect(open).toHaveLength(1);
    // The other two uses are still there for other customers.
    const others = await Promise.all(Array.from({ length: 3 }, () => createUserWithSession(t.db)));
    const results = await Promise.all(others.map((o) => postCheckout(t.app, o.headers, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await timesRedeemed(promotion.id)).toBe(3);
  });

  it('two racing checkouts of one customer cannot both be paid with a once-per-customer code', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'ONCERACE', amountOffCents: 1000, oncePerCustomer: true });
    const user = await createUserWithSession(t.db);
    const body = onePaymentBody(cartOf({ 11: 1 }), { promo });
    const both = await Promise.all([postCheckout(t.app, user.headers, body), postCheckout(t.app, user.headers, body)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const sessions = both.map((r) => sessionOf(r.json().url));
    await Promise.all(sessions.map((s) => pay(s)));
    const paid = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.promotionId, promotion.id), eq(orders.paymentStatus, 'paid')));
    expect(paid).toHaveLength(1);
    expect(await t.db.select().from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, promotion.id))).toHaveLength(1);
    expect(await timesRedeemed(promotion.id)).toBe(1);
  });

  it('a checkout whose charge went through is not abandoned, and its code stays used', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'ONCEPAID', amountOffCents: 1000, oncePerCustomer: true });
    const user = await createUserWithSession(t.db);
    const body = onePaymentBody(cartOf({ 11: 1 }), { promo });
    const session = sessionOf((await postCheckout(t.app, user.headers, body)).json().url);
    // Charged, but fulfilment has not run yet (crash, or still in flight).
    expect(await markLocalSessionPaid(t.db, session)).toBe(true);
    const again = await postCheckout(t.app, user.headers, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You have already used this promo code');
    // Another cart without the code is fine and leaves the charged order alone.
    expect((await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 12: 1 })))).statusCode).toBe(200);
    expect((await orderBySession(session)).paymentStatus).toBe('unpaid');
    expect((await reconcilePayments(t.ctx, log)).fulfilled).toBeGreaterThanOrEqual(1);
    expect((await orderBySession(session)).paymentStatus).toBe('paid');
    expect(await timesRedeemed(promotion.id)).toBe(1);
    expect((await postCheckout(t.app, user.headers, body)).statusCode).toBe(409);
  });

  it('reconciliation fulfils a payment whose fulfilment never ran (crash after the charge)', async () => {
    const user = await createUserWithSession(t.db);
    const res = await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 13: 1 })));
    const session = sessionOf(res.json().url);
    // The pay page's first step (the charge) commits, then the process dies before fulfilment.
    expect(await markLocalSessionPaid(t.db, session)).toBe(true);
    expect((await orderBySession(session)).paymentStatus).toBe('unpaid');

    const report = await reconcilePayments(t.ctx, log);
    expect(report.fulfilled).toBe(1);
    const order = await orderBySession(session);
    expect(order.paymentStatus).toBe('paid');
    const keys = await t.db.select().from(licenses).where(eq(licenses.orderId, order.id));
    expect(keys.map((k) => k.type)).toEqual(['onetime']);
    expect(keys[0]!.expiresAt!.getTime() - keys[0]!.startAt.getTime()).toBe(LICENSE_TERM_MS.onetime);
    expect((await mailTo(t.app, user.email)).length).toBe(1);

    expect((await reconcilePayments(t.ctx, log)).fulfilled).toBe(0);
    expect((await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).length).toBe(1);
    expect((await mailTo(t.app, user.email)).length).toBe(1);
  });

  it('reconciliation ends expired pay sessions and frees their promotion uses', async () => {
    const { promotion, promo } = await insertPromotion(t.db, { code: 'STALE', percentOff: 10, maxRedemptions: 1 });
    const res = await postCheckout(t.app, buyer.headers, onePaymentBody(cartOf({ 12: 1 }), { promo }));
    const session = sessionOf(res.json().url);
    await t.db
      .update(localPaymentSessions)
      .set({ createdAt: sql`now() - make_interval(secs => ${CHECKOUT_SESSION_TTL_MS / 1000 + 60})` })
      .where(eq(localPaymentSessions.id, session));
    expect((await pay(session)).headers.location).toBe(`/dev/pay/${session}`);
    const report = await reconcilePayments(t.ctx, log);
    expect(report.ended).toBeGreaterThanOrEqual(1);
    expect((await orderBySession(session)).paymentStatus).toBe('failed');
    expect(await timesRedeemed(promotion.id)).toBe(0);
    const [row] = await t.db.select().from(localPaymentSessions).where(and(eq(localPaymentSessions.id, session)));
    expect(row!.status).toBe('cancelled');
  });

  it('reconciliation also settles a refund left pending (the provider refunded, then the process died)', async () => {
    const admin = await createAdminWithSession(t.db);
    const user = await createUserWithSession(t.db);
    const session = sessionOf((await postCheckout(t.app, user.headers, onePaymentBody(cartOf({ 11: 1 }), { email: user.email }))).json().url);
    expect((await pay(session)).statusCode).toBe(303);
    const local = localRefundProvider(t.db);
    const crashing: RefundProvider = {
      async refund(request) {
        await local.refund(request);
        throw new Error('process died');
      },
    };
    const actor = { id: admin.id, email: admin.email, ip: null };
    const body = { id: crypto.randomUUID(), mode: 'amount', amount: 7, reason: 'x' } as const;
    expect(await createRefund(t.ctx, actor, (await orderBySession(session)).id, body, { provider: crashing })).toMatchObject({ state: 'pending' });
    // Past the minute a pending refund is left alone for (its request may still be running).
    await reconcilePayments(t.ctx, log, new Date(Date.now() + 2 * 60_000));
    expect((await t.db.select().from(refunds).where(eq(refunds.id, body.id)))[0]).toMatchObject({ state: 'succeeded' });
  });
});
