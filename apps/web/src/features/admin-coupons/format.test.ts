import { describe, expect, it } from 'vitest';
import { endOfLocalDay } from '@lbs/domain/voucher-forms';
import { discountGivenText, discountText, expiryText, limitText, minimumOrderText } from './format';

describe('coupon figures as the back office shows them', () => {
  it('a percentage with %, an amount from cents with $', () => {
    expect(discountText({ discount_type: 'percent', discount_value: 15 })).toBe('15%');
    expect(discountText({ discount_type: 'amount', discount_value: 5000 })).toBe('$50.00');
    expect(discountText({ discount_type: 'amount', discount_value: 1999 })).toBe('$19.99');
    expect(minimumOrderText(150000)).toBe('$1,500.00');
    expect(minimumOrderText(null)).toBe('None');
    expect([discountGivenText(0), discountGivenText(123_450)]).toEqual(['$0.00', '$1,234.50']);
  });

  it('limits and dates: Unlimited, Never, and yyyy-MM-dd of the local day', () => {
    expect([limitText(null), limitText(25)]).toEqual(['Unlimited', '25']);
    expect(expiryText(null)).toBe('Never');
    expect(expiryText(Math.floor(Date.parse(endOfLocalDay('2030-12-31')) / 1000))).toBe(
      '2030-12-31',
    );
  });
});
