import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@lbs/domain/dates';
import { licenseStanding } from '@lbs/domain/license-standing';
import { isInGrace } from '@lbs/domain/renewals';
import { buildTestApp, mailTo, onPostgres, type TestApp } from '../../../test/build-test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { attemptsOf, CARD, DAY, licenseRow, MONTH, renewalOrdersOf, renewingLicense, runJobAt, saveCard, stopRenewals } from '../../../test/renewal-fixtures';
import { sendExpiryReminders } from '../licenses/send-expiry-reminders';
import { adminNotifications, invoices, licenses, localPaymentSessions, notifications, refunds, renewalChoices, renewalCharges } from '../../db/schema';
import { fulfilOrder } from '../payments/fulfil-order';
import { markLocalSessionPaid } from '../payments/local-provider';
import { chargeRenewalOrder } from './charge-renewal-order';
import { localCardCharges } from './local-card-charges';
import type { RenewalChargeAnswer } from './renewal-charge-provider';
import { runRenewalJob } from './renewal-job';
import { settleRenewalCharge } from './settle-renewal-charge';

/*
 * The renewal engine (decision 0021), driven with the app's clock moved and the job run by hand:
 * one term, one order; attempts read back before a new one; fulfilment sets E + term absolutely;
 * failures retried and told; grace; a second success refunded. Both databases.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
});
afterAll(() => t?.close());
// Each test's licences stop renewing after it, so a later test's job (at its own time) leaves them be.
afterEach(() => stopRenewals(t));

const provider = () => localCardCharges(t.db, () => t.ctx.clock.now());
const shuffle = <T>(items: T[]) => items.map((v) => [Math.random(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);

/** The answer the provider gives (again) for an attempt: asked with the same key, the same answer. */
async function answerOf(attemptId: string): Promise<RenewalChargeAnswer> {
  const [attempt] = await t.db.select().from(renewalCharges).where(eq(renewalCharges.id, attemptId));
  const cards = await t.db.execute(sql`select * from payment_methods where id = ${attempt!.paymentMethodId}`);
  const card = (cards as unknown as { rows: Array<{ id: string; provider_ref: string }> }).rows[0]!;
  return provider().chargeOffSession({
    key: attempt!.id,
    orderId: attempt!.orderId,
    amountCents: attempt!.amountCents,
    currency: 'usd',
    card: { id: card.id, providerRef: card.provider_ref, providerCustomerId: null },
  });
}

/** The money a renewal order's local charges kept: taken minus given back. */
async function keptCents(orderId: number): Promise<number> {
  const sessions = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.orderId, orderId));
  return sessions.filter((s) => s.status === 'paid').reduce((sum, s) => sum + s.amountCents - s.refundedCents, 0);
}

describe('twelve monthly renewals of one licence', () => {
  it('give twelve orders, twelve invoices, twelve charges and an end exactly twelve terms later, however often each answer comes', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.succeeds });
    const answers: Array<[string, RenewalChargeAnswer]> = [];

    for (let k = 0; k < 12; k++) {
      const termEnd = new Date(e0.getTime() + k * MONTH);
      const report = await runJobAt(t, new Date(termEnd.getTime() - 2 * DAY));
      expect(report.prepared).toBe(1);
      const orderList = await renewalOrdersOf(t, license.id);
      const order = orderList[k]!;
      expect(order.renewalTermEnd!.getTime()).toBe(termEnd.getTime());
      const [attempt] = await attemptsOf(t, order.id);
      const answer = await answerOf(attempt!.id);
      expect(answer.status).toBe('succeeded');
      // The same answer twice more, at once, in random order.
      const outcomes = await Promise.all(shuffle([1, 2]).map(() => settleRenewalCharge(t.ctx, attempt!.id, answer)));
      expect(outcomes).toEqual(['already_paid', 'already_paid']);
      answers.push([attempt!.id, answer]);
      // A second job pass at the same moment prepares nothing more.
      expect((await runJobAt(t, new Date(termEnd.getTime() - 2 * DAY))).prepared).toBe(0);
    }
    // And every answer once more, late and shuffled.
    await Promise.all(shuffle(answers).map(([id, answer]) => settleRenewalCharge(t.ctx, id, answer)));

    const paid = await renewalOrdersOf(t, license.id);
    expect(paid).toHaveLength(12);
    expect(paid.every((o) => o.paymentStatus === 'paid' && o.paidAt !== null)).toBe(true);
    const ids = paid.map((o) => o.id);
    expect(Number((await t.db.select({ n: count() }).from(invoices).where(inArray(invoices.orderId, ids)))[0]!.n)).toBe(12);
    const charges = await t.db.select().from(renewalCharges).where(inArray(renewalCharges.orderId, ids));
    expect(charges.map((c) => c.status)).toEqual(Array(12).fill('succeeded'));
    expect(Number((await t.db.select({ n: count() }).from(refunds).where(inArray(refunds.orderId, ids)))[0]!.n)).toBe(0);
    for (const id of ids) expect(await keptCents(id)).toBe(paid[0]!.totalCents);
    const after = await licenseRow(t, license.id);
    expect(after.expiresAt!.getTime()).toBe(e0.getTime() + 12 * MONTH);
    expect(after.graceUntil).toBeNull();
  });
});

