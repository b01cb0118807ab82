import { formatCalendarDay } from '@lbs/domain/dates';
import { greeting } from '@lbs/domain/greeting';
import { eq } from 'drizzle-orm';
import { carrierName, carrierTrackingUrl, isCarrierCode, isKnownCarrier, SHIPPING_MSG, type CarrierCode } from '@lbs/domain/carriers';
import type { TOrderUpdateBody } from '@lbs/domain/schemas';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { renderMail } from '../../integrations/mail/template';
import { conflict, notFound } from '../../lib/app-error';
import { orderLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { createNotification } from '../notifications/create-notification';
import { enqueueMail } from '../outbox/enqueue';
import { loadOrderJson } from './load-order-json';

type OrderRow = typeof orders.$inferSelect;

/** A field the dialog left out keeps its value; an empty one clears it. */
const next = (given: string | null | undefined, current: string | null) => (given === undefined ? current : given || null);

const tracking = (o: OrderRow) => ({
  status: o.status,
  track_num: o.trackNum,
  carrier: o.carrierCode,
  carrier_name: o.carrierName,
  estimate_date: o.estimateDate,
  track_url: o.trackUrl,
});

/** The order's status and tracking fields as they are about to be written. */
export type OrderTracking = Pick<OrderRow, 'status' | 'trackNum' | 'carrierCode' | 'carrierName' | 'estimateDate' | 'trackUrl'>;

/**
 * Which carrier, name and link an order ends up with. A listed carrier's name and link are ours,
 * built from the number, whatever the client sent (so a link in a customer's mail is always the
 * carrier's page); `other` keeps what was typed. A client that sends no `carrier` (the dialog
 * before the list) keeps the older meaning: a name or link typed by hand unpicks the listed
 * carrier; otherwise a listed carrier follows a new number.
 */
export function carrierFields(
  given: { carrier?: CarrierCode | '' | null; carrier_name?: string | null; track_url?: string | null },
  trackNum: string | null,
  before: Pick<OrderRow, 'carrierCode' | 'carrierName' | 'trackUrl'>,
): Pick<OrderRow, 'carrierCode' | 'carrierName' | 'trackUrl'> {
  const typedByHand = given.carrier_name !== undefined || given.track_url !== undefined;
  const storedCode = isCarrierCode(before.carrierCode) ? before.carrierCode : null;
  const code = given.carrier === undefined || given.carrier === null ? (typedByHand ? null : storedCode) : given.carrier || null;
  if (code && isKnownCarrier(code)) {
    return { carrierCode: code, carrierName: carrierName(code), trackUrl: trackNum ? carrierTrackingUrl(code, trackNum) : null };
  }
  return {
    carrierCode: code,
    carrierName: next(given.carrier_name, before.carrierName),
    trackUrl: next(given.track_url, before.trackUrl),
  };
}

/**
 * The admin's status and tracking change. Any of the four statuses may be chosen (an admin fixes
 * mistakes too). A pending order has no tracking number yet, so it is cleared. A change notifies
 * the customer (the bell updates live on commit); reaching shipped or delivered also mails them,
 * through the outbox in the same transaction as the change and its audit row.
 */
export async function updateOrder(db: Db, actor: AuditActor, orderId: number, body: TOrderUpdateBody) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!before) throw notFound(`Order #${orderId} not found`);
    if (before.status === 'cancelled') throw conflict(SHIPPING_MSG.cancelledUnchanged);
    const trackNum = body.status === 'pending' ? null : next(body.track_num, before.trackNum);
    const order = await applyOrderChange(tx, actor, before, {
      status: body.status,
      trackNum,
      ...carrierFields(body, trackNum, before),
      estimateDate: next(body.estimate_date, before.estimateDate),
    });
    return loadOrderJson(tx, order);
  });
}

/**
 * Writes a status and tracking change to an order locked by the caller, inside the caller's
 * transaction, with what follows from it: the customer's notification and the audit row when
 * anything changed, and the mail (through the outbox) when the status reaches shipped or
 * delivered. The one place both the order dialog and the bulk ship apply these rules.
 */
export async function applyOrderChange(tx: Tx, actor: AuditActor, before: OrderRow, set: OrderTracking): Promise<OrderRow> {
  const [after] = await tx.update(orders).set({ ...set, updatedAt: new Date() }).where(eq(orders.id, before.id)).returning();
  const order = after!;
  const changed = JSON.stringify(tracking(before)) !== JSON.stringify(tracking(order));
  if (changed) {
    await createNotification(tx, {
      userId: order.userId,
      type: 'order_status_update',
      title: `Order #${order.id} is ${order.status}`,
      message:
        order.status === 'shipped' && order.trackNum
          ? `Your order #${order.id} has shipped with ${order.carrierName ?? 'the carrier'}, tracking number ${order.trackNum}.`
          : `Your order #${order.id} is now ${order.status}.`,
    });
    await recordAdminAction(tx, {
      actor,
      action: 'order.updated',
      target: { type: 'order', id: order.id },
      label: orderLabel(order),
      subjectUserId: order.userId,
      before: tracking(before),
      after: tracking(order),
    });
  }
  if (order.status !== before.status && (order.status === 'shipped' || order.status === 'delivered')) {
    await enqueueMail(tx, statusMail(order));
  }
  return order;
}

function statusMail(order: OrderRow) {
  const shipped = order.status === 'shipped';
  const rows: Array<[string, string]> = [['Order', `#${order.id}`]];
  if (order.carrierName) rows.push(['Carrier', order.carrierName]);
  if (order.trackNum) rows.push(['Tracking number', order.trackNum]);
  if (order.estimateDate && shipped) rows.push(['Estimated delivery', formatCalendarDay(order.estimateDate)]);
  return {
    to: order.email,
    subject: shipped ? `Your LentiBooth order #${order.id} has shipped` : `Your LentiBooth order #${order.id} was delivered`,
    ...renderMail({
      title: shipped ? 'Your order is on its way' : 'Your order was delivered',
      paragraphs: [
        `${greeting({ shippingName: order.shippingInfo?.name })} ${shipped ? `good news: order #${order.id} has shipped.` : `order #${order.id} has been delivered. Enjoy your LentiBooth!`}`,
      ],
      rows,
      // Only http(s) links reach this column (the request schema refuses anything else).
      button: shipped && order.trackUrl ? { label: 'Track your parcel', url: order.trackUrl } : undefined,
    }),
  };
}
