import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addRenewal } from '@lbs/domain/cart';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { PRODUCTION_TEST_ENV } from '../../../test/production-env';
import { attemptsOf, CARD, DAY, licenseRow, MONTH, renewalOrdersOf, renewingLicense, runJobAt, stopRenewals } from '../../../test/renewal-fixtures';
import { localPaymentSessions } from '../../db/schema';
import { fulfilOrder } from '../payments/fulfil-order';
import { markLocalSessionPaid } from '../payments/local-provider';

const MONTHLY = 11;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());
afterEach(() => stopRenewals(t));

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;

describe('POST /api/dev/clock', () => {
  it('moves the clock, runs the renewal job and its charges, and answers the new time', async () => {
    const e0 = new Date(Date.now() + 20 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.succeeds });
    const offset = 18 * DAY;
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offset_ms: offset } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offset_ms).toBe(offset);
    expect(Math.abs(new Date(res.json().now).getTime() - (Date.now() + offset))).toBeLessThan(60_000);
    expect(t.ctx.clock.offset).toBe(offset);
    // Renewed before answering: the page that asked shows the new end at once.
    const [order] = await renewalOrdersOf(t, license.id);
    expect(order!.paymentStatus).toBe('paid');
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
  });

  it('refuses a bad offset (400) and any caller but this machine (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offset_ms: 1.5 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offset_ms: 1e15 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} })).statusCode).toBe(400);
    const far = await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offset_ms: DAY }, remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(403);
    expect(far.json().detail).toMatch(/only on this machine/);
    expect(t.ctx.clock.offset).toBe(0);
  });
});

describe('the dev clock in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await buildTestApp({ ...PRODUCTION_TEST_ENV });
  });
  afterAll(() => prod?.close());

  it('is not there', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offset_ms: DAY } });
    expect(res.statusCode).toBe(404);
    expect(prod.ctx.clock.offset).toBe(0);
  });
});

describe('a manual renewal and an automatic one', () => {
  const renewInCart = (user: { headers: { authorization: string }; email: string }, license: { id: string; licenseKey: string }) =>
    postCheckout(t.app, user.headers, onePaymentBody(addRenewal(cartOf({}), MONTHLY, { id: license.id, key: license.licenseKey }), { email: user.email }));

  it('the cart refuses to renew a licence whose automatic renewal is due (409), pointing to Pay now', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const res = await renewInCart(user, license);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toMatch(/Pay now/);
  });

  it('after grace ended, the old pay link is refused and the cart buys a new term from the day of payment', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const link = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    expect(link.statusCode, link.body).toBe(200);
    const oldSession = sessionOf(link.json().url);

    const graceUntil = new Date(e0.getTime() + 7 * DAY);
    await runJobAt(t, graceUntil);
    const [abandoned] = await renewalOrdersOf(t, license.id);
    expect(abandoned!.cancelledAt).not.toBeNull();
    expect(await attemptsOf(t, abandoned!.id)).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, onSession: true, status: 'cancelled' },
    ]);
    expect(await markLocalSessionPaid(t.db, oldSession)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/dev/pay/${oldSession}` })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers })).statusCode).toBe(409);

    const res = await renewInCart(user, license);
    expect(res.statusCode, res.body).toBe(200);
    const session = sessionOf(res.json().url);
    expect(await markLocalSessionPaid(t.db, session)).toBe(true);
    const paidAt = new Date(graceUntil.getTime() + DAY);
    expect((await fulfilOrder(t.ctx, { provider: 'local', sessionId: session, now: paidAt })).status).toBe('fulfilled');
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(paidAt.getTime() + MONTH);
    const [paidSession] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, session));
    expect(paidSession!.status).toBe('paid');
  });
});