describe('a declined charge', () => {
  it('keeps the booth working in grace, tells the customer, and a later success pays the one order', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declinesLater });
    const first = new Date(e0.getTime() - 2 * DAY);
    await runJobAt(t, first);

    const [order] = await renewalOrdersOf(t, license.id);
    expect(order!.paidAt).toBeNull();
    const [attempt] = await attemptsOf(t, order!.id);
    expect(attempt).toMatchObject({ id: `${order!.id}:1`, status: 'failed', failureCode: 'card_declined' });
    const graceUntil = new Date(e0.getTime() + 7 * DAY);
    expect((await licenseRow(t, license.id)).graceUntil!.getTime()).toBe(graceUntil.getTime());
    // Retried a day after the first failure.
    expect(order!.nextChargeAt!.getTime()).toBe(attempt!.settledAt!.getTime() + DAY);

    // Told at once: what failed, the next try, where to pay, until when the booth works.
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed')));
    expect(told).toHaveLength(1);
    const [mail] = await mailTo(t.app, user.email);
    expect(mail!.subject).toMatch(/renewal .* was not paid/);
    expect(mail!.text).toContain('Your card was declined.');
    expect(mail!.text).toContain('http://shop.test/accounts/overview');
    expect(mail!.text).toContain(formatDate(graceUntil, 'Asia/Singapore'));
    expect(mail!.text).toContain(formatDate(order!.nextChargeAt!, 'Asia/Singapore'));

    // The first retry fails too; the next is 3 days after the first failure.
    await runJobAt(t, order!.nextChargeAt!);
    const attempts = await attemptsOf(t, order!.id);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed']);

    // Past E, in grace: still VALID for the booth, and current.
    const inGrace = new Date(e0.getTime() + DAY);
    const row = await licenseRow(t, license.id);
    expect(isInGrace(row, inGrace)).toBe(true);
    expect(licenseStanding(row, 'BOOTH-PC-1', inGrace)).toBe('VALID');

    // The customer saves a working card; the next retry pays the same order.
    await saveCard(t, user.id, CARD.succeeds);
    const [again] = await renewalOrdersOf(t, license.id);
    await runJobAt(t, again!.nextChargeAt!);
    const orderList = await renewalOrdersOf(t, license.id);
    expect(orderList).toHaveLength(1);
    expect(orderList[0]!.paymentStatus).toBe('paid');
    expect((await attemptsOf(t, order!.id)).map((a) => a.status)).toEqual(['failed', 'failed', 'succeeded']);
    const renewed = await licenseRow(t, license.id);
    // E + term, absolutely: not from the day it was paid in grace.
    expect(renewed.expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
    expect(renewed.graceUntil).toBeNull();
    expect(renewed.autoRenew).toBe(true);
    // The receipt says it renewed automatically.
    const receipt = (await mailTo(t.app, user.email)).find((m) => m.subject.includes('receipt'));
    expect(receipt!.text).toContain('renewed automatically');
  });
});

