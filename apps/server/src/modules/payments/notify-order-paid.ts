import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { truncateKey } from '@lbs/domain/license-terms';
import { countryName } from '@lbs/domain/shipping';
import type { Tx } from '../../db/client';
import type { orders } from '../../db/schema';
import { createNotification } from '../notifications/create-notification';
import { notifyAdmins } from '../notifications/notify-admins';
import type { DeliveredLicenses } from './deliver-licenses';

type OrderRow = typeof orders.$inferSelect;

/** ' to Singapore, Singapore' (city and country), or '' for an order without an address. */
function shippingDestination(order: OrderRow): string {
  const to = order.shippingInfo;
  return to ? ` to ${to.city}, ${countryName(to.country) ?? to.country}` : '';
}

/**
 * The notifications of a paid order, inside the fulfilment transaction: the customer's (new
 * keys, renewed keys, goods to ship) and one for every admin. The back office hears of every
 * paid order here: a replayed report never gets this far (the fulfilment's guards), so each
 * admin is told once. `timeZone` is the buyer's (users.time_zone): their notification's dates are in it.
 */
export async function notifyOrderPaid(
  tx: Tx,
  order: OrderRow,
  lines: ReadonlyArray<{ name: string; quantity: number }>,
  { licenses, renewed }: DeliveredLicenses,
  timeZone: string,
): Promise<void> {
  const when = (d: Date) => formatDateTimeWithZone(d, timeZone);
  const destination = shippingDestination(order);
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
        .map((r) =>
          r.unstarted
            ? `your ${r.name} key ${truncateKey(r.key)} now runs ${r.unstarted.hours} hours from its first activation (activate it by ${when(r.unstarted.activateBy)})`
            : `your ${r.name} key ${truncateKey(r.key)} is renewed until ${when(r.expiresAt)}`,
        )
        .join('; ')}. Same key, same device: nothing to re-activate.`,
    });
  }
  if (order.needsShipping) {
    await createNotification(tx, {
      userId: order.userId,
      type: 'product_order',
      title: 'Order received',
      message: `Order #${order.id} is paid and will be shipped${destination}. We will email you the tracking details when it leaves our warehouse.`,
    });
  }

  await notifyAdmins(tx, {
    subjectUserId: order.userId,
    type: order.needsShipping ? 'product_order' : 'license_purchase',
    title: `New order #${order.id} paid by ${order.email} — ${formatUsd(fromCents(order.totalCents))}`,
    message: `${lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}. ${
      order.needsShipping ? `To ship${destination}: set its status and tracking under Orders.` : 'License keys issued and mailed; nothing to ship.'
    }`,
  });
}
