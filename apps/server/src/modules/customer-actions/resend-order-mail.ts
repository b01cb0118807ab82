import { asc, eq, inArray } from 'drizzle-orm';
import type { LicenseType } from '@lbs/domain/catalogue';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@lbs/domain/preferences';
import type { AppContext } from '../../app-context';
import type { Tx } from '../../db/client';
import { invoices, licenses, orderLines, orders, products, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/app-error';
import { orderLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { enqueueMail } from '../outbox/enqueue';
import { receiptMail, type RenewedKey } from '../payments/receipt-mail';
import { planName } from '../license-changes/license-words';

/**
 * Mails an order's receipt again: the same mail fulfilment sent (receiptMail), rebuilt from the
 * order, its lines, its invoice and the keys it issued or renewed. Keys show their terms as they
 * are now. Only a paid order has a receipt (409 otherwise). Nothing changes, so there is no
 * notification; the audit row records who sent it.
 */
export async function resendOrderMail(ctx: AppContext, actor: AuditActor, orderId: number) {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound(CUSTOMER_ACTION_MSG.orderNotFound);
    const [invoice] = await tx.select({ invoiceNo: invoices.invoiceNo }).from(invoices).where(eq(invoices.orderId, order.id)).orderBy(asc(invoices.id)).limit(1);
    if (!order.paidAt || !invoice) throw conflict(CUSTOMER_ACTION_MSG.orderNotPaid);
    const [user] = await tx.select({ firstName: users.firstName, username: users.username, timeZone: users.timeZone }).from(users).where(eq(users.id, order.userId));
    const lines = await tx
      .select({ name: orderLines.name, productName: products.name, quantity: orderLines.quantity, lineTotalCents: orderLines.lineTotalCents, renewsLicenseId: orderLines.renewsLicenseId, renewedUntil: orderLines.renewedUntil })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const issued = await tx.select().from(licenses).where(eq(licenses.orderId, order.id)).orderBy(asc(licenses.createdAt), asc(licenses.id));
    await enqueueMail(
      tx,
      receiptMail({
        order,
        lines,
        invoiceNo: invoice.invoiceNo,
        licenses: issued.map((l) => ({ id: l.id, key: l.licenseKey, type: l.type as LicenseType, name: planName(l), startAt: l.startAt, expiresAt: l.expiresAt ?? l.startAt, activateBy: l.activateBy })),
        renewed: await renewedKeys(tx, lines),
        greetAs: { firstName: user?.firstName, shippingName: order.shippingInfo?.name, username: user?.username },
        // Dated in the customer's zone, as the first receipt was (issue 21: one formatter).
        timeZone: user?.timeZone ?? DEFAULT_DISPLAY_TIME_ZONE,
        publicUrl: ctx.config.publicUrl,
      }),
    );
    await recordAdminAction(tx, {
      actor,
      action: 'order.mail_resent',
      target: { type: 'order', id: order.id },
      before: null,
      after: { to: order.email },
      label: orderLabel(order),
      subjectUserId: order.userId,
    });
    return { detail: CUSTOMER_ACTION_MSG.orderMailSent };
  });
}

/** The keys the order's renewal lines extended, each with the end that payment gave it. */
async function renewedKeys(tx: Tx, lines: ReadonlyArray<{ productName: string; renewsLicenseId: string | null; renewedUntil: Date | null }>): Promise<RenewedKey[]> {
  const ids = lines.flatMap((l) => (l.renewsLicenseId ? [l.renewsLicenseId] : []));
  if (ids.length === 0) return [];
  const rows = new Map((await tx.select().from(licenses).where(inArray(licenses.id, ids))).map((l) => [l.id, l]));
  return lines.flatMap((line): RenewedKey[] => {
    const l = line.renewsLicenseId ? rows.get(line.renewsLicenseId) : undefined;
    if (!l) return [];
    if (line.renewedUntil) return [{ key: l.licenseKey, name: line.productName, expiresAt: line.renewedUntil, unstarted: null }];
    // No date noted: an unused Daily pass (its hours start at its first activation), or a renewal
    // that came as a new key instead (revoked before payment), which the order's keys list.
    if (!l.activateBy || !l.unstartedTermHours) return [];
    return [{ key: l.licenseKey, name: line.productName, expiresAt: l.expiresAt ?? l.activateBy, unstarted: { hours: l.unstartedTermHours, activateBy: l.activateBy } }];
  });
}
