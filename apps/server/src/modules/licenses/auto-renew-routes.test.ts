import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { ZLicensePage } from '@lbs/domain/responses';
import { insertLicense } from '../../../test/account-fixtures';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { licenses, localPaymentSessions, orders, paymentMethods, renewalCharges, renewalChoices } from '../../db/schema';
import { hashWords, signCardSetup } from '../payments/card-setup-token';
import { AUTO_RENEW_MSG } from './change-own-auto-renew';

/*
 * PUT /api/licenses/:id/auto-renew (DESIGN §6.3): only the holder turns renewal on, with the consent
 * for the plan at its price now; without a saved card the answer is a signed link to the local
 * card-setup page, which saves a test card and turns it on. Off is at once and gives up an open
 * automatic renewal order. And the four renewal fields of the licence JSON.
 */

const DAY = 24 * 60 * 60 * 1000;
const MONTHLY_WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }]);
const YEARLY_WORDS = renewalConsentWords([{ planName: 'Yearly License', type: 'year', unitPriceCents: 150000, quantity: 1 }]);

let t: TestApp;
let holder: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  holder = await createUserWithSession(t.db);
  stranger = await createUserWithSession(t.db);
  // Building the app is the slow part on a busy machine: more time than the project's default.
}, 180_000);
afterAll(() => t?.close());

