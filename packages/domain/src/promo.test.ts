import { describe, expect, it } from 'vitest';

import { MSG } from './messages';
import {
  checkPromotionUsable,
  computeDiscount,
  discountedTotal,
  evaluatePromo,
  promoApplies,
  type PromotionRules,
  useLimitProblem,
} from './promo';

const paper = { product_id: 1, price: 220, quantity: 2 };
const daily = { product_id: 10, price: 40, quantity: 1 };
const yearly = { product_id: 12, price: 1500, quantity: 1 };

describe('the licence subtotal and promoApplies', () => {
  it('counts licence lines only (100% off takes the whole licence subtotal)', () => {
    const all = { percent_off: 100, amount_off: null };
    expect(computeDiscount([paper, daily, yearly], all)).toBe(1540);
    expect(computeDiscount([paper], all)).toBe(0);
  });

  it('applies only when a licence line is present', () => {
    expect(promoApplies([paper])).toBe(false);
    expect(promoApplies([paper, daily])).toBe(true);
    expect(promoApplies([])).toBe(false);
  });
});

describe('computeDiscount', () => {
  it('takes a percentage of the licence subtotal, not the accessories', () => {
    expect(computeDiscount([paper, yearly], { percent_off: 10, amount_off: null })).toBe(150);
  });

  it('takes amount_off in cents', () => {
    expect(computeDiscount([daily], { percent_off: null, amount_off: 1250 })).toBe(12.5);
  });

  it('caps at the licence subtotal and never goes below 0', () => {
    expect(computeDiscount([paper, daily], { percent_off: null, amount_off: 100_000 })).toBe(40);
    expect(computeDiscount([daily], { percent_off: 150, amount_off: null })).toBe(40);
    expect(computeDiscount([daily], { percent_off: -5, amount_off: null })).toBe(0);
    expect(computeDiscount([paper], { percent_off: 50, amount_off: null })).toBe(0);
    expect(computeDiscount([daily], { percent_off: null, amount_off: null })).toBe(0);
  });

  it('rounds to cents', () => {
    expect(
      computeDiscount([{ product_id: 11, price: 150, quantity: 1 }], {
        percent_off: 33.33,
        amount_off: null,
      }),
    ).toBe(50);
    expect(computeDiscount([daily], { percent_off: 12.345, amount_off: null })).toBe(4.94);
  });
});

describe('evaluatePromo', () => {
  it('rejects inactive or missing promotions with the spec message', () => {
    expect(evaluatePromo([daily], null)).toEqual({ ok: false, message: MSG.invalidPromoCode });
    expect(
      evaluatePromo([daily], { active: false, coupon: { percent_off: 10, amount_off: null } }),
    ).toEqual({ ok: false, message: 'Invalid or inactive promo code' });
  });

  it('rejects carts without licences', () => {
    expect(
      evaluatePromo([paper], { active: true, coupon: { percent_off: 10, amount_off: null } }),
    ).toEqual({ ok: false, message: 'Promo code only applies to license items' });
  });

  it('answers the discount', () => {
    expect(
      evaluatePromo([paper, yearly], {
        active: true,
        coupon: { percent_off: 20, amount_off: null },
      }),
    ).toEqual({ ok: true, discount: 300 });
  });
});

describe('discountedTotal', () => {
  it('subtracts the discount and adds shipping', () => {
    expect(discountedTotal(480, 21, 40)).toBe(461);
  });

  it('never goes below 0 and ignores the unquoted -100 fee', () => {
    expect(discountedTotal(40, 0, 100)).toBe(0);
    expect(discountedTotal(40, -100, 0)).toBe(40);
    expect(discountedTotal(0.1, 0.2, 0)).toBe(0.3);
  });
});

describe('useLimitProblem', () => {
  const now = new Date('2025-06-01T00:00:00Z');
  const limits = {
    expires_at: new Date('2025-06-01T00:00:01Z'),
    max_redemptions: 2,
    times_redeemed: 1,
  };

  it('allows a use before the end and under the count, or with no limits at all', () => {
    expect(useLimitProblem(limits, now)).toBeNull();
    expect(
      useLimitProblem({ expires_at: null, max_redemptions: null, times_redeemed: 1e6 }, now),
    ).toBeNull();
  });

  it('refuses at the end instant and at the count, the end first', () => {
    expect(useLimitProblem({ ...limits, expires_at: now }, now)).toBe(MSG.promoExpired);
    expect(useLimitProblem({ ...limits, times_redeemed: 2 }, now)).toBe(MSG.promoUsedUp);
    expect(useLimitProblem({ ...limits, expires_at: now, times_redeemed: 2 }, now)).toBe(
      MSG.promoExpired,
    );
  });
});

describe('checkPromotionUsable', () => {
  const rules: PromotionRules = {
    active: true,
    expires_at: new Date('2025-06-30T00:00:00Z'),
    max_redemptions: 5,
    times_redeemed: 4,
    minimum_amount: 5000,
    first_time_transaction: false,
  };
  const context = {
    now: new Date('2025-06-01T00:00:00Z'),
    orderAmountCents: 5000,
    customerHasRedeemed: true,
  };

  it('accepts a promotion inside every limit', () => {
    expect(checkPromotionUsable(rules, context)).toEqual({ ok: true });
    expect(
      checkPromotionUsable(
        {
          active: true,
          expires_at: null,
          max_redemptions: null,
          times_redeemed: 99,
          minimum_amount: null,
        },
        context,
      ),
    ).toEqual({ ok: true });
  });

  it('refuses inactive, expired and used-up promotions', () => {
    expect(checkPromotionUsable({ ...rules, active: false }, context)).toEqual({
      ok: false,
      reason: MSG.invalidPromoCode,
    });
    expect(
      checkPromotionUsable(rules, { ...context, now: new Date('2025-06-30T00:00:00Z') }),
    ).toEqual({
      ok: false,
      reason: MSG.promoExpired,
    });
    expect(checkPromotionUsable({ ...rules, times_redeemed: 5 }, context)).toEqual({
      ok: false,
      reason: MSG.promoUsedUp,
    });
  });

  it('enforces the minimum order amount in cents', () => {
    expect(checkPromotionUsable(rules, { ...context, orderAmountCents: 4999 })).toEqual({
      ok: false,
      reason: MSG.promoMinimumNotMet,
    });
  });

  it('limits first-time codes to customers without a previous purchase', () => {
    const firstTime = { ...rules, first_time_transaction: true };
    expect(checkPromotionUsable(firstTime, context)).toEqual({
      ok: false,
      reason: MSG.promoFirstPurchaseOnly,
    });
    expect(checkPromotionUsable(firstTime, { ...context, customerHasRedeemed: false })).toEqual({
      ok: true,
    });
  });
});