describe('every retry failing', () => {
  it('ends at grace_until: the order abandoned, renewal off, the licence EXPIRED, the customer told', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    for (let i = 0; i < 5; i++) {
      const [order] = await renewalOrdersOf(t, license.id);
      if (!order!.nextChargeAt) break;
      await runJobAt(t, order!.nextChargeAt);
    }
    const [order] = await renewalOrdersOf(t, license.id);
    // The first try and the retries 1, 3 and 5 days later; none after.
    expect((await attemptsOf(t, order!.id)).map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(order!.nextChargeAt).toBeNull();
    expect(Number((await t.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed'))))[0]!.n)).toBe(4);

    const graceUntil = new Date(e0.getTime() + 7 * DAY);
    const before = await licenseRow(t, license.id);
    expect(licenseStanding(before, 'BOOTH-PC-1', new Date(graceUntil.getTime() - 1))).toBe('VALID');

    const report = await runJobAt(t, graceUntil);
    expect(report.graceEnded).toBe(1);
    const [ended] = await renewalOrdersOf(t, license.id);
    expect(ended).toMatchObject({ status: 'cancelled', paymentStatus: 'cancelled', cancelReason: 'grace ended unpaid', nextChargeAt: null });
    const after = await licenseRow(t, license.id);
    expect(after.autoRenew).toBe(false);
    expect(after.graceUntil).toBeNull();
    expect(licenseStanding(after, 'BOOTH-PC-1', graceUntil)).toBe('EXPIRED');
    const choices = await t.db.select().from(renewalChoices).where(eq(renewalChoices.licenseId, license.id));
    expect(choices).toMatchObject([{ autoRenew: false, actor: 'system', reason: 'grace ended unpaid', orderId: order!.id }]);
    const endedNotice = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'license_expired')));
    expect(endedNotice).toHaveLength(1);
    expect((await mailTo(t.app, user.email))[0]!.subject).toMatch(/has ended/);

    // The grace's end message is the licence's 'ended' notice: the reminder job sends no second one.
    await sendExpiryReminders(t.ctx, { now: new Date(graceUntil.getTime() + DAY) });
    const endedNotices = await t.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.type, 'license_expired')));
    expect(endedNotices).toHaveLength(1);

    // Nothing more happens later: no new order, no charge.
    const later = await runJobAt(t, new Date(graceUntil.getTime() + DAY));
    expect(later).toEqual({ prepared: 0, charges: 0, graceEnded: 0 });
    expect(await attemptsOf(t, order!.id)).toHaveLength(4);
  });
});

describe('paying on session', () => {
  it('completes the same order after an off-session charge asked for authentication (4000 0027 6000 3184)', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.authentication });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    expect(await attemptsOf(t, order!.id)).toMatchObject([{ status: 'requires_action', failureCode: 'authentication_required' }]);
    expect((await mailTo(t.app, user.email))[0]!.text).toContain('Confirm the payment');

    const res = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
    // Asked again while the link is open: the same link, no second attempt.
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers })).json().url).toBe(res.json().url);
    // What the pay page does: the card charged, then the one fulfilment.
    expect(await markLocalSessionPaid(t.db, session)).toBe(true);
    expect((await fulfilOrder(t.ctx, { provider: 'local', sessionId: session })).status).toBe('fulfilled');

    const orderList = await renewalOrdersOf(t, license.id);
    expect(orderList).toHaveLength(1);
    expect(orderList[0]).toMatchObject({ paymentStatus: 'paid', paymentSessionId: session, nextChargeAt: null });
    expect(await attemptsOf(t, order!.id)).toMatchObject([
      { attempt: 1, status: 'requires_action' },
      { attempt: 2, onSession: true, status: 'succeeded', providerChargeId: session },
    ]);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
    // Nothing due any more.
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers })).statusCode).toBe(409);
  });

  it('racing an automatic attempt, pays the order once and keeps at most one charge', async () => {
    for (let round = 0; round < 4; round++) {
      const e0 = new Date(Date.now() + 2 * DAY);
      const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declinesLater });
      await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
      const [order] = await renewalOrdersOf(t, license.id);
      const res = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
      const session = /\/dev\/pay\/(lps_[\w-]+)$/.exec(res.json().url)![1]!;
      // The card now works off session too: both sides would succeed.
      await saveCard(t, user.id, CARD.succeeds);
      const payPage = async () => {
        if (await markLocalSessionPaid(t.db, session)) await fulfilOrder(t.ctx, { provider: 'local', sessionId: session });
      };
      await Promise.all(shuffle([payPage, () => chargeRenewalOrder(t.ctx, order!.id), () => chargeRenewalOrder(t.ctx, order!.id)]).map((f) => f()));
      // Whatever reported late settles nothing more.
      await chargeRenewalOrder(t.ctx, order!.id);

      const [paid] = await renewalOrdersOf(t, license.id);
      expect(paid!.paymentStatus).toBe('paid');
      expect(await keptCents(order!.id)).toBe(paid!.totalCents);
      const kept = (await attemptsOf(t, order!.id)).filter((a) => a.status === 'succeeded');
      expect(kept).toHaveLength(1);
      expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
      await t.db.update(licenses).set({ autoRenew: false }).where(eq(licenses.id, license.id));
    }
  });

  it('is refused for another customer’s licence (404), when nothing is due (409), without a session (401)', async () => {
    const e0 = new Date(Date.now() + 10 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
    const { user: other } = await renewingLicense(t, { expiresAt: e0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: other.headers })).statusCode).toBe(404);
    const nothing = await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay`, headers: user.headers });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().detail).toMatch(/Nothing is due/);
    expect((await t.app.inject({ method: 'POST', url: '/api/licenses/not-a-uuid/renewal/pay', headers: user.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/licenses/${license.id}/renewal/pay` })).statusCode).toBe(401);
  });
});

