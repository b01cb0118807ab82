import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENSE_TERM_MS } from '@lbs/domain/license-terms';
import { REFUND_MSG } from '@lbs/domain/refunds';
import { addRenewal } from '@lbs/domain/cart';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { cartOf, onePaymentBody, postCheckout } from '../../../test/checkout-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { validate } from '../../../test/license-server-fixtures';
import { pdfTextLines } from '../../../test/pdf-text';
import { adminAudit, adminNotifications, creditNotes, licenses, localPaymentSessions, notifications, orderLines, orders, refunds } from '../../db/schema';
import { createRefund } from './create-refund';
import { localRefundProvider } from './local-refund-provider';
import { reconcileRefunds } from './reconcile-refunds';
import type { RefundProvider } from './refund-provider';

const YEARLY = 12;
const MONTHLY = 11;
const ROLLER = 2;
const DAY = 10;

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const sessionOf = (url: string) => /\/dev\/pay\/(lps_[\w-]+)$/.exec(url)![1]!;
const pay = (session: string) =>
  t.app.inject({ method: 'POST', url: `/dev/pay/${session}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

/** Checks out a cart with the local provider; paid unless `paid` is false. Answers the order row. */
async function buy(user: TestUser, lines: Record<number, number>, opts: { paid?: boolean; cart?: ReturnType<typeof cartOf> } = {}) {
  const res = await postCheckout(t.app, user.headers, onePaymentBody(opts.cart ?? cartOf(lines), { email: user.email }));
  expect(res.statusCode, res.body).toBe(200);
  const session = sessionOf(res.json().url);
  if (opts.paid !== false) expect((await pay(session)).statusCode).toBe(303);
  return (await t.db.select().from(orders).where(eq(orders.paymentSessionId, session)))[0]!;
}
const linesOf = (orderId: number) => t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
const orderById = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const keysOf = (orderId: number) => t.db.select().from(licenses).where(eq(licenses.orderId, orderId)).orderBy(asc(licenses.createdAt));
const refundsOf = (orderId: number) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const creditNotesOf = (orderId: number) => t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

const postRefund = (orderId: number, body: object, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/refunds`, headers, payload: body });
const postCancel = (orderId: number, body: object) => t.app.inject({ method: 'POST', url: `/api/order/admin/${orderId}/cancel`, headers: admin.headers, payload: body });
const id = () => crypto.randomUUID();
/** The refund mails in the customer's mailbox (the dev mailbox keeps every mail, the receipt too). */
const refundMails = async (email: string) => (await mailTo(t.app, email)).filter((m) => /refund/i.test(m.subject));
const actor = () => ({ id: admin.id, email: admin.email, ip: null });

