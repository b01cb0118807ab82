import { formatUsd, fromCents } from '@lbs/domain/money';
import { DAY, iso } from './clock';
import type { DemoLicense } from './licenses';
import type { DemoOrder } from './orders';
import { insertRows, type RawSql } from './raw-sql';
import type { Rng } from './rng';

// The customers' bell: what fulfilment, the payment failure path and the warehouse told them.

export interface DemoNotification {
  userId: number;
  type: string;
  title: string;
  message: string;
  createdAt: number;
}

/** A notification whose id is known in advance (an audited bulk read names its ids). */
export interface DemoNotice extends DemoNotification {
  id: string;
  isRead: boolean;
  isDone: boolean;
}

/** The notifications fulfilment, the payment failure path and the shipping updates write. */
export function notificationsFor(order: DemoOrder, licenses: DemoLicense[]): DemoNotification[] {
  const userId = order.user.id;
  const out: DemoNotification[] = [];
  if (order.paidAt === null) {
    // Only declined payments are told; cancelled or expired checkouts are not (fail-payment.ts).
    if (order.declined) {
      out.push({
        userId,
        type: 'payment_failed',
        title: 'Payment failed',
        message: `Your payment of ${formatUsd(fromCents(order.totalCents))} for order #${order.id} did not go through and nothing was charged. Your cart is still saved: please try again or use another payment method.`,
        createdAt: order.settledAt,
      });
    }
    return out;
  }
  if (licenses.length) {
    const names = [...new Set(licenses.map((l) => l.name))].join(', ');
    out.push({
      userId,
      type: 'license_purchase',
      title: licenses.length === 1 ? 'License purchased' : `${licenses.length} licenses purchased`,
      message: `Order #${order.id}: your ${names} ${licenses.length === 1 ? 'key is' : 'keys are'} ready. Find ${licenses.length === 1 ? 'it' : 'them'} in your receipt email and under Your Subscriptions.`,
      createdAt: order.paidAt,
    });
  }
  if (order.needsShipping) {
    const where = order.shippingInfo ? ` to ${order.shippingInfo.city}, ${order.shippingInfo.country}` : '';
    out.push({
      userId,
      type: 'product_order',
      title: 'Order received',
      message: `Order #${order.id} is paid and will be shipped${where}. We will email you the tracking details when it leaves our warehouse.`,
      createdAt: order.paidAt,
    });
    if (order.status === 'shipped' || order.status === 'delivered') {
      const t = order.tracking!;
      out.push({
        userId,
        type: 'order_status_update',
        title: 'Order shipped',
        message: `Order #${order.id} has shipped with ${t.carrier} (tracking number ${t.trackNum}). Estimated delivery: ${t.estimateDate}.`,
        createdAt: order.status === 'shipped' ? order.updatedAt : order.updatedAt - DAY,
      });
    }
    if (order.status === 'delivered') {
      out.push({
        userId,
        type: 'order_status_update',
        title: 'Order delivered',
        message: `Order #${order.id} has been delivered. Enjoy your booth!`,
        createdAt: order.updatedAt,
      });
    }
  }
  return out;
}

/**
 * The notifications, oldest first (the array is sorted in place), each read (and some marked done)
 * as its age makes likely, the reads drawn from `readRng` in that order.
 */
export function writeNotifications(tx: RawSql, notifications: DemoNotification[], readRng: Rng, now: number): Promise<void> {
  return insertRows(tx, 'notifications', [
    ['user_id', 'int'], ['type', 'text'], ['title', 'text'], ['message', 'text'], ['is_read', 'boolean'], ['is_done', 'boolean'], ['created_at', 'timestamptz'],
  ], notifications.sort((x, y) => x.createdAt - y.createdAt), (n) => {
    const isRead = readRng.chance(now - n.createdAt > 3 * DAY ? 0.85 : 0.3);
    return [n.userId, n.type, n.title, n.message, isRead, isRead && readRng.chance(0.4), iso(n.createdAt)];
  });
}

/** Notifications whose ids and read state were decided beforehand (the back office's). */
export function writeNotices(tx: RawSql, notices: readonly DemoNotice[]): Promise<void> {
  return insertRows(tx, 'notifications', [
    ['id', 'uuid'], ['user_id', 'int'], ['type', 'text'], ['title', 'text'], ['message', 'text'], ['is_read', 'boolean'], ['is_done', 'boolean'], ['created_at', 'timestamptz'],
  ], notices, (n) => [n.id, n.userId, n.type, n.title, n.message, n.isRead, n.isDone, iso(n.createdAt)]);
}
