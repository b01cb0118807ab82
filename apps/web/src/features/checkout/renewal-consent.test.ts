import { describe, expect, it } from 'vitest';
import { addRenewal, addToCart, emptyCart } from '@lbs/domain/cart';
import { renewalConsentWords } from '@lbs/domain/renewals';
import { ZOnePaymentBody } from '@lbs/domain/schemas';
import { onePaymentBody } from './payment-body';
import { renewalConsentOf } from './renewal-consent';

const body = (items: ReturnType<typeof emptyCart>['items'], renewAutomatically: ReturnType<typeof renewalConsentOf>) =>
  onePaymentBody({
    email: 'a@b.co',
    items,
    itemsTotal: 150,
    shippingFee: 0,
    needsShipping: false,
    discount: 0,
    promoCode: null,
    shippingInfo: { name: '', email: '', address: '', city: '', state: '', zip: '', country: '' },
    billingCountry: 'ID',
    renewAutomatically,
  });

describe('renewalConsentOf', () => {
  it('words the Monthly and Yearly lines at the cart’s prices, and nothing else in the cart', () => {
    const cart = addToCart(addToCart(addToCart(addToCart(emptyCart(), 10, 2), 11, 3), 13), 1);
    expect(renewalConsentOf(cart.items)).toEqual({
      words: renewalConsentWords([{ planName: 'Monthly License', type: 'month', unitPriceCents: 15000, quantity: 3 }], 'en'),
      language: 'en',
    });
  });

  it('a manual renewal line of a Monthly licence is a Monthly line too', () => {
    const cart = addRenewal(emptyCart(), 11, { id: '3f2e1d0c-9b8a-4765-8432-10fedcba9876', key: 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567' });
    expect(renewalConsentOf(cart.items)?.words).toContain('Monthly License at $150.00 every 30 days');
  });

  it('is null for a cart that never recurs', () => {
    expect(renewalConsentOf(addToCart(addToCart(emptyCart(), 10), 13).items)).toBeNull();
    expect(renewalConsentOf([])).toBeNull();
  });
});

describe('onePaymentBody’s renew_automatically', () => {
  it('is carried, as the server’s schema reads it, only when given', () => {
    const items = addToCart(emptyCart(), 11).items;
    const consent = renewalConsentOf(items)!;
    expect(ZOnePaymentBody.parse(body(items, consent)).renew_automatically).toEqual(consent);
    expect('renew_automatically' in body(items, null)).toBe(false);
  });
});
