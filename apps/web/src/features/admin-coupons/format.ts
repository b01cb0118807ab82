import { MSG } from '@lbs/domain/messages';
import { formatUsd, fromCents } from '@lbs/domain/money';
import type { DiscountType } from '@lbs/domain/schemas';
import { browserTimeZone, formatIsoDay } from '../../lib/format-date';

export const DISCOUNT_TYPE_LABEL: Record<DiscountType, string> = {
  percent: MSG.percentageOff,
  amount: MSG.fixedAmountOff,
};

/** '15%' for a percentage; an amount is in cents and shows as '$50.00'. */
export function discountText(coupon: {
  discount_type: DiscountType;
  discount_value: number;
}): string {
  return coupon.discount_type === 'percent'
    ? `${coupon.discount_value}%`
    : formatUsd(fromCents(coupon.discount_value));
}

/**
 * An epoch-seconds date as yyyy-MM-dd (spec: coupon table dates); 'Never' when there is none. In
 * the browser's zone, the one the coupon form picks its end-of-day in, so the day typed is the day shown.
 */
export function expiryText(epochSeconds: number | null): string {
  return epochSeconds === null ? 'Never' : formatIsoDay(new Date(epochSeconds * 1000), browserTimeZone());
}

/** A use limit, or 'Unlimited' without one. */
export function limitText(max: number | null): string {
  return max === null ? MSG.unlimited : String(max);
}

/** A minimum order in cents as dollars; 'None' without one. */
export function minimumOrderText(cents: number | null): string {
  return cents === null ? 'None' : formatUsd(fromCents(cents));
}

/** The discount paid orders were given, in cents, as dollars: '$1,234.50'. */
export function discountGivenText(cents: number): string {
  return formatUsd(fromCents(cents));
}
