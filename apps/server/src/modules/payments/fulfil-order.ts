import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@lbs/domain/preferences';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { localPaymentSessions, orderLines, orders, paymentEvents, products, renewalCharges, users } from '../../db/schema';
import { issueInvoice } from '../invoices/issue-invoice';
import { enqueueMail } from '../outbox/enqueue';
import { payAfterCancel } from '../refunds/pay-after-cancel';
import { runRefund } from '../refunds/run-refund';
import { redeemPromotionUse } from '../vouchers/promotion-uses';
import { type DeliveredLicenses, deliverLicenses } from './deliver-licenses';
import { notifyOrderPaid } from './notify-order-paid';
import { receiptMail } from './receipt-mail';

export type PaymentProvider = 'local' | 'stripe';

export interface CompletedPayment {
  provider: PaymentProvider;
  /** Stripe Checkout session id, or the local provider's session id. */
  sessionId: string;
  /** The provider event that reported it (Stripe `evt_…`), recorded as processed. */
  eventId?: string;
  eventType?: string;
  /** What the provider says it took; fulfilment refuses a payment that differs from the order. */
  amountCents?: number | null;
  currency?: string | null;
  /** Stripe's client_reference_id: finds the order if its session id was never stored. */
  orderId?: number | null;
  /** Stripe's PaymentIntent (`pi_…`) of the paid session: stored on the order, refunds are made on it. */
  paymentIntentId?: string | null;
  now?: Date;
}

export type FulfilResult =
  | { status: 'fulfilled'; orderId: number; invoiceNo: number; licenseKeys: string[]; renewedLicenseIds: string[] }
  | { status: 'already_fulfilled'; orderId: number }
  /** Paid after it was cancelled: nothing delivered, the payment refunded in full (refundId). */
  | { status: 'paid_after_cancel'; orderId: number; refundId: string }
  | { status: 'unknown_session' }
  | { status: 'amount_mismatch'; orderId: number };

type OrderRow = typeof orders.$inferSelect;

/**
 * The one way an order gets paid, whoever reports the payment (Stripe webhook, local pay page,
 * reconciliation). In one transaction: the order becomes paid (licence-only orders delivered), an
 * invoice takes the next number, one key per licence unit is issued (a renewal line extends the
 * buyer's licence instead), the promotion use is recorded, notifications are written (the
 * customer's and one per admin) and the receipt is queued. Idempotent on the payment
 * session: the order row is locked and checked, and `payment_events` holds one row per fulfilled
 * session (primary key), so any number of concurrent or repeated reports fulfil it once.
 */
export async function fulfilOrder(ctx: AppContext, payment: CompletedPayment): Promise<FulfilResult> {
  const result = await fulfilInTransaction(ctx, payment);
  if (result.status === 'paid_after_cancel') {
    // After commit, as every refund: a provider that cannot be reached leaves it pending for reconciliation.
    await runRefund(ctx, result.refundId).catch(() => {});
  }
  return result;
}

function fulfilInTransaction(ctx: AppContext, payment: CompletedPayment): Promise<FulfilResult> {
  // The app's clock: the system's, moved only in development and tests (lib/clock.ts).
  const now = payment.now ?? ctx.clock.now();
  return ctx.db.transaction(async (tx): Promise<FulfilResult> => {
    const order = await lockOrder(tx, payment);
    if (!order) return { status: 'unknown_session' };
    const refused = await refusal(tx, order, payment);
    if (refused) return refused;
    if (!(await claimFulfilment(tx, payment))) return { status: 'already_fulfilled', orderId: order.id };
    if (order.renewalLicenseId) await recordRenewalChargeSucceeded(tx, order.id, payment.sessionId, now);
    if (order.cancelledAt) return payAfterCancel(tx, order, payment, now);

    const lines = await linesOf(tx, order.id);
    const paid = await markPaid(tx, order, lines, payment, now);
    const invoice = await issueInvoice(tx, {
      createdAt: now,
      orderId: order.id,
      userId: order.userId,
      email: order.email,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      currency: order.currency,
      paidAt: now,
    });
    const delivered = await deliverLicenses(tx, order, lines, now);
    await redeemPromotionUse(tx, order);
    // The buyer, once: their name greets them and their zone dates the notification and the mail.
    const [buyer] = await tx
      .select({ firstName: users.firstName, username: users.username, timeZone: users.timeZone })
      .from(users)
      .where(eq(users.id, order.userId));
    const timeZone = buyer?.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE;
    await notifyOrderPaid(tx, order, lines, delivered, timeZone);
    await queueReceipt(tx, ctx, { order, paid, lines, invoiceNo: invoice.invoiceNo, delivered, buyer, timeZone });
    return {
      status: 'fulfilled',
      orderId: order.id,
      invoiceNo: invoice.invoiceNo,
      licenseKeys: delivered.licenses.map((l) => l.key),
      renewedLicenseIds: delivered.renewed.map((r) => r.id),
    };
  });
}

/**
 * The order this payment is for, row-locked until the transaction ends. An automatic renewal
 * order has many charges (one per attempt, decision 0021) and takes the paying one's id only when
 * paid: until then it is found by its attempt's charge.
 */