describe('a success that must not be kept', () => {
  it('a second successful charge for a paid order is refunded at once and the admins told, once', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.succeeds });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    expect(order!.paymentStatus).toBe('paid');
    const [first] = await attemptsOf(t, order!.id);
    // A stray second attempt (a provider that charged twice) succeeds as well.
    await t.db.insert(renewalCharges).values({ id: `${order!.id}:2`, orderId: order!.id, attempt: 2, provider: 'local', paymentMethodId: first!.paymentMethodId, status: 'open', amountCents: order!.totalCents });
    const answer = await answerOf(`${order!.id}:2`);
    const adminsBefore = Number((await t.db.select({ n: count() }).from(adminNotifications))[0]!.n);
    const outcomes = await Promise.all([1, 2, 3].map(() => settleRenewalCharge(t.ctx, `${order!.id}:2`, answer)));
    expect(outcomes).toEqual(['refunded_duplicate', 'refunded_duplicate', 'refunded_duplicate']);

    expect(await keptCents(order!.id)).toBe(order!.totalCents);
    const [, second] = await attemptsOf(t, order!.id);
    expect(second).toMatchObject({ status: 'cancelled', failureCode: 'refunded_duplicate' });
    const admins = await t.db.select().from(adminNotifications);
    expect(admins.length - adminsBefore).toBe(1);
    expect(admins.some((n) => n.title.includes(`order #${order!.id} was refunded`))).toBe(true);
    // The order and its term are untouched.
    const [still] = await renewalOrdersOf(t, license.id);
    expect(still!.paymentSessionId).toBe(first!.providerChargeId);
    expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
  });

  it('a charge that succeeds after its order was abandoned is refunded through fulfilment, on that charge', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    // An attempt in flight when grace ends…
    await saveCard(t, order!.userId, CARD.succeeds);
    const cards = await t.db.execute(sql`select id from payment_methods where user_id = ${order!.userId} and detached_at is null`);
    const cardId = (cards as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    await t.db.insert(renewalCharges).values({ id: `${order!.id}:2`, orderId: order!.id, attempt: 2, provider: 'local', paymentMethodId: cardId, status: 'open', amountCents: order!.totalCents });
    await runJobAt(t, new Date(e0.getTime() + 7 * DAY));
    // …answers success afterwards.
    const answer = await answerOf(`${order!.id}:2`);
    expect(await settleRenewalCharge(t.ctx, `${order!.id}:2`, answer)).toBe('paid_after_cancel');
    expect(await settleRenewalCharge(t.ctx, `${order!.id}:2`, answer)).toBe('already_paid');

    const [after] = await renewalOrdersOf(t, license.id);
    expect(after!.cancelledAt).not.toBeNull();
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id));
    expect(refund).toMatchObject({ origin: 'late_payment', state: 'succeeded', amountCents: order!.totalCents });
    const [charge] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, answer.status === 'succeeded' ? answer.chargeId : ''));
    expect(charge!.refundedCents).toBe(order!.totalCents);
    expect(await keptCents(order!.id)).toBe(0);
    expect(licenseStanding(await licenseRow(t, license.id), 'BOOTH-PC-1', new Date(e0.getTime() + 7 * DAY))).toBe('EXPIRED');
  });
});

