import { and, eq } from 'drizzle-orm';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@lbs/domain/preferences';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { allocateRefund, paymentStatusAfterRefunds, remainingLines, RefundAllocationError } from '@lbs/domain/refunds';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { orders, refundLines, refunds, users } from '../../db/schema';
import { orderLabel } from '../audit/audit-labels';
import { recordAdminAction } from '../audit/record-admin-action';
import { createNotification } from '../notifications/create-notification';
import { notifyAdmins } from '../notifications/notify-admins';
import { enqueueMail } from '../outbox/enqueue';
import { issueCreditNote } from './issue-credit-note';
import { recordRefund } from './record-refund';
import { refundableOrder } from './refundable-order';
import { refundMail, refundNotice } from './refund-mail';
import { takeBackLicenses } from '../license-changes/take-back-licenses';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** A provider's word on a refund: its API answer, a webhook, or reconciliation's question. */
export interface ProviderRefundReport {
  provider: 'local' | 'stripe';
  /** The provider's refund id (Stripe `re_…`); null when it refused before making one. */
  providerRefundId: string | null;
  /** Our refund's id (Stripe metadata.refund_id), when the provider carries it. */
  refundId?: string;
  /** Finds the order of a refund made at the provider alone (no row of ours). */
  paymentIntentId?: string;
  amountCents: number;
  currency: string;
  state: 'succeeded' | 'pending' | 'failed';
  failureReason?: string;
  at?: Date;
  eventId?: string;
}

export type SettleStatus = 'succeeded' | 'failed' | 'pending' | 'unchanged' | 'unknown_order';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reason written on a refund made at the provider (its dashboard), which gives none we can show. */
export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider';

/**
 * The ONE place a refund becomes succeeded or failed, whoever reports it (our API call's answer, a
 * webhook, reconciliation), so they can race and repeat: the order row is locked, and the refund
 * leaves `pending` by a conditional update, once. On success, in the same transaction: the order's
 * refunded cents and payment state, its refunded licence lines taken back, a credit note numbered,
 * the customer's notification and one mail, the audit row (admin) or the admins' notice (provider).
 * A refund made at the provider alone (no row of ours) is written here first, for the order of its
 * PaymentIntent.
 */
export async function settleProviderRefund(ctx: AppContext, report: ProviderRefundReport): Promise<{ status: SettleStatus }> {
  const now = report.at ?? new Date();
  return ctx.db.transaction(async (tx): Promise<{ status: SettleStatus }> => {
    let refund = await findRefund(tx, report);
    let order: OrderRow | undefined;
    if (refund) {
      order = await lockOrder(tx, eq(orders.id, refund.orderId));
    } else {
      if (report.state === 'failed' || !report.paymentIntentId || !report.providerRefundId) return { status: 'unknown_order' };
      order = await lockOrder(tx, and(eq(orders.paymentIntentId, report.paymentIntentId), eq(orders.paymentProvider, report.provider))!);
      if (!order) return { status: 'unknown_order' };
      // Another report may have written it while we waited for the lock.
      refund = (await findRefund(tx, report)) ?? (await recordProviderRefund(tx, order, report));
      if (!refund) return { status: 'unchanged' };
    }
    if (!order) return { status: 'unknown_order' };
    if (report.providerRefundId && !refund.providerRefundId) {
      await tx.update(refunds).set({ providerRefundId: report.providerRefundId }).where(eq(refunds.id, refund.id));
    }
    if (report.state === 'pending') return { status: refund.state === 'pending' ? 'pending' : 'unchanged' };
    if (report.state === 'failed') {
      const [failed] = await tx
        .update(refunds)
        .set({ state: 'failed', failureReason: report.failureReason ?? 'Refused by the payment provider', failedAt: now })
        .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')))
        .returning();
      if (!failed) return { status: 'unchanged' };
      if (failed.origin !== 'admin') await tellAdminsOfFailure(tx, order, failed);
      return { status: 'failed' };
    }
    const [succeeded] = await tx
      .update(refunds)
      .set({ state: 'succeeded', succeededAt: now, failureReason: null })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, 'pending')))
      .returning();
    if (!succeeded) return { status: 'unchanged' };
    await applySucceededRefund(ctx, tx, order, succeeded, now);
    return { status: 'succeeded' };
  });
}

/** Settles our own refund with its provider's answer (the API call's, or reconciliation's). */
export function settleRefund(
  ctx: AppContext,
  refund: Pick<RefundRow, 'id' | 'provider' | 'amountCents' | 'currency'>,
  answer: { state: 'succeeded' | 'pending' | 'failed'; providerRefundId: string | null; failureReason?: string },
  at?: Date,
) {
  return settleProviderRefund(ctx, {
    provider: refund.provider,
    refundId: refund.id,
    providerRefundId: answer.providerRefundId,
    amountCents: refund.amountCents,
    currency: refund.currency,
    state: answer.state,
    failureReason: answer.failureReason,
    at,
  });
}

async function findRefund(tx: Tx, report: ProviderRefundReport): Promise<RefundRow | undefined> {
  if (report.refundId && UUID.test(report.refundId)) {
    const [byId] = await tx.select().from(refunds).where(eq(refunds.id, report.refundId));
    if (byId) return byId;
  }
  if (!report.providerRefundId) return undefined;
  const [byProvider] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, report.providerRefundId));
  return byProvider;
}

async function lockOrder(tx: Tx, where: ReturnType<typeof eq>): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(where).for('update');
  return order;
}