async function lockOrder(tx: Tx, payment: CompletedPayment) {
  const [bySession] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, payment.sessionId), eq(orders.paymentProvider, payment.provider)))
    .for('update');
  if (bySession) return bySession;
  const [byCharge] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, payment.provider),
        inArray(orders.id, tx.select({ id: renewalCharges.orderId }).from(renewalCharges).where(eq(renewalCharges.providerChargeId, payment.sessionId))),
      ),
    )
    .for('update');
  if (byCharge || !payment.orderId) return byCharge;
  const [byReference] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, payment.orderId), eq(orders.paymentProvider, payment.provider), isNull(orders.paymentSessionId)))
    .for('update');
  return byReference;
}

/**
 * Why this payment does not fulfil the (locked) order, or null when it may: the order is already
 * paid, the payment differs from the order's total, or the local provider's session is not paid.
 */
async function refusal(tx: Tx, order: OrderRow, payment: CompletedPayment): Promise<FulfilResult | null> {
  if (order.paidAt) return { status: 'already_fulfilled', orderId: order.id };
  if (
    payment.amountCents !== undefined &&
    (payment.amountCents !== order.totalCents || (payment.currency ?? order.currency).toLowerCase() !== order.currency)
  ) {
    return { status: 'amount_mismatch', orderId: order.id };
  }
  if (payment.provider === 'local') {
    // The local provider's charge is its session row, marked paid by the pay page.
    const [session] = await tx.select().from(localPaymentSessions).where(eq(localPaymentSessions.id, payment.sessionId));
    if (!session || session.status !== 'paid') return { status: 'unknown_session' };
    if (session.amountCents !== order.totalCents) return { status: 'amount_mismatch', orderId: order.id };
  }
  return null;
}

/**
 * Records the session as fulfilled (and the provider's event as processed): false when another
 * report already did, whatever the order row says, so the session is fulfilled once.
 */
async function claimFulfilment(tx: Tx, payment: CompletedPayment): Promise<boolean> {
  const guard = await tx
    .insert(paymentEvents)
    .values({ id: `fulfil:${payment.provider}:${payment.sessionId}`, provider: payment.provider, type: 'fulfilment' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (guard.length === 0) return false;
  if (payment.eventId) {
    await tx
      .insert(paymentEvents)
      .values({ id: payment.eventId, provider: payment.provider, type: payment.eventType ?? 'payment' })
      .onConflictDoNothing();
  }
  return true;
}

/**
 * The automatic renewal's attempt that took this payment is recorded as succeeded, in the
 * fulfilment's transaction, whoever reported it (the job, the pay page, reconciliation).
 */
async function recordRenewalChargeSucceeded(tx: Tx, orderId: number, chargeId: string, now: Date): Promise<void> {
  await tx
    .update(renewalCharges)
    .set({ status: 'succeeded', failureCode: null, failureMessage: null, settledAt: now })
    .where(and(eq(renewalCharges.orderId, orderId), eq(renewalCharges.providerChargeId, chargeId)));
}

/** The order's lines with what their products are, in order. */
function linesOf(tx: Tx, orderId: number) {
  return tx
    .select({
      id: orderLines.id,
      name: orderLines.name,
      productName: products.name,
      renewsLicenseId: orderLines.renewsLicenseId,
      quantity: orderLines.quantity,
      lineTotalCents: orderLines.lineTotalCents,
      licenseType: products.licenseType,
      kind: products.kind,
    })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.id);
}

/** The order becomes paid, under this session (and Stripe's PaymentIntent); one with only licences and nothing to ship is delivered too. */
async function markPaid(
  tx: Tx,
  order: OrderRow,
  lines: ReadonlyArray<{ kind: string }>,
  payment: Pick<CompletedPayment, 'sessionId' | 'paymentIntentId'>,
  now: Date,
): Promise<OrderRow> {
  const licenseOnly = lines.every((line) => line.kind === 'license') && !order.needsShipping;
  const [paid] = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      paidAt: now,
      status: licenseOnly ? 'delivered' : 'pending',
      paymentSessionId: payment.sessionId,
      ...(payment.paymentIntentId ? { paymentIntentId: payment.paymentIntentId } : {}),
      // An automatic renewal: no further charge is scheduled.
      nextChargeAt: null,
      updatedAt: now,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return paid!;
}

/** The receipt mail, queued in the outbox (sent once the transaction commits). */
async function queueReceipt(
  tx: Tx,
  ctx: AppContext,
  r: {
    order: OrderRow;
    paid: OrderRow;
    lines: ReadonlyArray<{ name: string; quantity: number; lineTotalCents: number }>;
    invoiceNo: number;
    delivered: DeliveredLicenses;
    buyer: { firstName: string; username: string } | undefined;
    timeZone: string;
  },
): Promise<void> {
  const user = r.buyer;
  await enqueueMail(
    tx,
    receiptMail({
      order: r.paid,
      lines: r.lines,
      invoiceNo: r.invoiceNo,
      licenses: r.delivered.licenses,
      renewed: r.delivered.renewed,
      greetAs: { firstName: user?.firstName, shippingName: r.order.shippingInfo?.name, username: user?.username },
      timeZone: r.timeZone,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}
