import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { DAY, MONTH, renewalOrdersOf, renewingLicense, runJobAt } from '../../../test/renewal-fixtures';
import { invoices, licenses, orders } from '../../db/schema';
import { runRenewalJob } from './renewal-job';

/*
 * One term, one LIVE order (decision 0021, migration 0025): a renewal order given up inside the lead
 * window (renewal turned off, then on again) leaves room for the term's next order, which the job
 * prepares and charges; the term is added once. Before, the given-up order kept the term's place
 * and the licence, renewing again, ended unrenewed at E. Both databases.
 */

const MONTHLY_WORDS = renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 1 }]);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
}, 180_000);
afterAll(() => t?.close());

describe('renewal turned off and on again within the lead window', () => {
  it('prepares the term again: the given-up order stays cancelled, the new one is paid, the end moves one term', async () => {
    const termEnd = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: termEnd });
    const now = new Date(termEnd.getTime() - 2 * DAY);
    // Prepared but not yet charged (the outbox is not drained).
    t.ctx.clock.setOffset(now.getTime() - Date.now());
    expect((await runRenewalJob(t.ctx, { now })).prepared).toBe(1);

    const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/licenses/${license.id}/auto-renew`, headers: user.headers, payload: body });
    expect((await put({ auto_renew: false })).statusCode).toBe(200);
    const [givenUp] = await renewalOrdersOf(t, license.id);
    expect(givenUp!.cancelledAt).not.toBeNull();
    expect((await put({ auto_renew: true, words: MONTHLY_WORDS, language: 'en' })).statusCode).toBe(200);

    const report = await runJobAt(t, new Date(now.getTime() + 60_000));
    expect(report.prepared).toBe(1);
    const both = await renewalOrdersOf(t, license.id);
    expect(both.map((o) => o.renewalTermEnd!.getTime())).toEqual([termEnd.getTime(), termEnd.getTime()]);
    expect(both.filter((o) => o.cancelledAt !== null)).toHaveLength(1);
    const live = both.find((o) => o.cancelledAt === null)!;
    expect(live.paidAt).not.toBeNull();

    const [after] = await t.db.select().from(licenses).where(eq(licenses.id, license.id));
    expect(after!.expiresAt!.getTime()).toBe(termEnd.getTime() + MONTH);
    const paidInvoices = await t.db.select().from(invoices).where(eq(invoices.orderId, live.id));
    expect(paidInvoices).toHaveLength(1);
    // The job again changes nothing: the term has its live, paid order.
    expect((await runJobAt(t, new Date(now.getTime() + 120_000))).prepared).toBe(0);
    const live2 = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.renewalLicenseId, license.id), isNull(orders.cancelledAt)));
    expect(live2).toHaveLength(1);
    t.ctx.clock.setOffset(0);
  });
});
