import { describe, expect, it } from 'vitest';

import {
  isOrderStatus,
  NOTIFICATION_TYPES,
  notificationIconType,
  ORDER_STATUSES,
  orderStatusStep,
} from './statuses';

describe('statuses', () => {
  it('orders the order statuses as shipped', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'processing', 'shipped', 'delivered']);
    expect(orderStatusStep('pending')).toBe(0);
    expect(orderStatusStep('Shipped')).toBe(2);
    expect(orderStatusStep('delivered')).toBe(3);
    expect(orderStatusStep('lost')).toBe(0);
    expect(isOrderStatus('processing')).toBe(true);
    expect(isOrderStatus('cancelled')).toBe(false);
  });

  it('lists the notification types and falls back to order_status_update', () => {
    expect(NOTIFICATION_TYPES).toEqual([
      'license_purchase',
      'product_order',
      'order_status_update',
      'payment_failed',
      'contact_message',
      'license_expiring',
      'license_expired',
    ]);
    expect(notificationIconType('contact_message')).toBe('contact_message');
    expect(notificationIconType('payment_failed')).toBe('payment_failed');
    expect(notificationIconType('license_expiring')).toBe('license_expiring');
    expect(notificationIconType('promo')).toBe('order_status_update');
  });
});
