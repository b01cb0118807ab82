import { inArray, isNotNull } from 'drizzle-orm';
import { REFUNDABLE_PAYMENT_STATUSES } from '@lbs/domain/refunds';
import { orders } from '../../db/schema';

/**
 * An order that was paid, whatever has been refunded since (payment_status paid, partially_refunded
 * or refunded): an order the customer placed, counted on the day it was paid. paid_at is set when
 * the payment is taken and never cleared.
 */
export const orderWasPaid = isNotNull(orders.paidAt);

/** An order whose money is still (at least partly) held: it can be refunded further and shipped. */
export const orderHoldsPayment = inArray(orders.paymentStatus, [...REFUNDABLE_PAYMENT_STATUSES]);
