import { describe, expect, it } from 'vitest';
import { addRenewal, addToCart, emptyCart, needsShipping } from '@lbs/domain/cart';
import { ZOnePaymentBody } from '@lbs/domain/schemas';
import { onePaymentBody, shippingFeeKnown } from './payment-body';

const info = {
  name: 'Ana Tan',
  email: 'ana@example.com',
  address: '1 Marina Blvd',
  city: 'Singapore',
  state: 'SG',
  zip: '018989',
  country: 'SG',
};

describe('onePaymentBody', () => {
  it('sends shipping and the applied promo code for a mixed cart', () => {
    const cart = addToCart(addToCart(emptyCart(), 12), 2, 2);
    const body = onePaymentBody({
      email: 'ana@example.com',
      items: cart.items,
      itemsTotal: cart.totalCartPrice,
      shippingFee: 24,
      needsShipping: true,
      discount: 150,
      promoCode: 'TEN',
      shippingInfo: info,
      billingCountry: 'ID',
    });
    expect(body).toEqual({
      email: 'ana@example.com',
      shipping_fee: 24,
      discount: 150,
      promo_code: 'TEN',
      products: [
        { price_id: 'yearly_license', quantity: 1 },
        { price_id: 'adhesion_roller', quantity: 2 },
      ],
      total_amount: 1500 + 600 + 24 - 150,
      shipping_info: info,
      // Something ships: billed to the shipping country, whatever was chosen for licences alone.
      billing_country: 'SG',
    });
  });

  it('marks a renewal line with the licence it renews (products[].renews), as the server schema reads it', () => {
    const id = '3f2e1d0c-9b8a-4765-8432-10fedcba9876';
    const cart = addRenewal(emptyCart(), 11, { id, key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567' });
    const body = onePaymentBody({
      email: 'a@b.co',
      items: cart.items,
      itemsTotal: cart.totalCartPrice,
      shippingFee: -100,
      needsShipping: false,
      discount: 0,
      promoCode: null,
      shippingInfo: info,
      billingCountry: 'ID',
    });
    expect(body.products).toEqual([{ price_id: 'monthly_license', quantity: 1, renews: id }]);
    expect(body.total_amount).toBe(150);
    expect(ZOnePaymentBody.parse(body).products[0]!.renews).toBe(id);
  });

  it('leaves out shipping_info and promo_code when they do not apply', () => {
    const cart = addToCart(emptyCart(), 10, 3);
    const body = onePaymentBody({
      email: 'a@b.co',
      items: cart.items,
      itemsTotal: cart.totalCartPrice,
      shippingFee: -100,
      needsShipping: false,
      discount: 0,
      promoCode: null,
      shippingInfo: info,
      billingCountry: 'ID',
    });
    expect(body).toEqual({
      email: 'a@b.co',
      shipping_fee: 0,
      discount: 0,
      products: [{ price_id: 'daily_license', quantity: 3 }],
      total_amount: 120,
      // Issue 37: a licence-only order names its billing country.
      billing_country: 'ID',
    });
    expect('shipping_info' in body).toBe(false);
    expect('promo_code' in body).toBe(false);
  });

  it('sends no shipping fee for a licence-only cart, whatever fee the cart still carries', () => {
    // A fee quoted while a roller was in the cart (or any figure at all) must not reach a cart of licences.
    const cart = addToCart(addToCart(emptyCart(), 10, 3), 12);
    expect(needsShipping(cart.items)).toBe(false);
    for (const shippingFee of [24, 0.01, 1_000_000]) {
      const body = onePaymentBody({
        email: 'a@b.co',
        items: cart.items,
        itemsTotal: cart.totalCartPrice,
        shippingFee,
        needsShipping: needsShipping(cart.items),
        discount: 0,
        promoCode: null,
        shippingInfo: info,
        billingCountry: 'ID',
      });
      expect(body, `a cart carrying a fee of ${shippingFee}`).toMatchObject({ shipping_fee: 0, total_amount: 120 + 1500 });
      expect('shipping_info' in body).toBe(false);
    }
  });

  it('never sends a total below 0 and rounds to cents', () => {
    const cart = addToCart(emptyCart(), 10);
    expect(
      onePaymentBody({
        email: 'a@b.co',
        items: cart.items,
        itemsTotal: 40,
        shippingFee: 0,
        needsShipping: false,
        discount: 55.555,
        promoCode: 'X',
        shippingInfo: info,
        billingCountry: 'ID',
      }).total_amount,
    ).toBe(0);
    expect(
      onePaymentBody({
        email: 'a@b.co',
        items: cart.items,
        itemsTotal: 40,
        shippingFee: 0,
        needsShipping: false,
        discount: 13.333,
        promoCode: 'X',
        shippingInfo: info,
        billingCountry: 'ID',
      }),
    ).toMatchObject({ discount: 13.33, total_amount: 26.67 });
  });
});

describe('shippingFeeKnown', () => {
  it('needs a fee above 0 when something ships, and exactly 0 otherwise', () => {
    expect(shippingFeeKnown(true, -100)).toBe(false);
    expect(shippingFeeKnown(true, 0)).toBe(false);
    expect(shippingFeeKnown(true, 21)).toBe(true);
    expect(shippingFeeKnown(false, -100)).toBe(false);
    expect(shippingFeeKnown(false, 0)).toBe(true);
  });
});
