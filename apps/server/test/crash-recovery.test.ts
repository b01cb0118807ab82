import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { devMail, invoices, licenses, localPaymentSessions, orders, outbox, paymentEvents } from '../src/db/schema';
import { markLocalSessionPaid } from '../src/modules/payments/local-provider';
import { cartOf, CHECKOUT_URL, onePaymentBody } from './checkout-fixtures';
import { apiClient, readStorage, serverStorage, signedUpCustomer, startServerProcess, waitFor, type ServerProcess } from './server-process';

const CUSTOMERS = 4;
const MIN_PAID_BEFORE_KILL = 6;
const LICENSES_PER_ORDER = 2;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  cleanups = [];
});

const payOnce = (server: ServerProcess, session: string) =>
  fetch(`${server.baseUrl}/dev/pay/${session}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  }).then(
    (res) => res.status,
    () => 'cut' as const,
  );

describe('kill -9 during a burst of checkouts and payments', () => {
  it('after a restart every paid order is fulfilled exactly once', async () => {
    const storage = await serverStorage();
    cleanups.push(() => storage.remove());
    const first = await startServerProcess(storage);
    cleanups.push(() => first.kill());
    onTestFailed(() => console.log(`first process:\n${first.output()}`));

    // Each customer checks out and pays, again and again (a customer's new checkout supersedes
    // their unpaid one, so one chain per customer); the process dies mid-burst, with checkouts and
    // payments in every stage of being charged and fulfilled.
    const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => signedUpCustomer(first.baseUrl)));
    const api = apiClient(first.baseUrl);
    let paid = 0;
    const chain = async (customer: { email: string; token: string }) => {
      const body = onePaymentBody(cartOf({ 12: LICENSES_PER_ORDER }), { email: customer.email });
      for (let round = 0; round < 100; round++) {
        const checkout = await api.call('POST', CHECKOUT_URL, { token: customer.token, body }).catch(() => null);
        if (checkout?.status !== 200) return;
        const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json.url as string)![1]!;
        if ((await payOnce(first, session)) !== 303) return;
        paid++;
      }
    };
    // One more customer reaches the pay page and is charged just as the process dies: the charge
    // is committed, the fulfilment never ran (the window reconciliation exists for).
    const hesitant = await signedUpCustomer(first.baseUrl);
    const lastCheckout = await api.call('POST', CHECKOUT_URL, {
      token: hesitant.token,
      body: onePaymentBody(cartOf({ 12: LICENSES_PER_ORDER }), { email: hesitant.email }),
    });
    const chargedNotFulfilled = /\/dev\/pay\/(lps_[\w-]+)$/.exec(lastCheckout.json.url as string)![1]!;
    const chains = customers.map(chain);
    await waitFor(() => paid >= MIN_PAID_BEFORE_KILL, 'a few payments');
    await first.kill();
    await Promise.all(chains);
    expect(await readStorage(storage, (db) => markLocalSessionPaid(db, chargedNotFulfilled))).toBe(true);

    const second = await startServerProcess(storage, { PAYMENT_RECONCILE_MS: '1000' });
    cleanups.push(() => second.kill());
    onTestFailed(() => console.log(`second process:\n${second.output()}`));
    // Reconciliation runs at start; then the receipts go out through the outbox. Settled when the
    // receipts in the mailbox stop changing.
    const receiptsSent = async () =>
      ((await apiClient(second.baseUrl).call('GET', '/api/dev/mail')).json as { subject: string }[]).filter((m) => /receipt/i.test(m.subject)).length;
    let last = -1;
    let stableSince = Date.now();
    await waitFor(
      async () => {
        const now = await receiptsSent();
        if (now !== last) {
          last = now;
          stableSince = Date.now();
        }
        return now > 0 && Date.now() - stableSince > 2500;
      },
      'the receipts to be sent',
      60_000,
    );
    second.signal('SIGTERM');
    expect((await second.exited).code).toBe(0);

    await readStorage(storage, async (db) => {
      const paidSessions = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.status, 'paid'));
      const paidOrders = await db.select().from(orders).where(eq(orders.paymentStatus, 'paid'));
      expect(paidSessions.length).toBeGreaterThanOrEqual(MIN_PAID_BEFORE_KILL + 1);
      expect(paidSessions.map((p) => p.id)).toContain(chargedNotFulfilled);
      // Paid at the provider ⇔ paid order, one for one.
      expect(paidOrders.map((o) => o.paymentSessionId).sort()).toEqual(paidSessions.map((s) => s.id).sort());
      for (const order of paidOrders) {
        const where = `order ${order.id}`;
        expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id)), where).toHaveLength(1);
        expect(await db.select().from(licenses).where(eq(licenses.orderId, order.id)), where).toHaveLength(LICENSES_PER_ORDER);
        expect(await db.select().from(paymentEvents).where(eq(paymentEvents.id, `fulfil:local:${order.paymentSessionId}`)), where).toHaveLength(1);
        const subject = `Your LentiBooth receipt for order #${order.id}`;
        const queued = await db.select().from(outbox).where(sql`${outbox.payload}->>'subject' = ${subject}`);
        expect(queued, where).toHaveLength(1);
        const mailed = await db.select().from(devMail).where(and(eq(devMail.subject, subject), eq(devMail.to, order.email)));
        if (queued[0]!.status === 'delivered') expect(mailed, where).toHaveLength(1);
        else {
          // Claimed by the killed process mid-send: held until its lease runs out, then sent again
          // (worker.test.ts covers that restart); never a second copy in the meantime.
          expect(queued[0]!.status, where).toBe('pending');
          expect(queued[0]!.lockedUntil!.getTime(), where).toBeGreaterThan(Date.now());
          expect(mailed.length, where).toBeLessThanOrEqual(1);
        }
      }
      // Nothing was fulfilled for an order whose payment never happened.
      const unpaid = await db.select({ id: orders.id }).from(orders).where(sql`${orders.paymentStatus} <> 'paid'`);
      if (unpaid.length) {
        expect(await db.select().from(invoices).where(inArray(invoices.orderId, unpaid.map((o) => o.id)))).toEqual([]);
        expect(await db.select().from(licenses).where(inArray(licenses.orderId, unpaid.map((o) => o.id)))).toEqual([]);
      }
    });
  }, 240_000);
});
