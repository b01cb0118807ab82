import { greeting } from '@lbs/domain/greeting';
import { asc, eq } from 'drizzle-orm';
import type { TOrderUpdateBody } from '@lbs/domain/schemas';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { renderMail } from '../../integrations/mail/template';
import { notFound } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { createNotification } from '../notifications/create-notification';
import { enqueueMail } from '../outbox/enqueue';
import { toOrderJson } from './order-json';

type OrderRow = typeof orders.$inferSelect;

/** A field the dialog left out keeps its value; an empty one clears it. */
const next = (given: string | null | undefined, current: string | null) => (given === undefined ? current : given || null);

const tracking = (o: OrderRow) => ({
  status: o.status,
  track_num: o.trackNum,
  carrier_name: o.carrierName,
  estimate_date: o.estimateDate,
  track_url: o.trackUrl,
});

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
    const set = {
      status: body.status,
      trackNum: body.status === 'pending' ? null : next(body.track_num, before.trackNum),
      carrierName: next(body.carrier_name, before.carrierName),
      estimateDate: next(body.estimate_date, before.estimateDate),
      trackUrl: next(body.track_url, before.trackUrl),
    };
    const [after] = await tx.update(orders).set({ ...set, updatedAt: new Date() }).where(eq(orders.id, orderId)).returning();
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
      await recordAdminAction(tx, { actor, action: 'order.updated', target: { type: 'order', id: order.id }, before: tracking(before), after: tracking(order) });
    }
    if (order.status !== before.status && (order.status === 'shipped' || order.status === 'delivered')) {
      await enqueueMail(tx, statusMail(order));
    }
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id));
    return toOrderJson(order, lines);
  });
}

function statusMail(order: OrderRow) {
  const shipped = order.status === 'shipped';
  const rows: Array<[string, string]> = [['Order', `#${order.id}`]];
  if (order.carrierName) rows.push(['Carrier', order.carrierName]);
  if (order.trackNum) rows.push(['Tracking number', order.trackNum]);
  if (order.estimateDate && shipped) rows.push(['Estimated delivery', order.estimateDate]);
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
