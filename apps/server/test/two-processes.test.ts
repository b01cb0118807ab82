import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { invoices, localPaymentSessions, orders, outbox } from '../src/db/schema';
import { markLocalSessionPaid } from '../src/modules/payments/local-provider';
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
    expect(fulfilledByReconciliation.reduce((x, y) => x + y, 0)).toBe(1);
  }, 240_000);
});