describe('refunds by lines', () => {
  it('refunds a whole licence order: refunded, keys revoked (refunded), a credit note, one mail, a notification, an audit row', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Ana', timeZone: 'Asia/Jakarta' });
    const order = await buy(user, { [YEARLY]: 2 });
    const [line] = await linesOf(order.id);
    const keys = await keysOf(order.id);
    await mailTo(t.app, user.email);
    const res = await postRefund(order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 2 }], reason: 'Bought by mistake' });
    expect(res.statusCode, res.body).toBe(200);
    const refund = res.json();
    expect(refund).toMatchObject({ state: 'succeeded', amount: 3000, kind: 'lines', origin: 'admin', lines: [{ order_line_id: line!.id, quantity: 2, amount: 3000 }] });
    expect(refund.credit_note).toMatch(/^CN-\d+$/);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: 300000, status: 'delivered' });
    for (const k of await keysOf(order.id)) expect(k).toMatchObject({ revokedReason: 'refunded' });
    expect((await validate(t, keys[0]!.licenseKey, 'booth-1')).json().code).toBe('REVOKED');
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect(session!.refundedCents).toBe(300000);

    const mail = await refundMails(user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Your LentiBooth refund for order #${order.id}`);
    // The refund's mail tells of the keys; no separate revocation mail.
    expect((await mailTo(t.app, user.email)).filter((m) => /revoked/i.test(m.subject))).toHaveLength(0);
    expect(mail[0]!.text).toContain(refund.credit_note);
    expect(mail[0]!.text).toContain('$3,000.00');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((n) => n.title.startsWith('Refund'))).toHaveLength(1);
    const audit = await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'order.refunded'), eq(adminAudit.targetId, String(order.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, label: `#${order.id} · ${user.email}` });

    // The customer sees it in their orders and the credit note among theirs.
    const mine = (await t.app.inject({ method: 'GET', url: `/api/order/user/${user.id}`, headers: user.headers })).json();
    expect(mine.items[0]).toMatchObject({ payment_status: 'refunded', refunded: 3000, refunds: [{ id: refund.id, state: 'succeeded', credit_note: refund.credit_note }] });
    expect(mine.items[0].products[0]).toMatchObject({ order_line_id: line!.id, refunded_quantity: 2 });
    const cns = (await t.app.inject({ method: 'GET', url: '/api/invoice/credit-notes', headers: user.headers })).json();
    expect(cns.items).toHaveLength(1);
    expect(cns.items[0]).toMatchObject({ credit_note: refund.credit_note, order_id: order.id, amount: 3000, reason: 'Bought by mistake' });
    expect(cns.items[0].invoice_no).toEqual(expect.any(Number));
    const pdf = await t.app.inject({ method: 'GET', url: cns.items[0].pdf_url, headers: user.headers });
    expect(pdf.statusCode).toBe(200);
    const text = pdfTextLines(pdf.rawPayload);
    expect(text).toContain(`Credit note ${refund.credit_note}`);
    expect(text).toContain(`INV-${String(cns.items[0].invoice_no).padStart(6, '0')}`);
    const other = await createUserWithSession(t.db);
    expect((await t.app.inject({ method: 'GET', url: cns.items[0].pdf_url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: cns.items[0].pdf_url, headers: admin.headers })).statusCode).toBe(200);
    const all = (await t.app.inject({ method: 'GET', url: `/api/invoice/admin/credit-notes?q=${refund.credit_note}`, headers: admin.headers })).json();
    expect(all.items.map((c: { order_id: number }) => c.order_id)).toEqual([order.id]);

    // Refunded in full: nothing more to give.
    const again = await postRefund(order.id, { id: id(), mode: 'amount', amount: 1, reason: 'More' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REFUND_MSG.alreadyRefunded);
  });

  it('refunds part of an order with shipping: one unit, then an amount, capped at what is left', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [YEARLY]: 2, [ROLLER]: 1 });
    expect(order.shippingCents).toBeGreaterThan(0);
    const lines = await linesOf(order.id);
    const yearly = lines.find((l) => l.productId === YEARLY)!;
    const one = await postRefund(order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: yearly.id, quantity: 1 }], reason: 'One key too many' });
    expect(one.statusCode, one.body).toBe(200);
    const keys = await keysOf(order.id);
    expect(keys.filter((k) => k.revokedAt)).toHaveLength(1);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'partially_refunded' });
    const firstCents = Math.round(one.json().amount * 100);
    const left = order.totalCents - firstCents;

    const tooMuchUnits = await postRefund(order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: yearly.id, quantity: 2 }], reason: 'x' });
    expect(tooMuchUnits.statusCode).toBe(400);
    expect(tooMuchUnits.json().detail).toBe(REFUND_MSG.quantityTooLarge);
    const unknown = await postRefund(order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: 999999, quantity: 1 }], reason: 'x' });
    expect(unknown.json().detail).toBe(REFUND_MSG.unknownLine);
    const over = await postRefund(order.id, { id: id(), mode: 'amount', amount: (left + 1) / 100, reason: 'x' });
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(REFUND_MSG.amountTooLarge);

    const amount = await postRefund(order.id, { id: id(), mode: 'amount', amount: 10, reason: 'Late delivery' });
    expect(amount.json()).toMatchObject({ state: 'succeeded', kind: 'amount', amount: 10 });
    expect(amount.json().lines.every((l: { quantity: number }) => l.quantity === 0)).toBe(true);
    // An amount takes no key.
    expect((await keysOf(order.id)).filter((k) => k.revokedAt)).toHaveLength(1);

    // The rest, by lines: exactly what is left.
    const rest = await postRefund(order.id, {
      id: id(),
      mode: 'lines',
      lines: lines.map((l) => ({ order_line_id: l.id, quantity: l.productId === YEARLY ? 1 : l.quantity })),
      reason: 'Cancelled the event',
    });
    expect(rest.json().amount * 100).toBeCloseTo(left - 1000, 5);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'refunded', refundedCents: order.totalCents });
    expect((await creditNotesOf(order.id)).length).toBe(3);
    // Each credit note says how much of a line's refund is the order's shipping.
    for (const note of await creditNotesOf(order.id)) {
      const pdf = await t.app.inject({ method: 'GET', url: `/api/invoice/credit-notes/${note.creditNoteNo}/pdf`, headers: admin.headers });
      expect(pdfTextLines(pdf.rawPayload).filter((l) => l.startsWith('Includes shipping of $')).length, note.reason).toBeGreaterThan(0);
    }
    const listed = await t.app.inject({ method: 'GET', url: `/api/order/admin/${order.id}/refunds`, headers: admin.headers });
    expect(listed.json().items.map((r: { reason: string }) => r.reason)).toEqual(['Cancelled the event', 'Late delivery', 'One key too many']);
  });

  it('refuses an unknown order (404), an unpaid one (409), a non-admin (403) and bad input (400)', async () => {
    const user = await createUserWithSession(t.db);
    expect((await postRefund(2_000_000, { id: id(), mode: 'amount', amount: 1, reason: 'x' })).statusCode).toBe(404);
    const unpaid = await buy(user, { [YEARLY]: 1 }, { paid: false });
    const res = await postRefund(unpaid.id, { id: id(), mode: 'amount', amount: 1, reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(REFUND_MSG.notPaid);
    expect((await postRefund(unpaid.id, { id: id(), mode: 'amount', amount: 1, reason: 'x' }, user.headers)).statusCode).toBe(403);
    const noReason = await postRefund(unpaid.id, { id: id(), mode: 'amount', amount: 1, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
  });
});

describe('once, whoever asks how often', () => {
  it('a doubled click (the same id twice at once) refunds once: one credit note, one mail', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [MONTHLY]: 1 });
    await mailTo(t.app, user.email);
    const body = { id: id(), mode: 'amount', amount: 5, reason: 'Goodwill' };
    const [a, b] = await Promise.all([postRefund(order.id, body), postRefund(order.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect(await orderById(order.id)).toMatchObject({ refundedCents: 500 });
    expect(await refundMails(user.email)).toHaveLength(1);
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect(session!.refundedCents).toBe(500);
    // The same id again later answers the same refund; with another body it is a conflict.
    expect((await postRefund(order.id, body)).json()).toMatchObject({ id: body.id, state: 'succeeded' });
    const other = await postRefund(order.id, { ...body, amount: 6 });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(REFUND_MSG.sameIdOtherRefund);
  });

  it('two different refunds racing on one order cannot together give back more than was paid', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [MONTHLY]: 1 });
    const sixty = Math.floor(order.totalCents * 0.6) / 100;
    const answers = await Promise.all([1, 2].map(() => postRefund(order.id, { id: id(), mode: 'amount', amount: sixty, reason: 'Race' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().detail).toBe(REFUND_MSG.amountTooLarge);
    expect((await orderById(order.id)).refundedCents).toBe(Math.round(sixty * 100));
  });

  it('20 concurrent refunds on 20 orders take 20 consecutive credit note numbers', async () => {
    const user = await createUserWithSession(t.db);
    const bought = [];
    for (let i = 0; i < 20; i++) bought.push(await buy(user, { [MONTHLY]: 1 }));
    const answers = await Promise.all(bought.map((o) => postRefund(o.id, { id: id(), mode: 'amount', amount: 1, reason: 'Batch' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((a) => Number(a.json().credit_note.slice(3))).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
    const n = (await t.db.select({ n: count() }).from(creditNotes))[0]!.n;
    const max = Math.max(...(await t.db.select({ no: creditNotes.creditNoteNo }).from(creditNotes)).map((c) => c.no));
    // The whole series has no gap: as many notes as the highest number.
    expect(max).toBe(Number(n));
  });

  it('a refund the provider refuses is failed and changes nothing, taking no number', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [YEARLY]: 1 });
    const [line] = await linesOf(order.id);
    await mailTo(t.app, user.email);
    const notesBefore = Number((await t.db.select({ n: count() }).from(creditNotes))[0]!.n);
    const refusing = localRefundProvider(t.db, { refuse: () => 'Card account closed' });
    const answer = await createRefund(t.ctx, actor(), order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'x' }, { provider: refusing });
    expect(answer).toMatchObject({ state: 'failed', failure_reason: 'Card account closed', credit_note: null });
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'paid', refundedCents: 0 });
    expect((await keysOf(order.id))[0]!.revokedAt).toBeNull();
    expect(Number((await t.db.select({ n: count() }).from(creditNotes))[0]!.n)).toBe(notesBefore);
    expect(await refundMails(user.email)).toHaveLength(0);
    // A failed refund leaves the money refundable: the next one succeeds and takes the next number.
    const next = await postRefund(order.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Again' });
    expect(next.json()).toMatchObject({ state: 'succeeded', credit_note: `CN-${notesBefore + 1}` });
  });

  it('a refund left pending by a crash (provider called, settle never ran) is settled by reconciliation, once', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [MONTHLY]: 1 });
    const local = localRefundProvider(t.db);
    const crashing: RefundProvider = {
      async refund(request) {
        await local.refund(request);
        throw new Error('process died');
      },
    };
    const refundId = id();
    const answer = await createRefund(t.ctx, actor(), order.id, { id: refundId, mode: 'amount', amount: 7, reason: 'x' }, { provider: crashing });
    expect(answer.state).toBe('pending');
    const log = { info() {}, warn() {}, error() {} } as never;
    // Younger than a minute: left alone (its request may still be running).
    expect((await reconcileRefunds(t.ctx, log, new Date())).settled).toBe(0);
    const report = await reconcileRefunds(t.ctx, log, new Date(Date.now() + 2 * 60_000));
    expect(report.settled).toBeGreaterThanOrEqual(1);
    expect((await refundsOf(order.id))[0]).toMatchObject({ state: 'succeeded', providerRefundId: `lre_${refundId}` });
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect(session!.refundedCents).toBe(700);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
  });
});