const put = (user: TestUser | null, id: string, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/licenses/${id}/auto-renew`, headers: user?.headers, payload: body });
const on = (user: TestUser, id: string, words = MONTHLY_WORDS) => put(user, id, { auto_renew: true, words, language: 'en' });
const licenseRow = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
const choicesOf = (id: string) => t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, id)).orderBy(renewalChoices.id);
const giveCard = (user: TestUser, number = '4242424242424242') =>
  t.db.insert(paymentMethods).values({ userId: user.id, provider: 'local', providerRef: number, brand: 'Visa', last4: number.slice(-4), expMonth: 12, expYear: 2031 });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const setupPath = (url: string) => {
  const m = /^http:\/\/shop\.test(\/dev\/card-setup\/[\w.-]+)$/.exec(url);
  if (!m) throw new Error(`not a card setup URL: ${url}`);
  return m[1]!;
};

/** An automatic renewal order the engine would have prepared for the licence's term end, with its pay session. */
async function openRenewalOrder(license: typeof licenses.$inferSelect, opts: { totalCents?: number; nextChargeAt?: Date | null } = {}) {
  const totalCents = opts.totalCents ?? 15000;
  const sessionId = `lps_${'r'.repeat(20)}${license.id.slice(0, 8)}`;
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: license.userId,
      email: license.email,
      needsShipping: false,
      subtotalCents: totalCents,
      shippingCents: 0,
      discountCents: 0,
      totalCents,
      paymentProvider: 'local',
      paymentSessionId: sessionId,
      renewalLicenseId: license.id,
      renewalTermEnd: license.expiresAt,
      nextChargeAt: opts.nextChargeAt ?? null,
    })
    .returning();
  await t.db.insert(localPaymentSessions).values({ id: sessionId, orderId: order!.id, amountCents: totalCents });
  return { order: order!, sessionId };
}

describe('PUT /api/licenses/:id/auto-renew: who may', () => {
  it('answers 401 without a sign-in and 404 for another customer’s or an unknown licence, changing nothing', async () => {
    const license = await insertLicense(t.db, holder, { type: 'month' });
    expect((await put(null, license.id, { auto_renew: false })).statusCode).toBe(401);
    for (const body of [{ auto_renew: true, words: MONTHLY_WORDS, language: 'en' }, { auto_renew: false }]) {
      const res = await put(stranger, license.id, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'License not found' });
    }
    expect((await put(holder, '00000000-0000-4000-8000-000000000000', { auto_renew: false })).statusCode).toBe(404);
    expect((await put(holder, 'not-a-uuid', { auto_renew: false })).statusCode).toBe(400);
    expect((await put(holder, license.id, { auto_renew: 'yes' })).statusCode).toBe(400);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);
    expect(await choicesOf(license.id)).toEqual([]);
  });
});

describe('turning automatic renewal on', () => {
  it('needs the words of the plan at its price now: missing is a 400, different a 409', async () => {
    const user = await createUserWithSession(t.db);
    await giveCard(user);
    const license = await insertLicense(t.db, user, { type: 'month' });
    expect((await put(user, license.id, { auto_renew: true })).statusCode).toBe(400);
    const yearlyWords = await on(user, license.id, YEARLY_WORDS);
    expect(yearlyWords.statusCode).toBe(409);
    expect(yearlyWords.json().detail).toBe(AUTO_RENEW_MSG.wordsDiffer);
    const stale = await on(user, license.id, MONTHLY_WORDS.replace('$150.00', '$120.00'));
    expect(stale.statusCode).toBe(409);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);
  });

  it('with a saved card: on at once, the price told and the consent recorded', async () => {
    const user = await createUserWithSession(t.db);
    await giveCard(user);
    const license = await insertLicense(t.db, user, { type: 'year' });
    const res = await on(user, license.id, YEARLY_WORDS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ setup_url: null, license: { _id: license.id, auto_renew: true, can_auto_renew: true, renewal_amount: 1500, renewal_due: null } });
    const row = await licenseRow(license.id);
    expect(row).toMatchObject({ autoRenew: true, renewalPriceCents: 150000 });
    expect(row.renewalPriceToldAt).not.toBeNull();
    expect(await choicesOf(license.id)).toMatchObject([{ userId: user.id, autoRenew: true, actor: 'customer', words: YEARLY_WORDS, language: 'en', orderId: null }]);
    // Again: nothing more to record.
    expect((await on(user, license.id, YEARLY_WORDS)).statusCode).toBe(200);
    expect(await choicesOf(license.id)).toHaveLength(1);
  });

  it('refuses (409) a Daily pass, a setup kit, a revoked, a suspended and an ended licence', async () => {
    const user = await createUserWithSession(t.db);
    await giveCard(user);
    const daily = await insertLicense(t.db, user, { type: 'day' });
    const kit = await insertLicense(t.db, user, { type: 'onetime' });
    const revoked = await insertLicense(t.db, user, { type: 'month', revoked: true });
    const ended = await insertLicense(t.db, user, { type: 'month', startAt: new Date(Date.now() - 40 * DAY) });
    const suspended = await insertLicense(t.db, user, { type: 'month' });
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, suspended.id));
    for (const license of [daily, kit, revoked, ended, suspended]) {
      const res = await on(user, license.id);
      expect(res.statusCode, license.type).toBe(409);
      expect(typeof res.json().detail).toBe('string');
      expect((await licenseRow(license.id)).autoRenew).toBe(false);
    }
  });

  it('without a saved card: nothing is on yet, and the setup page saves a card and turns it on with the consent', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month' });
    const res = await on(user, license.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().license.auto_renew).toBe(false);
    const path = setupPath(res.json().setup_url);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="card_number">Card number</label>');
    expect(page.body).toContain('Monthly License at $150.00 every 30 days');
    expect(page.body).toMatch(/<button[^>]*>Save card and turn on renewal<\/button>/);

    const refused = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'card_number=4111111111111111' });
    expect(refused.statusCode).toBe(400);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);

    const saved = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'card_number=4242+4242+4242+4242' });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/accounts/overview');
    expect(await licenseRow(license.id)).toMatchObject({ autoRenew: true, renewalPriceCents: 15000 });
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toMatchObject([{ providerRef: '4242424242424242', detachedAt: null }]);
    expect(await choicesOf(license.id)).toMatchObject([{ autoRenew: true, actor: 'customer', words: MONTHLY_WORDS, language: 'en' }]);
  });

  it('the setup page: a declined card and a failed authentication save nothing; a completed one saves and turns on', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month' });
    const path = setupPath((await on(user, license.id)).json().setup_url);
    const declined = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'card_number=4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined');
    const step = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'card_number=4000002760003184' });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain('Complete authentication');
    const failed = await t.app.inject({ method: 'POST', url: `${path}/authenticate`, headers: form, payload: 'card_number=4000002760003184&result=fail' });
    expect(failed.statusCode).toBe(402);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);
    const done = await t.app.inject({ method: 'POST', url: `${path}/authenticate`, headers: form, payload: 'card_number=4000002760003184&result=complete' });
    expect(done.statusCode).toBe(303);
    expect((await licenseRow(license.id)).autoRenew).toBe(true);
  });

  it('refuses a setup link that was altered, has expired or names another customer’s licence', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month' });
    const path = setupPath((await on(user, license.id)).json().setup_url);
    const [payload, mac] = path.slice('/dev/card-setup/'.length).split('.');
    const otherPayload = Buffer.from(JSON.stringify([stranger.id, license.id, hashWords(MONTHLY_WORDS), 'en', Date.now() + 3_600_000])).toString('base64url');
    const altered = `/dev/card-setup/${otherPayload}.${mac}`;
    expect(payload).not.toBe(otherPayload);
    for (const url of [altered, `/dev/card-setup/${payload}.${mac!.slice(0, -2)}AA`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url, headers: form, payload: 'card_number=4242424242424242' })).statusCode).toBe(400);
    }
    const expired = await signCardSetup(t.db, { userId: user.id, licenseId: license.id, wordsHash: hashWords(MONTHLY_WORDS), language: 'en', expiresAt: Date.now() - 1 });
    expect((await t.app.inject({ method: 'GET', url: `/dev/card-setup/${expired}` })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'POST', url: `/dev/card-setup/${expired}`, headers: form, payload: 'card_number=4242424242424242' })).statusCode).toBe(410);
    // Signed by this server, but for someone who does not hold the licence.
    const notTheirs = await signCardSetup(t.db, { userId: stranger.id, licenseId: license.id, wordsHash: hashWords(MONTHLY_WORDS), language: 'en', expiresAt: Date.now() + 60_000 });
    expect((await t.app.inject({ method: 'POST', url: `/dev/card-setup/${notTheirs}`, headers: form, payload: 'card_number=4242424242424242' })).statusCode).toBe(404);
    // Agreed to other words than the plan's now (a price changed since).
    const stale = await signCardSetup(t.db, { userId: user.id, licenseId: license.id, wordsHash: hashWords('other words'), language: 'en', expiresAt: Date.now() + 60_000 });
    expect((await t.app.inject({ method: 'POST', url: `/dev/card-setup/${stale}`, headers: form, payload: 'card_number=4242424242424242' })).statusCode).toBe(409);
    expect((await licenseRow(license.id)).autoRenew).toBe(false);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, stranger.id))).toEqual([]);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);
  });
});

describe('turning automatic renewal off', () => {
  it('is at once, keeps the paid term, records the choice and gives up an open renewal order', async () => {
    const user = await createUserWithSession(t.db);
    await giveCard(user);
    const license = await insertLicense(t.db, user, { type: 'month', startAt: new Date(Date.now() - 28 * DAY) });
    expect((await on(user, license.id)).statusCode).toBe(200);
    await t.db.update(licenses).set({ graceUntil: new Date(license.expiresAt!.getTime() + 7 * DAY) }).where(eq(licenses.id, license.id));
    const { order, sessionId } = await openRenewalOrder(await licenseRow(license.id), { nextChargeAt: new Date(Date.now() + DAY) });

    const res = await put(user, license.id, { auto_renew: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ setup_url: null, license: { auto_renew: false, renewal_amount: null, renewal_due: null, expire_date: license.expiresAt!.toISOString() } });
    const row = await licenseRow(license.id);
    expect(row).toMatchObject({ autoRenew: false, graceUntil: null });
    expect(row.expiresAt!.getTime()).toBe(license.expiresAt!.getTime());
    const [abandoned] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(abandoned).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'automatic renewal turned off', nextChargeAt: null });
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, sessionId));
    expect(session!.status).toBe('cancelled');
    expect((await choicesOf(license.id)).map((c) => [c.autoRenew, c.actor])).toEqual([
      [true, 'customer'],
      [false, 'customer'],
    ]);
  });
});

describe('the licence JSON’s renewal fields', () => {
  it('lists auto_renew, can_auto_renew, renewal_amount and a renewal due in grace with its failed charge', async () => {
    const user = await createUserWithSession(t.db);
    const plain = await insertLicense(t.db, user, { type: 'month' });
    const daily = await insertLicense(t.db, user, { type: 'day' });
    const renewing = await insertLicense(t.db, user, { type: 'year' });
    await t.db.update(licenses).set({ autoRenew: true, renewalPriceCents: 150000, renewalPriceToldAt: new Date() }).where(eq(licenses.id, renewing.id));
    // In grace: its term ended a day ago, its renewal's charge failed, a retry comes tomorrow.
    const ended = new Date(Date.now() - DAY);
    const graceUntil = new Date(ended.getTime() + 7 * DAY);
    const grace = await insertLicense(t.db, user, { type: 'month', startAt: new Date(ended.getTime() - 30 * DAY), expiresAt: ended });
    await t.db.update(licenses).set({ autoRenew: true, renewalPriceCents: 15000, graceUntil }).where(eq(licenses.id, grace.id));
    const nextTry = new Date(Date.now() + DAY);
    const { order } = await openRenewalOrder(await licenseRow(grace.id), { totalCents: 16000, nextChargeAt: nextTry });
    await t.db.insert(renewalCharges).values([
      { id: `${order.id}:1`, orderId: order.id, attempt: 1, provider: 'local', status: 'failed', amountCents: 16000, failureCode: 'card_declined', failureMessage: 'Your card was declined.' },
      { id: `${order.id}:2`, orderId: order.id, attempt: 2, provider: 'local', status: 'failed', amountCents: 16000, failureCode: 'insufficient_funds', failureMessage: 'Your card has insufficient funds.' },
    ]);

    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', headers: user.headers, query: { mode: 'CURRENT', page_size: '20' } });
    expect(res.statusCode).toBe(200);
    const page = ZLicensePage.parse(res.json());
    const byId = new Map(page.items.map((l) => [l._id, l]));
    expect(byId.get(plain.id)).toMatchObject({ auto_renew: false, can_auto_renew: true, renewal_amount: null, renewal_due: null });
    expect(byId.get(daily.id)).toMatchObject({ auto_renew: false, can_auto_renew: false, renewal_amount: null, renewal_due: null });
    expect(byId.get(renewing.id)).toMatchObject({ auto_renew: true, can_auto_renew: true, renewal_amount: 1500, renewal_due: null });
    expect(byId.get(grace.id)).toMatchObject({
      auto_renew: true,
      can_auto_renew: false,
      renewal_amount: 160,
      is_expired: true,
      renewal_due: {
        order_id: order.id,
        since: ended.toISOString(),
        grace_until: graceUntil.toISOString(),
        in_grace: true,
        next_try_at: nextTry.toISOString(),
        failure: 'Your card has insufficient funds.',
      },
    });

    // The back office reads the same JSON.
    const admin = await createAdminWithSession(t.db);
    const adminRes = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses/admin/user', headers: admin.headers, query: { email: user.email, page_size: '20' } });
    expect(adminRes.statusCode, adminRes.body).toBe(200);
    const adminGrace = ZLicensePage.parse(adminRes.json()).items.find((l) => l._id === grace.id);
    expect(adminGrace?.renewal_due?.order_id).toBe(order.id);
  });

  it('an open renewal before its term ends and with no failed charge is not due yet', async () => {
    const user = await createUserWithSession(t.db);
    const license = await insertLicense(t.db, user, { type: 'month', startAt: new Date(Date.now() - 28 * DAY) });
    await t.db.update(licenses).set({ autoRenew: true, renewalPriceCents: 15000 }).where(eq(licenses.id, license.id));
    await openRenewalOrder(await licenseRow(license.id), { nextChargeAt: new Date() });
    const res = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', headers: user.headers, query: { mode: 'CURRENT' } });
    expect(ZLicensePage.parse(res.json()).items[0]).toMatchObject({ _id: license.id, auto_renew: true, renewal_due: null, renewal_amount: 150 });
  });
});