describe('the job run twice at once', () => {
  it('prepares one order and makes one charge', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.succeeds });
    const at = new Date(e0.getTime() - 2 * DAY);
    t.ctx.clock.setOffset(at.getTime() - Date.now());
    await Promise.all([runRenewalJob(t.ctx, { now: at }), runRenewalJob(t.ctx, { now: at })]);
    const [order] = await renewalOrdersOf(t, license.id);
    await Promise.all([t.ctx.outbox.drain(), chargeRenewalOrder(t.ctx, order!.id), chargeRenewalOrder(t.ctx, order!.id)]);
    expect(await renewalOrdersOf(t, license.id)).toHaveLength(1);
    expect(await attemptsOf(t, order!.id)).toMatchObject([{ status: 'succeeded' }]);
    expect(await keptCents(order!.id)).toBe(order!.totalCents);
  });
});

// Two processes on one PostgreSQL (PGlite is one process per database by design).
describe.runIf(onPostgres())('two processes running the job at once', () => {
  it('prepare one order per licence and make one charge each', async () => {
    const second = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.databaseUrl, PUBLIC_URL: 'http://shop.test' }), {
      database: await openDatabase({ url: t.databaseUrl }),
      startWorkers: false,
      serveWeb: false,
    });
    try {
      const e0 = new Date(Date.now() + 2 * DAY);
      const renewing = await Promise.all(Array.from({ length: 6 }, () => renewingLicense(t, { expiresAt: e0, card: CARD.succeeds })));
      const at = new Date(e0.getTime() - 2 * DAY);
      for (const app of [t.app, second]) app.ctx.clock.setOffset(at.getTime() - Date.now());
      // Small batches, so the two interleave on the same rows.
      await Promise.all([t.ctx, second.ctx, t.ctx, second.ctx].map((ctx) => runRenewalJob(ctx, { now: at, batchSize: 2 })));
      await Promise.all([t.ctx.outbox.drain(), second.ctx.outbox.drain()]);
      for (const { license } of renewing) {
        const orderList = await renewalOrdersOf(t, license.id);
        expect(orderList).toHaveLength(1);
        expect(orderList[0]!.paymentStatus).toBe('paid');
        expect(await attemptsOf(t, orderList[0]!.id)).toMatchObject([{ attempt: 1, status: 'succeeded' }]);
        expect(await keptCents(orderList[0]!.id)).toBe(orderList[0]!.totalCents);
        expect((await licenseRow(t, license.id)).expiresAt!.getTime()).toBe(e0.getTime() + MONTH);
      }
    } finally {
      await second.close();
    }
  });
});

describe('what is never charged', () => {
  it('a holder without a saved card gets the order, its charge fails as "no card" and they are told', async () => {
    const e0 = new Date(Date.now() + 2 * DAY);
    const { user, license } = await renewingLicense(t, { expiresAt: e0, card: null });
    await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
    const [order] = await renewalOrdersOf(t, license.id);
    expect(await attemptsOf(t, order!.id)).toMatchObject([{ status: 'failed', failureCode: 'no_card', paymentMethodId: null }]);
    expect((await mailTo(t.app, user.email))[0]!.text).toContain('There is no saved card to charge.');
  });

  it('a suspended or revoked licence whose order is still open is not charged', async () => {
    for (const change of [{ suspendedAt: new Date() }, { revokedAt: new Date() }]) {
      const e0 = new Date(Date.now() + 2 * DAY);
      const { license } = await renewingLicense(t, { expiresAt: e0, card: CARD.declined });
      await runJobAt(t, new Date(e0.getTime() - 2 * DAY));
      const [order] = await renewalOrdersOf(t, license.id);
      await saveCard(t, order!.userId, CARD.succeeds);
      await t.db.update(licenses).set(change).where(eq(licenses.id, license.id));
      expect(await chargeRenewalOrder(t.ctx, order!.id)).toBe('nothing_due');
      expect(await attemptsOf(t, order!.id)).toHaveLength(1);
      expect(await keptCents(order!.id)).toBe(0);
    }
  });
});
