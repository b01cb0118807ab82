/** Order statuses in their shipping order; the order drives the four-step progress bar. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** 0-based step of a status in the progress bar; unknown values count as the first step. */
export function orderStatusStep(status: string): number {
  const index = (ORDER_STATUSES as readonly string[]).indexOf(status.toLowerCase());
  return index < 0 ? 0 : index;
}

export const NOTIFICATION_TYPES = [
  'license_purchase',
  'product_order',
  'order_status_update',
  'payment_failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The spec gives any unknown type the order_status_update icon. */
export function notificationIconType(type: string): NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(type)
    ? (type as NotificationType)
    : 'order_status_update';
}