describe('renewals', () => {
  it('a refunded renewal line takes back only the term it added; the key stays', async () => {
    const user = await createUserWithSession(t.db);
    const first = await buy(user, { [MONTHLY]: 1 });
    const [key] = await keysOf(first.id);
    const before = key!.expiresAt!;
    const renewal = await buy(user, {}, { cart: addRenewal(cartOf({}), MONTHLY, { id: key!.id, key: key!.licenseKey }) });
    const [line] = await linesOf(renewal.id);
    expect(line!.renewedFrom?.getTime()).toBe(before.getTime());
    const renewed = (await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!;
    expect(renewed.expiresAt!.getTime()).toBe(before.getTime() + LICENSE_TERM_MS.month!);

    const res = await postRefund(renewal.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Renewed by mistake' });
    expect(res.json().state).toBe('succeeded');
    const after = (await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!;
    expect(after.expiresAt!.getTime()).toBe(before.getTime());
    expect(after.revokedAt).toBeNull();
    const mail = (await mailTo(t.app, user.email)).find((m) => m.subject.includes('refund'));
    expect(mail?.text).toContain('keeps the term paid before');
  });
});

describe('renewals of a Daily pass', () => {
  it('an unused pass renewed and refunded keeps the hours it had', async () => {
    const user = await createUserWithSession(t.db);
    const first = await buy(user, { [DAY]: 1 });
    const [key] = await keysOf(first.id);
    expect(key!.unstartedTermHours).toBe(24);
    const renewal = await buy(user, {}, { cart: addRenewal(cartOf({}), DAY, { id: key!.id, key: key!.licenseKey }) });
    const [line] = await linesOf(renewal.id);
    expect(line!.renewedFromTermHours).toBe(24);
    expect((await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!.unstartedTermHours).toBe(48);
    const res = await postRefund(renewal.id, { id: id(), mode: 'lines', lines: [{ order_line_id: line!.id, quantity: 1 }], reason: 'Not needed' });
    expect(res.json().state).toBe('succeeded');
    const after = (await t.db.select().from(licenses).where(eq(licenses.id, key!.id)))[0]!;
    expect(after).toMatchObject({ unstartedTermHours: 24, revokedAt: null });
  });
});

describe('cancellations', () => {
  it('cancels an unpaid order: cancelled, its local session closed, audited', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [YEARLY]: 1 }, { paid: false });
    const res = await postCancel(order.id, { id: id(), reason: 'Customer changed their mind' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: null, order: { payment_status: 'cancelled' } });
    expect(res.json().order.cancelled_at).toEqual(expect.any(String));
    const [session] = await t.db.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect(session!.status).toBe('cancelled');
    await pay(order.paymentSessionId!);
    expect(await orderById(order.id)).toMatchObject({ paymentStatus: 'cancelled', paidAt: null });
    expect(await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'order.cancelled'), eq(adminAudit.targetId, String(order.id))))).toHaveLength(1);
    const again = await postCancel(order.id, { id: id(), reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REFUND_MSG.alreadyCancelled);
  });

  it('cancels a paid licence-only order by refunding it in full', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [YEARLY]: 1 });
    const res = await postCancel(order.id, { id: id(), reason: 'Event cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ state: 'succeeded', origin: 'cancel', amount: order.totalCents / 100 });
    expect(res.json().order).toMatchObject({ payment_status: 'refunded' });
    expect(res.json().order.cancelled_at).toEqual(expect.any(String));
    expect((await keysOf(order.id))[0]).toMatchObject({ revokedReason: 'refunded' });
    expect(await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'order.cancelled'), eq(adminAudit.targetId, String(order.id))))).toHaveLength(1);
    const mail = (await mailTo(t.app, user.email)).filter((m) => m.subject.includes('cancelled'));
    expect(mail).toHaveLength(1);
  });

  it('a doubled cancel (the same id twice at once) refunds once', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [MONTHLY]: 1 });
    const body = { id: id(), reason: 'Double click' };
    const [a, b] = await Promise.all([postCancel(order.id, body), postCancel(order.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.id).toBe(body.id);
    expect(b.json().refund.id).toBe(body.id);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await creditNotesOf(order.id)).toHaveLength(1);
    expect((await refundMails(user.email)).length).toBe(1);
  });

  it('refuses to cancel a shipped order', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [ROLLER]: 1 });
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id));
    const res = await postCancel(order.id, { id: id(), reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(REFUND_MSG.cannotCancelShipped);
  });

  it('a payment that completes after the cancel is refunded automatically and the admins are told', async () => {
    const user = await createUserWithSession(t.db);
    const order = await buy(user, { [YEARLY]: 1 }, { paid: false });
    expect((await postCancel(order.id, { id: id(), reason: 'Too late' })).statusCode).toBe(200);
    await mailTo(t.app, user.email);
    // The charge had gone through at the provider as the cancel was made; the pay page reports it.
    await t.db.update(localPaymentSessions).set({ status: 'paid', completedAt: new Date() }).where(eq(localPaymentSessions.id, order.paymentSessionId!));
    expect((await pay(order.paymentSessionId!)).statusCode).toBe(303);
    const after = await orderById(order.id);
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedCents: order.totalCents });
    expect(after.paidAt).not.toBeNull();
    expect(await keysOf(order.id)).toHaveLength(0);
    expect((await refundsOf(order.id))[0]).toMatchObject({ origin: 'late_payment', state: 'succeeded' });
    const notices = await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id));
    expect(notices.map((n) => n.title)).toContain(`Order #${order.id} was paid after it was cancelled; the payment was refunded automatically`);
    const mail = await mailTo(t.app, user.email);
    expect(mail.map((m) => m.subject)).not.toContain(`Your LentiBooth receipt for order #${order.id}`);
    // Reported again: nothing more.
    expect((await pay(order.paymentSessionId!)).statusCode).toBe(303);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await t.db.select().from(adminNotifications).where(eq(adminNotifications.subjectUserId, user.id))).toHaveLength(notices.length);
  });
});
