import { describe, expect, it } from 'vitest';

import { MSG } from './messages';
import {
  COUPON_FORM_DEFAULTS,
  endOfLocalDay,
  localDay,
  parseTypedNumber,
  promotionFormDefaults,
  ZCouponForm,
  ZPromotionForm,
  type TCouponFormInput,
  type TPromotionFormInput,
} from './voucher-forms';

/** Messages by field of a failed parse; {} when it passes. */
function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}
const coupon = (over: Partial<TCouponFormInput>) =>
  ZCouponForm.safeParse({ ...COUPON_FORM_DEFAULTS, ...over });
const promotion = (over: Partial<TPromotionFormInput>) =>
  ZPromotionForm.safeParse({ ...promotionFormDefaults(), ...over });

describe('parseTypedNumber', () => {
  it('reads typed decimals and refuses everything else as NaN', () => {
    expect([' 12 ', '0.5', '.5', '-3', '10.'].map(parseTypedNumber)).toEqual([
      12, 0.5, 0.5, -3, 10,
    ]);
    expect(
      ['', ' ', 'abc', '1,5', '0x10', '1e3', '12abc'].map(parseTypedNumber).every(Number.isNaN),
    ).toBe(true);
  });
});

describe('endOfLocalDay', () => {
  it('is the last moment of that day in the local time zone', () => {
    const end = new Date(endOfLocalDay('2030-02-28'));
    expect([
      end.getFullYear(),
      end.getMonth() + 1,
      end.getDate(),
      end.getHours(),
      end.getMinutes(),
    ]).toEqual([2030, 2, 28, 23, 59]);
    expect(localDay(end)).toBe('2030-02-28');
  });
  it('passes anything that is not a calendar day through, unchanged', () => {
    expect(['', '2030-02-30', 'soon'].map(endOfLocalDay)).toEqual(['', '2030-02-30', 'soon']);
  });
});

describe('ZCouponForm', () => {
  it('an empty form: the name and the discount value, in the spec’s words', () => {
    expect(messages(coupon({}))).toEqual({
      name: [MSG.couponNameRequired],
      discount_value: [MSG.discountValueRequired],
    });
    expect(messages(coupon({ name: '   ', discount_value: 'ten' }))).toEqual({
      name: ['Coupon name is required'],
      discount_value: ['Discount value is required and must be a number'],
    });
  });

  it('ticked boxes need their values, and say so beside the other problems', () => {
    const result = coupon({
      max_redemptions_enabled: true,
      max_redemptions: 'lots',
      redeem_by_enabled: true,
      redeem_by: '',
    });
    expect(messages(result)).toEqual({
      name: [MSG.couponNameRequired],
      discount_value: [MSG.discountValueRequired],
      max_redemptions: ['Max redemptions must be a valid number'],
      redeem_by: ['Expiration date is required if enabled'],
    });
    expect(
      messages(
        coupon({
          name: 'A',
          discount_value: '5',
          max_redemptions_enabled: true,
          max_redemptions: '2.5',
        }),
      ),
    ).toEqual({
      max_redemptions: [MSG.maxRedemptionsInvalid],
    });
  });

  it('unticked boxes send nothing, whatever their fields still hold', () => {
    const result = coupon({
      name: ' Launch ',
      discount_value: '15',
      max_redemptions: 'x',
      redeem_by: 'x',
    });
    expect(result.data).toEqual({ name: 'Launch', discount_type: 'percent', discount_value: 15 });
  });

  it('a percentage is sent as typed and keeps the body’s range rule', () => {
    expect(coupon({ name: 'A', discount_value: '20' }).data).toMatchObject({
      discount_type: 'percent',
      discount_value: 20,
    });
    expect(messages(coupon({ name: 'A', discount_value: '120' }))).toEqual({
      discount_value: [MSG.percentOutOfRange],
    });
  });

  it('a fixed amount is typed in dollars and sent in cents with currency usd', () => {
    expect(
      coupon({ name: 'Ten off', discount_type: 'amount', discount_value: '10.5' }).data,
    ).toEqual({
      name: 'Ten off',
      discount_type: 'amount',
      discount_value: 1050,
      currency: 'usd',
    });
    expect(
      coupon({ name: 'A', discount_type: 'amount', discount_value: '19.99' }).data?.discount_value,
    ).toBe(1999);
    expect(messages(coupon({ name: 'A', discount_type: 'amount', discount_value: '0' }))).toEqual({
      discount_value: [MSG.amountMustBePositiveInteger],
    });
  });

  it('limits and the expiry day become max_redemptions and an ISO redeem_by at the end of that day', () => {
    const result = coupon({
      name: 'A',
      discount_value: '5',
      max_redemptions_enabled: true,
      max_redemptions: '100',
      redeem_by_enabled: true,
      redeem_by: '2031-06-30',
    });
    expect(result.data).toMatchObject({
      max_redemptions: 100,
      redeem_by: endOfLocalDay('2031-06-30'),
    });
    expect(localDay(new Date(result.data!.redeem_by!))).toBe('2031-06-30');
  });
});

describe('ZPromotionForm', () => {
  it('starts its ticked fields at 1, today and $1', () => {
    expect(promotionFormDefaults()).toMatchObject({
      max_redemptions: '1',
      expires_at: localDay(),
      minimum_amount: '1',
    });
  });

  it('an empty code, in the spec’s words; other problems beside it', () => {
    expect(messages(promotion({}))).toEqual({ code: ['Promotion code is required'] });
    expect(
      messages(
        promotion({
          code: '  ',
          max_redemptions_enabled: true,
          max_redemptions: 'one',
          expires_at_enabled: true,
          expires_at: '2030-02-30',
          minimum_amount_enabled: true,
          minimum_amount: 'fifty',
        }),
      ),
    ).toEqual({
      code: [MSG.promotionCodeRequired],
      max_redemptions: ['Max redemptions must be a valid number'],
      expires_at: ['Expiration date is invalid'],
      minimum_amount: ['Minimum order value must be a valid number'],
    });
    expect(
      messages(promotion({ code: 'OK123', expires_at_enabled: true, expires_at: '' })),
    ).toEqual({ expires_at: [MSG.expirationInvalid] });
  });

  it('sends the trimmed code alone when no box is ticked', () => {
    expect(promotion({ code: ' SPRING25 ' }).data).toEqual({ code: 'SPRING25' });
  });

  it('sends the ticked limits: uses, the end of the expiry day, and the minimum order in cents', () => {
    const result = promotion({
      code: 'SPRING25',
      max_redemptions_enabled: true,
      max_redemptions: '3',
      expires_at_enabled: true,
      expires_at: '2031-01-15',
      minimum_amount_enabled: true,
      minimum_amount: '49.99',
    });
    expect(result.data).toEqual({
      code: 'SPRING25',
      max_redemptions: 3,
      expires_at: endOfLocalDay('2031-01-15'),
      minimum_amount: 4999,
    });
    expect(promotion({ code: 'SPRING25', minimum_amount_enabled: true }).data?.minimum_amount).toBe(
      100,
    );
  });
});
