import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { invoices, licenses, localPaymentSessions, orderLines, orders, outbox } from '../src/db/schema';
import { markLocalSessionPaid } from '../src/modules/payments/local-provider';
import { takeBackLicenses } from '../src/modules/license-changes/take-back-licenses';
import { insertLicense, insertPaidOrder } from './account-fixtures';
import { createAdminWithSession, createUserWithSession } from './fixtures';
import { onPostgres } from './build-test-app';
import { cartOf, CHECKOUT_URL, onePaymentBody } from './checkout-fixtures';
import { apiClient, openNotificationStream, readStorage, serverStorage, startServerProcess, waitFor, type ServerProcess } from './server-process';
import { startSmtpServer } from './smtp-server';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

// README's "Beyond one machine": any number of processes on one PostgreSQL and one Redis. PGlite
// is one process per data directory by design, so this runs on PostgreSQL only.
describe.runIf(onPostgres())('two server processes, one shop (PostgreSQL and Redis only)', () => {
  it('serve one journey, share rate limits and the live bell, and send each mail and reconcile each payment once', async () => {
    const smtp = await startSmtpServer('accept');
    cleanups.push(() => smtp.close());
    const storage = await serverStorage();
    cleanups.push(() => storage.remove());
    const env = { REDIS_URL, SMTP_URL: smtp.url, PAYMENT_RECONCILE_MS: '1000', TRUST_PROXY: 'true' };
    const servers: ServerProcess[] = await Promise.all([startServerProcess(storage, env), startServerProcess(storage, env)]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (const s of servers) cleanups.push(() => s.kill());
    onTestFailed(() => servers.forEach((s, i) => console.log(`process ${'AB'[i]}:\n${s.output()}`)));

    // Redis counters outlive this test: a client address of its own keeps other runs' counts apart.
    const client = { 'x-forwarded-for': `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` };
    const onA = apiClient(a.baseUrl, client);
    const onB = apiClient(b.baseUrl, client);

    // Sign up on A, verify and sign in on B.
    const email = `two.${crypto.randomBytes(4).toString('hex')}@example.com`;
    await onA.signUp(email);
    await onB.verify(await onB.verificationToken(email, smtp.mailTo));
    const { access_token: token } = await onB.signIn(email);

    // The live bell on B rings for a purchase made on A.
    const stream = await openNotificationStream(b.baseUrl, token);
    cleanups.push(async () => stream.close());
    const buy = async (api: typeof onA, server: ServerProcess) => {
      const checkout = await api.call('POST', CHECKOUT_URL, { token, body: onePaymentBody(cartOf({ 12: 1 }), { email }) });
      expect(checkout.status).toBe(200);
      const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json.url as string)![1]!;
      const paid = await fetch(`${server.baseUrl}/dev/pay/${session}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...client },
        body: '',
      });
      expect(paid.status).toBe(303);
    };
    await buy(onA, a);
    await waitFor(() => stream.events.some((e) => e.event === 'notification' && JSON.parse(e.data).unread_count === 1), 'the bell on B');
    await buy(onB, b);
    await buy(onA, a);
    await waitFor(() => stream.events.some((e) => e.event === 'notification' && JSON.parse(e.data).unread_count === 3), 'the bell on B again');

    // One limit across both: stream tickets are 30 a minute per session, wherever they are asked for.
    const tickets = [];
    for (let i = 0; i < 30; i++) tickets.push((await (i % 2 ? onB : onA).call('POST', '/api/notification/stream-ticket', { token })).status);
    expect(tickets).toEqual(Array(30).fill(200));
    expect((await onA.call('POST', '/api/notification/stream-ticket', { token })).status).toBe(429);
    expect((await onB.call('POST', '/api/notification/stream-ticket', { token })).status).toBe(429);

    // A charge whose fulfilment never ran: both reconcilers see it, one fulfils it.
    const checkout = await onB.call('POST', CHECKOUT_URL, { token, body: onePaymentBody(cartOf({ 12: 1 }), { email }) });
    const lost = /\/dev\/pay\/(lps_[\w-]+)$/.exec(checkout.json.url as string)![1]!;
    expect(await readStorage(storage, (db) => markLocalSessionPaid(db, lost))).toBe(true);
    const lostOrder = await waitFor(
      () => readStorage(storage, async (db) => (await db.select().from(orders).where(eq(orders.paymentSessionId, lost)))[0]?.paymentStatus === 'paid'),
      'reconciliation to fulfil the lost payment',
    );
    expect(lostOrder).toBe(true);
    // Both reconcilers run more rounds; still one fulfilment.
    await new Promise((r) => setTimeout(r, 2500));

    // Every queued mail delivered, each exactly once, whichever worker claimed it.
    const queued = await readStorage(storage, (db) => db.select().from(outbox));
    await waitFor(() => smtp.accepted.length >= queued.length, 'every mail to be sent');
    await new Promise((r) => setTimeout(r, 500));
    const ids = smtp.accepted.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(queued.map((q) => `<outbox-${q.id}@127.0.0.1>`).sort());
    expect(queued.filter((q) => (q.payload as { subject: string }).subject.includes('receipt'))).toHaveLength(4);

    await readStorage(storage, async (db) => {
      const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, lost));
      expect(await db.select().from(invoices).where(eq(invoices.orderId, order!.id))).toHaveLength(1);
      const [session] = await db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, lost));
      expect(session!.status).toBe('paid');
    });
    const fulfilledByReconciliation = servers
      .flatMap((s) => s.output().split('\n'))
      .filter((line) => line.includes('"msg":"payment reconciliation"'))
      .map((line) => (JSON.parse(line) as { fulfilled: number }).fulfilled);
    // The lost payment, and perhaps a purchase it came upon between its pay page's charge and that
    // page's own fulfilment (two steps: under load a reconciler round can fall between them, and
    // it then fulfils that order and the page finds it done). Whoever fulfils, each order is
    // fulfilled once: one invoice per order, four receipts (above).
    const byReconciliation = fulfilledByReconciliation.reduce((x, y) => x + y, 0);
    expect(byReconciliation).toBeGreaterThanOrEqual(1);
    expect(byReconciliation).toBeLessThanOrEqual(4);
    await readStorage(storage, async (db) => {
      const paidOrders = await db.select({ id: orders.id }).from(orders).where(eq(orders.paymentStatus, 'paid'));
      expect(paidOrders).toHaveLength(4);
      const invoiced = await db.select({ orderId: invoices.orderId }).from(invoices);
      expect(invoiced.map((i) => i.orderId).sort()).toEqual(paidOrders.map((o) => o.id).sort());
    });
  }, 240_000);

  it('a licence written on one process is answered as written by the other as soon as the commit’s signal arrives, though both keep licence rows in memory', async () => {
    const storage = await serverStorage();
    cleanups.push(() => storage.remove());
    const env = { RATE_LIMIT_DISABLED: '1' };
    const servers: ServerProcess[] = await Promise.all([startServerProcess(storage, env), startServerProcess(storage, env)]);
    const [a, b] = servers as [ServerProcess, ServerProcess];
    for (const s of servers) cleanups.push(() => s.kill());
    onTestFailed(() => servers.forEach((s, i) => console.log(`process ${'AB'[i]}:\n${s.output()}`)));

    const setup = await readStorage(storage, async (db) => {
      const customer = await createUserWithSession(db);
      const admin = await createAdminWithSession(db);
      const { order } = await insertPaidOrder(db, customer, { lines: [{ productId: 12, quantity: 1 }] });
      const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      const bound = (deviceId: string, opts: Parameters<typeof insertLicense>[2] = {}) => insertLicense(db, customer, { deviceId, ...opts });
      const HOUR = 3600_000;
      // A Monthly key renewed an hour after it ended: its refund takes back the month it added.
      const renewedFrom = new Date(Date.now() - HOUR);
      const renewedUntil = new Date(renewedFrom.getTime() + LICENSE_TERM_MS.month!);
      const renewed = await bound('booth-7', { type: 'month', startAt: new Date(Date.now() - 40 * 24 * HOUR), expiresAt: renewedUntil });
      const { order: renewal } = await insertPaidOrder(db, customer, { lines: [{ productId: 11, quantity: 1 }] });
      const [renewalLine] = await db
        .update(orderLines)
        .set({ renewsLicenseId: renewed.id, renewedFrom, renewedUntil })
        .where(eq(orderLines.orderId, renewal.id))
        .returning();
      return {
        renewal,
        renewalLine: renewalLine!,
        renewed,
        admin,
        order,
        line: line!,
        control: await bound('booth-0'),
        revoked: await bound('booth-1'),
        suspended: await bound('booth-2'),
        extended: await bound('booth-3', { type: 'month', startAt: new Date(Date.now() - 40 * 24 * HOUR), expiresAt: new Date(Date.now() - HOUR) }),
        reset: await bound('booth-4'),
        deactivated: await bound('booth-5'),
        refunded: await bound('booth-6', { type: 'year', orderId: order.id }),
      };
    });
    const onA = apiClient(a.baseUrl, setup.admin.headers);
    const codeOn = async (server: ServerProcess, key: string, device: string) =>
      (await apiClient(server.baseUrl).call('POST', '/api/licenses/validate', { body: { license_key: key, device_id: device } })).json.code as string;

    // Both read every row once and keep it.
    const keys = ['control', 'revoked', 'suspended', 'extended', 'reset', 'deactivated', 'refunded', 'renewed'] as const;
    for (const server of servers) for (const [i, k] of keys.entries()) await codeOn(server, setup[k].licenseKey, `booth-${i}`);
    // It does keep them: a change made behind the product's back (no licensesChanged) is not seen.
    await readStorage(storage, (db) => db.update(licenses).set({ revokedAt: new Date() }).where(eq(licenses.id, setup.control.id)));
    expect(await codeOn(b, setup.control.licenseKey, 'booth-0')).toBe('VALID');

    // The product's writes on A (and one in this process) reach B as soon as PostgreSQL delivers
    // the commit's NOTIFY: milliseconds, but not before A answers on a loaded machine (B's
    // listening backend must be scheduled first), so B is polled, for 2 s at most.
    const seenByB = (key: string, device: string, code: string) =>
      waitFor(async () => (await codeOn(b, key, device)) === code, `B to answer ${code}`, 2_000).then(() => true);
    expect((await onA.call('PUT', '/api/subscriptions/licenses', { body: { mode: 'revoke', license_id: setup.revoked.id } })).status).toBe(200);
    expect(await seenByB(setup.revoked.licenseKey, 'booth-1', 'REVOKED')).toBe(true);
    expect((await onA.call('POST', `/api/subscriptions/licenses/admin/${setup.suspended.id}/suspend`, { body: { reason: 'Unpaid invoice' } })).status).toBe(200);
    expect(await seenByB(setup.suspended.licenseKey, 'booth-2', 'SUSPENDED')).toBe(true);
    expect(await codeOn(b, setup.extended.licenseKey, 'booth-3')).toBe('EXPIRED');
    expect((await onA.call('POST', `/api/subscriptions/licenses/admin/${setup.extended.id}/extend`, { body: { days: 30, reason: 'Goodwill' } })).status).toBe(200);
    expect(await seenByB(setup.extended.licenseKey, 'booth-3', 'VALID')).toBe(true);
    expect((await onA.call('POST', `/api/subscriptions/licenses/admin/${setup.reset.id}/reset-device`)).status).toBe(200);
    expect(await seenByB(setup.reset.licenseKey, 'booth-4', 'NOT_ACTIVATED')).toBe(true);
    expect((await onA.call('POST', '/api/licenses/deactivate', { body: { license_key: setup.deactivated.licenseKey, device_id: 'booth-5' } })).status).toBe(200);
    expect(await seenByB(setup.deactivated.licenseKey, 'booth-5', 'NOT_ACTIVATED')).toBe(true);
    await readStorage(storage, (db) => db.transaction((tx) => takeBackLicenses(tx, setup.order, [{ orderLineId: setup.line.id, quantity: 1 }], new Date())));
    expect(await seenByB(setup.refunded.licenseKey, 'booth-6', 'REVOKED')).toBe(true);
    expect(await codeOn(b, setup.renewed.licenseKey, 'booth-7')).toBe('VALID');
    await readStorage(storage, (db) => db.transaction((tx) => takeBackLicenses(tx, setup.renewal, [{ orderLineId: setup.renewalLine.id, quantity: 1 }], new Date())));
    expect(await seenByB(setup.renewed.licenseKey, 'booth-7', 'EXPIRED')).toBe(true);
    // A, which made these changes, dropped its rows before it answered.
    expect(await codeOn(a, setup.revoked.licenseKey, 'booth-1')).toBe('REVOKED');
    expect(await codeOn(a, setup.extended.licenseKey, 'booth-3')).toBe('VALID');
  }, 240_000);
});
