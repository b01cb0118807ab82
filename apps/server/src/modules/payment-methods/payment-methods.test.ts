import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { truncateKey } from '@lbs/domain/license-terms';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession } from '../../../test/fixtures';
import { attemptsOf, CARD, DAY, insertOpenRenewalOrder, licenseRow, orderById, renewalOrdersOf, renewingLicense, runJobAt, stopRenewals } from '../../../test/renewal-fixtures';
import { notifications, paymentMethods, renewalChoices } from '../../db/schema';

/*
 * The customer's payment method (decision 0022): the card in use read, replaced on the local
 * card-setup page (the next renewal charges the new card) and removed (every renewal off, as the
 * holder's own Turn off). Both databases.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());
afterEach(() => stopRenewals(t));

const get = (headers?: { authorization: string }) => t.app.inject({ method: 'GET', url: '/api/payment-methods/current', headers });
const cardsOf = (userId: number) => t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
const inUse = async (userId: number) => (await t.db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.detachedAt))))[0];

/** The local card-setup page reached from POST /api/payment-methods/setup, its form posted with `card`. */
async function replaceCardOnSetupPage(headers: { authorization: string }, card: string) {
  const setup = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup', headers });
  expect(setup.statusCode, setup.body).toBe(200);
  const url = new URL(setup.json().url);
  expect(url.origin).toBe('http://shop.test');
  const shown = await t.app.inject({ method: 'GET', url: url.pathname });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('Save a card for your renewals');
  return t.app.inject({ method: 'POST', url: url.pathname, payload: `card_number=${encodeURIComponent(card)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

describe('GET /api/payment-methods/current', () => {
  it('is for a signed-in customer only (401)', async () => {
    expect((await get()).statusCode).toBe(401);
  });

  it('answers no card, and whether a card is worth adding', async () => {
    const user = await createUserWithSession(t.db);
    expect((await get(user.headers)).json()).toEqual({ card: null, renewing_licenses: [], could_renew: false });
    await insertLicense(t.db, user, { type: 'month', startAt: new Date(), expiresAt: new Date(Date.now() + 20 * DAY) });
    expect((await get(user.headers)).json()).toEqual({ card: null, renewing_licenses: [], could_renew: true });
  });

  it('answers the card in use and the licences that renew on it; flags a card that ends before a renewal charge', async () => {
    const E = new Date(Date.now() + 100 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: E });
    const body = (await get(user.headers)).json();
    expect(body.card).toMatchObject({ brand: 'Visa', last4: '4242', provider: 'local', expires_before_renewal: false });
    expect(body.renewing_licenses).toEqual([{ id: license.id, name: 'Monthly License', type: 'month', key: truncateKey(license.licenseKey), renews_on: E.toISOString() }]);
    expect(body.could_renew).toBe(true);

    // Good through the month before the charge (E - 3 days): the charge would fail.
    const before = new Date(E.getTime() - 40 * DAY);
    await t.db.update(paymentMethods).set({ expMonth: before.getUTCMonth() + 1, expYear: before.getUTCFullYear() }).where(eq(paymentMethods.userId, user.id));
    expect((await get(user.headers)).json().card).toMatchObject({ exp_month: before.getUTCMonth() + 1, exp_year: before.getUTCFullYear(), expires_before_renewal: true });
    // Good through the month of the end: the charge is made in time.
    const after = new Date(E.getTime() + 40 * DAY);
    await t.db.update(paymentMethods).set({ expMonth: after.getUTCMonth() + 1, expYear: after.getUTCFullYear() }).where(eq(paymentMethods.userId, user.id));
    expect((await get(user.headers)).json().card.expires_before_renewal).toBe(false);
  });
});

describe('replacing the card (the local card-setup page, a link without a licence)', () => {
  it('saves the new card as the one in use, detaches the old, and the next renewal charges the new card', async () => {
    const E = new Date(Date.now() + 10 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: E, card: CARD.succeeds });
    const old = await inUse(user.id);

    const saved = await replaceCardOnSetupPage(user.headers, '5555 5555 5555 4444');
    expect(saved.statusCode, saved.body).toBe(303);
    expect(saved.headers.location).toBe('/accounts/settings/user-management?card=saved');

    const cards = await cardsOf(user.id);
    expect(cards).toHaveLength(2);
    expect(cards.find((c) => c.id === old!.id)!.detachedAt).not.toBeNull();
    const now = await inUse(user.id);
    expect(now).toMatchObject({ provider: 'local', brand: 'Mastercard', last4: '4444', providerRef: '5555555555554444' });
    expect((await get(user.headers)).json().card).toMatchObject({ brand: 'Mastercard', last4: '4444' });
    // Renewal stays as it was: the link carries no licence and no consent.
    expect((await licenseRow(t, license.id)).autoRenew).toBe(true);

    await runJobAt(t, new Date(E.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    expect(order!.paymentStatus).toBe('paid');
    const attempts = await attemptsOf(t, order!.id);
    expect(attempts.map((a) => a.paymentMethodId)).toEqual([now!.id]);
  });

  it('adds a card when none is saved; refuses a number that is not a test card, and an altered link', async () => {
    const user = await createUserWithSession(t.db);
    const refused = await replaceCardOnSetupPage(user.headers, '4111 1111 1111 1112');
    expect(refused.statusCode).toBe(400);
    expect(await cardsOf(user.id)).toHaveLength(0);
    const saved = await replaceCardOnSetupPage(user.headers, '4242 4242 4242 4242');
    expect(saved.statusCode).toBe(303);
    expect(await inUse(user.id)).toMatchObject({ last4: '4242' });

    const setup = await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup', headers: user.headers });
    const path = new URL(setup.json().url).pathname;
    const altered = path.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`);
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(400);
  });

  it('is for a signed-in customer only (401)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/payment-methods/setup' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/payment-methods/current', () => {
  it('detaches the card and turns renewal off for every licence that charged it, giving up an open renewal; another customer untouched', async () => {
    const first = await renewingLicense(t, { expiresAt: new Date(Date.now() + 2 * DAY) });
    const user = first.user;
    const second = await renewingLicense(t, { expiresAt: new Date(Date.now() + 200 * DAY), type: 'year', user, card: null });
    const { order } = await insertOpenRenewalOrder(t.db, (await licenseRow(t, first.license.id))!);
    const other = await renewingLicense(t, { expiresAt: new Date(Date.now() + 2 * DAY) });
    const card = await inUse(user.id);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/current', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().renewal_stopped.map((l: { id: string }) => l.id)).toEqual([first.license.id, second.license.id]);

    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card!.id)))[0]!.detachedAt).not.toBeNull();
    expect(await inUse(user.id)).toBeUndefined();
    for (const l of [first.license, second.license]) {
      const row = await licenseRow(t, l.id);
      expect(row.autoRenew).toBe(false);
      expect(row.graceUntil).toBeNull();
      // The paid term is not shortened.
      expect(row.expiresAt!.getTime()).toBe(l.expiresAt!.getTime());
    }
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.userId, user.id));
    expect(choices.map((c) => [c.licenseId, c.autoRenew, c.actor, c.reason]).sort()).toEqual(
      [
        [first.license.id, false, 'customer', 'card removed'],
        [second.license.id, false, 'customer', 'card removed'],
      ].sort(),
    );
    const given = await orderById(t.db, order.id);
    expect(given.status).toBe('cancelled');
    expect(given.cancelReason).toBe('automatic renewal turned off');
    expect(given.nextChargeAt).toBeNull();

    // Told once, naming both.
    const mails = (await mailTo(t.app, user.email)).filter((m) => m.subject.includes('card was removed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Visa card ending 4242');
    expect(mails[0]!.text).toContain(truncateKey(first.license.licenseKey));
    expect(mails[0]!.text).toContain(truncateKey(second.license.licenseKey));
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.filter((n) => n.title === 'Your saved card was removed')).toHaveLength(1);

    // Another customer's card and renewal are theirs.
    expect(await inUse(other.user.id)).toBeDefined();
    expect((await licenseRow(t, other.license.id)).autoRenew).toBe(true);

    // Nothing left to remove; the job charges none of the licences.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/current', headers: user.headers })).statusCode).toBe(404);
    await runJobAt(t, new Date(Date.now() + 1 * DAY));
    expect((await renewalOrdersOf(t, first.license.id)).map((o) => o.id)).toEqual([order.id]);
    expect(await renewalOrdersOf(t, other.license.id)).toHaveLength(1);
  });

  it('is for a signed-in customer only (401); no card is a 404', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/current' })).statusCode).toBe(401);
    const user = await createUserWithSession(t.db);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/payment-methods/current', headers: user.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('You have no saved card.');
  });
});
