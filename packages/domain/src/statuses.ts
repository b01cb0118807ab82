/** Order statuses in their shipping order; the order drives the four-step progress bar. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * What an order's `status` reads: its step, or `cancelled` (an end state, no work queue holds it;
 * decision 0020), or `cancelling` while the refund of a paid order's cancel is pending (never
 * stored: the order is unchanged until that refund succeeds, and stays so if it fails).
 */
export const ORDER_STATES = [...ORDER_STATUSES, 'cancelling', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Cancelled, or being cancelled: no step is left to take, so no work queue (shipping, the order's editor) holds it. */
export const isOrderClosed = (status: string): boolean => status === 'cancelled' || status === 'cancelling';

/** What ORDERS can be filtered by: the steps and `cancelled`. */
export const ORDER_FILTER_STATUSES = [...ORDER_STATUSES, 'cancelled'] as const;
export type OrderFilterStatus = (typeof ORDER_FILTER_STATUSES)[number];

export function isOrderFilterStatus(value: unknown): value is OrderFilterStatus {
  return typeof value === 'string' && (ORDER_FILTER_STATUSES as readonly string[]).includes(value);
}

/** 0-based step of a status in the progress bar; unknown values count as the first step. */
export function orderStatusStep(status: string): number {
  const index = (ORDER_STATUSES as readonly string[]).indexOf(status.toLowerCase());
  return index < 0 ? 0 : index;
}

/**
 * The spec's four types, plus contact_message: the admins' notice of a contact-form enquiry (ours;
 * the admins' notices of a paid order or a failed payment reuse the spec's types).
 */
export const NOTIFICATION_TYPES = [
  'license_purchase',
  'product_order',
  'order_status_update',
  'payment_failed',
  'contact_message',
  // ours: the expiry reminders (7 days and 1 day before a key ends) and the 'ended' notice
  'license_expiring',
  'license_expired',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The spec gives any unknown type the order_status_update icon. */
export function notificationIconType(type: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type)
    ? (type as NotificationType)
    : 'order_status_update';
}
