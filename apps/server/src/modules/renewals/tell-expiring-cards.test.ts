import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { truncateKey } from '@lbs/domain/license-terms';
import { cardEndsAt } from '@lbs/domain/payment-cards';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { DAY, renewingLicense, runJobAt, stopRenewals } from '../../../test/renewal-fixtures';
import { licenses, paymentMethods } from '../../db/schema';
import { runRenewalJob } from './renewal-job';

/*
 * The renewal job's expiry notice (decision 0022): a card in use that stops working before a
 * licence's next renewal charge is mailed 30 days before it expires (at once when closer), once
 * per card. The clock is moved as the job would meet it. Both databases.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());
afterEach(() => stopRenewals(t));

const HOUR = 60 * 60 * 1000;
const expiryMails = async (email: string) => (await mailTo(t.app, email)).filter((m) => /saved card (expires|has expired)/.test(m.subject));

/** A card good through the month of `within`, held by a renewing licence ending at `termEnd`. */
async function renewingWithCardExpiring(within: Date, termEnd: Date) {
  const held = await renewingLicense(t, { expiresAt: termEnd });
  const exp = { expMonth: within.getUTCMonth() + 1, expYear: within.getUTCFullYear() };
  await t.db.update(paymentMethods).set(exp).where(eq(paymentMethods.userId, held.user.id));
  const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, held.user.id));
  return { ...held, card: card!, endsAt: cardEndsAt(exp)! };
}

describe('the expiry notice of a saved card', () => {
  it('is mailed 30 days before the card expires, when that is before a renewal charge, and only once', async () => {
    const now = new Date();
    // Ends between 45 and 76 days from now; the licence is charged 97 days from now.
    const { user, license, card, endsAt } = await renewingWithCardExpiring(new Date(now.getTime() + 45 * DAY), new Date(now.getTime() + 100 * DAY));
    const noticeFrom = new Date(endsAt.getTime() - 30 * DAY);

    await runJobAt(t, now);
    await runJobAt(t, new Date(noticeFrom.getTime() - HOUR));
    expect(await expiryMails(user.email)).toHaveLength(0);
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id)))[0]!.expiryToldAt).toBeNull();

    const at = new Date(noticeFrom.getTime() + HOUR);
    await runJobAt(t, at);
    const mails = await expiryMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your saved card expires soon: replace it to keep renewing');
    expect(mails[0]!.text).toContain('Visa card ending 4242');
    expect(mails[0]!.text).toContain(truncateKey(license.licenseKey));
    expect(mails[0]!.text).toContain('http://shop.test/accounts/settings/user-management');
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id)))[0]!.expiryToldAt!.getTime()).toBe(at.getTime());

    // Again, and from two processes at once: told already.
    await runJobAt(t, new Date(at.getTime() + 2 * DAY));
    await Promise.all([runRenewalJob(t.ctx, { now: new Date(at.getTime() + 3 * DAY) }), runRenewalJob(t.ctx, { now: new Date(at.getTime() + 3 * DAY) })]);
    expect(await expiryMails(user.email)).toHaveLength(1);
  });

  it('is mailed at once when the card already ends within 30 days', async () => {
    const now = new Date();
    const { user, endsAt } = await renewingWithCardExpiring(now, new Date(now.getTime() + 60 * DAY));
    expect(endsAt.getTime() - now.getTime()).toBeLessThanOrEqual(31 * DAY);
    await runJobAt(t, now);
    expect(await expiryMails(user.email)).toHaveLength(1);
  });

  it('is not mailed for a card that outlasts the next renewal charge, nor one no renewal charges, and the pass ends', async () => {
    const now = new Date();
    // Expires within 30 days, but the licence is charged before: the charge is made in time.
    const soon = await renewingWithCardExpiring(new Date(now.getTime() + 20 * DAY), new Date(now.getTime() + 5 * DAY));
    // Expires within 30 days; its licence's renewal is off.
    const off = await renewingWithCardExpiring(new Date(now.getTime() + 10 * DAY), new Date(now.getTime() + 90 * DAY));
    await t.db.update(licenses).set({ autoRenew: false }).where(eq(licenses.id, off.license.id));
    // Expires before the charge, but already removed.
    const removed = await renewingWithCardExpiring(new Date(now.getTime() + 10 * DAY), new Date(now.getTime() + 90 * DAY));
    await t.db.update(paymentMethods).set({ detachedAt: now }).where(eq(paymentMethods.id, removed.card.id));

    // A batch of one walks past the cards it passes over.
    await runRenewalJob(t.ctx, { now, batchSize: 1 });
    for (const held of [soon, off, removed]) {
      expect(await expiryMails(held.user.email)).toHaveLength(0);
      expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, held.card.id)))[0]!.expiryToldAt).toBeNull();
    }
  });
});
