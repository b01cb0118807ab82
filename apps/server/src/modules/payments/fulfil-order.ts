import { countryName } from '@lbs/domain/shipping';
import { and, eq, isNull } from 'drizzle-orm';
import type { LicenseType } from '@lbs/domain/catalogue';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { truncateKey } from '@lbs/domain/license-terms';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { localPaymentSessions, orderLines, orders, paymentEvents, products, users } from '../../db/schema';
import { mailDateTime } from '../../integrations/mail/template';
import { issueInvoice } from '../invoices/issue-invoice';
import { issuePurchasedLicenses, type LicenseUnit } from '../licenses/issue-licenses';
import { renewLicense } from '../licenses/renew-license';
import { createNotification } from '../notifications/create-notification';
import { notifyAdmins } from '../notifications/notify-admins';
import { enqueueMail } from '../outbox/enqueue';
import { redeemPromotionUse } from '../vouchers/promotion-uses';
import { receiptMail, type RenewedKey } from './receipt-mail';

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
  now?: Date;
}

export type FulfilResult =
  | { status: 'fulfilled'; orderId: number; invoiceNo: number; licenseKeys: string[]; renewedLicenseIds: string[] }
  | { status: 'already_fulfilled'; orderId: number }
  | { status: 'unknown_session' }
  | { status: 'amount_mismatch'; orderId: number };

async function lockOrder(tx: Tx, payment: CompletedPayment) {
  const [bySession] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.paymentSessionId, payment.sessionId), eq(orders.paymentProvider, payment.provider)))
    .for('update');
  if (bySession || !payment.orderId) return bySession;
  const [byReference] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, payment.orderId), eq(orders.paymentProvider, payment.provider), isNull(orders.paymentSessionId)))
    .for('update');
  return byReference;
}

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
  const now = payment.now ?? new Date();
  return ctx.db.transaction(async (tx): Promise<FulfilResult> => {
    const order = await lockOrder(tx, payment);
    if (!order) return { status: 'unknown_session' };
    if (order.paymentStatus === 'paid') return { status: 'already_fulfilled', orderId: order.id };
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

    const guard = await tx
      .insert(paymentEvents)
      .values({ id: `fulfil:${payment.provider}:${payment.sessionId}`, provider: payment.provider, type: 'fulfilment' })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (guard.length === 0) return { status: 'already_fulfilled', orderId: order.id };
    if (payment.eventId) {
      await tx
        .insert(paymentEvents)
        .values({ id: payment.eventId, provider: payment.provider, type: payment.eventType ?? 'payment' })
        .onConflictDoNothing();
    }

    const lines = await tx
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
      .where(eq(orderLines.orderId, order.id))
      .orderBy(orderLines.id);
    const licenseOnly = lines.every((line) => line.kind === 'license') && !order.needsShipping;

    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        paidAt: now,
        status: licenseOnly ? 'delivered' : 'pending',
        paymentSessionId: payment.sessionId,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const invoice = await issueInvoice(tx, {
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

    const units: LicenseUnit[] = [];
    const renewed: Array<RenewedKey & { id: string }> = [];
    for (const line of lines) {
      if (line.kind !== 'license' || !line.licenseType) continue;
      const type = line.licenseType as LicenseType;
      if (line.renewsLicenseId) {
        const renewal = await renewLicense(tx, { licenseId: line.renewsLicenseId, userId: order.userId, type, paidAt: now });
        if (renewal) {
          await tx.update(orderLines).set({ renewedUntil: renewal.expiresAt }).where(eq(orderLines.id, line.id));
          renewed.push({ id: renewal.id, key: renewal.key, name: line.productName, expiresAt: renewal.expiresAt });
          continue;
        }
        // Revoked between checkout and payment: the term paid for comes as a new key instead.
      }
      for (let i = 0; i < line.quantity; i++) units.push({ type, name: line.renewsLicenseId ? line.productName : line.name });
    }
    const licenses = await issuePurchasedLicenses(tx, { userId: order.userId, email: order.email, orderId: order.id, paidAt: now, units });

    await redeemPromotionUse(tx, order);

    if (licenses.length) {
      const names = [...new Set(licenses.map((l) => l.name))].join(', ');
      await createNotification(tx, {
        userId: order.userId,
        type: 'license_purchase',
        title: licenses.length === 1 ? 'License purchased' : `${licenses.length} licenses purchased`,
        message: `Order #${order.id}: your ${names} ${licenses.length === 1 ? 'key is' : 'keys are'} ready. Find ${licenses.length === 1 ? 'it' : 'them'} in your receipt email and under Your Subscriptions.`,
      });
    }
    if (renewed.length) {
      await createNotification(tx, {
        userId: order.userId,
        type: 'license_purchase',
        title: renewed.length === 1 ? 'License renewed' : `${renewed.length} licenses renewed`,
        message: `Order #${order.id}: ${renewed
          .map((r) => `your ${r.name} key ${truncateKey(r.key)} is renewed until ${mailDateTime(r.expiresAt)}`)
          .join('; ')}. Same key, same device: nothing to re-activate.`,
      });
    }
    if (order.needsShipping) {
      const where = order.shippingInfo ? ` to ${order.shippingInfo.city}, ${countryName(order.shippingInfo.country) ?? order.shippingInfo.country}` : '';
      await createNotification(tx, {
        userId: order.userId,
        type: 'product_order',
        title: 'Order received',
        message: `Order #${order.id} is paid and will be shipped${where}. We will email you the tracking details when it leaves our warehouse.`,
      });
    }

    // The back office hears of every paid order, in this same transaction: a replayed report
    // never gets this far (the guards above), so each admin is told once.
    await notifyAdmins(tx, {
      type: order.needsShipping ? 'product_order' : 'license_purchase',
      title: `New order #${order.id} paid by ${order.email} — ${formatUsd(fromCents(order.totalCents))}`,
      message: `${lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}. ${
        order.needsShipping
          ? `To ship${order.shippingInfo ? ` to ${order.shippingInfo.city}, ${countryName(order.shippingInfo.country) ?? order.shippingInfo.country}` : ''}: set its status and tracking under Orders.`
          : 'License keys issued and mailed; nothing to ship.'
      }`,
    });

    const [user] = await tx.select({ firstName: users.firstName, username: users.username }).from(users).where(eq(users.id, order.userId));
    await enqueueMail(
      tx,
      receiptMail({
        order: paid!,
        lines,
        invoiceNo: invoice.invoiceNo,
        licenses,
        renewed,
        greetAs: { firstName: user?.firstName, shippingName: order.shippingInfo?.name, username: user?.username },
        publicUrl: ctx.config.publicUrl,
      }),
    );
    return {
      status: 'fulfilled',
      orderId: order.id,
      invoiceNo: invoice.invoiceNo,
      licenseKeys: licenses.map((l) => l.key),
      renewedLicenseIds: renewed.map((r) => r.id),
    };
  });
}