/**
 * A refund made at the provider (its dashboard), known from its webhook only: written as ours
 * (origin provider, by amount), its lines all that is left when it completes the order's total, else
 * the amount spread over the lines. Capped at what is left (the provider cannot give back more than
 * was paid, but older refunds may not have reached us yet).
 */
async function recordProviderRefund(tx: Tx, order: OrderRow, report: ProviderRefundReport): Promise<RefundRow | undefined> {
  if (!order.paidAt) return undefined;
  const refundable = await refundableOrder(tx, order);
  const left = refundable.totalCents - refundable.refundedCents;
  const amount = Math.min(report.amountCents, left);
  if (amount <= 0) return undefined;
  let allocation;
  try {
    allocation =
      amount === left && remainingLines(refundable).length
        ? allocateRefund(refundable, { lines: remainingLines(refundable) })
        : allocateRefund(refundable, { amountCents: amount });
  } catch (err) {
    if (err instanceof RefundAllocationError) return undefined;
    throw err;
  }
  const id = crypto.randomUUID();
  await recordRefund(tx, order, {
    id,
    kind: amount === left && remainingLines(refundable).length ? 'lines' : 'amount',
    reason: PROVIDER_REFUND_REASON,
    origin: 'provider',
    allocation,
    actor: null,
    providerRefundId: report.providerRefundId,
  });
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** Everything a succeeded refund changes, in its transaction (the order row locked). */
async function applySucceededRefund(ctx: AppContext, tx: Tx, order: OrderRow, refund: RefundRow, now: Date): Promise<void> {
  const refundedCents = order.refundedCents + refund.amountCents;
  const cancelled = refund.origin === 'cancel';
  const [after] = await tx
    .update(orders)
    .set({
      refundedCents,
      paymentStatus: paymentStatusAfterRefunds(order.totalCents, refundedCents),
      updatedAt: now,
      // A cancel's refund ends the order: it leaves every work queue (decision 0020).
      ...(cancelled ? { status: 'cancelled' as const, cancelledAt: now, cancelReason: refund.reason } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  const refundedLines = await tx.select().from(refundLines).where(eq(refundLines.refundId, refund.id));
  // A late payment's refund gives back money for an order that delivered nothing (paid after it
  // was cancelled): there is no key or term to take back, and a renewal line must not shorten
  // the licence it never extended.
  const taken =
    refund.origin === 'late_payment'
      ? { revoked: [], shortened: [], renewalStopped: [] }
      : await takeBackLicenses(tx, order, refundedLines, now);
  const note = await issueCreditNote(tx, {
    refundId: refund.id,
    orderId: order.id,
    userId: order.userId,
    email: order.email,
    amountCents: refund.amountCents,
    currency: refund.currency,
    reason: refund.reason,
    issuedAt: now,
  });
  const [buyer] = await tx
    .select({ firstName: users.firstName, username: users.username, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, order.userId));
  const news = {
    orderId: order.id,
    email: order.email,
    amountCents: refund.amountCents,
    currency: refund.currency,
    reason: refund.reason,
    creditNoteNo: note.creditNoteNo,
    succeededAt: now,
    cancelled,
    taken,
    greetAs: { firstName: buyer?.firstName, username: buyer?.username, shippingName: order.shippingInfo?.name },
    timeZone: buyer?.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE,
    publicUrl: ctx.config.publicUrl,
  };
  await createNotification(tx, { userId: order.userId, type: 'order_status_update', ...refundNotice(news) });
  await enqueueMail(tx, refundMail(news));
  const amount = formatUsd(fromCents(refund.amountCents));
  if (refund.actorId !== null && refund.actorEmail !== null && (refund.origin === 'admin' || refund.origin === 'cancel')) {
    await recordAdminAction(tx, {
      // The address the admin asked from, kept on the refund: it may settle later, by a webhook.
      actor: { id: refund.actorId, email: refund.actorEmail, ip: refund.actorIp },
      action: cancelled ? 'order.cancelled' : 'order.refunded',
      target: { type: 'order', id: order.id },
      label: orderLabel(order),
      subjectUserId: order.userId,
      before: { ...(cancelled ? { status: order.status } : {}), payment_status: order.paymentStatus, refunded: order.refundedCents / 100 },
      after: { ...(cancelled ? { status: after!.status } : {}), payment_status: after!.paymentStatus, refunded: after!.refundedCents / 100, refund_id: refund.id, amount: refund.amountCents / 100, credit_note: note.creditNoteNo, reason: refund.reason },
    });
  } else if (refund.origin === 'provider') {
    await notifyAdmins(tx, {
      type: 'order_status_update',
      subjectUserId: order.userId,
      title: `Order #${order.id} (${order.email}) was refunded ${amount} at the payment provider`,
      message: `The refund was made outside the back office; it is recorded with credit note CN-${note.creditNoteNo}${taken.revoked.length ? ` and ${taken.revoked.length} key(s) were revoked` : ''}.`,
    });
  }
}

/** A refund nobody in the back office is watching (automatic or made at the provider) failed: the admins must act. */
async function tellAdminsOfFailure(tx: Tx, order: OrderRow, refund: RefundRow): Promise<void> {
  await notifyAdmins(tx, {
    type: 'payment_failed',
    subjectUserId: order.userId,
    title: `A refund of ${formatUsd(fromCents(refund.amountCents))} for order #${order.id} failed`,
    message: `The payment provider refused it (${refund.failureReason ?? 'no reason given'}); nothing was changed. Refund the customer another way or try again.`,
  });
}
