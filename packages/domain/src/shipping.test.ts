import { describe, expect, it } from 'vitest';

import {
  computeShippingFee,
  countryName,
  ISO_COUNTRIES,
  isIsoCountry,
  postalCodeValid,
  SHIPPING_RATES,
  zoneForCountry,
} from './shipping';

describe('zoneForCountry', () => {
  it('puts Singapore, Southeast Asia and the rest apart', () => {
    expect(zoneForCountry('SG')).toBe('SG');
    expect(zoneForCountry('sg')).toBe('SG');
    for (const code of ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'TH', 'TL', 'VN']) {
      expect(zoneForCountry(code)).toBe('SEA');
    }
    expect(zoneForCountry('US')).toBe('ROW');
    expect(zoneForCountry('AU')).toBe('ROW');
    expect(zoneForCountry('XX')).toBe('ROW');
  });
});

describe('computeShippingFee', () => {
  it('is 0 when nothing ships', () => {
    expect(computeShippingFee('SG', [])).toBe(0);
    expect(
      computeShippingFee('SG', [
        { product_id: 10, quantity: 3 },
        { key: 'yearly_license', quantity: 1 },
      ]),
    ).toBe(0);
    expect(computeShippingFee('SG', [{ key: 'unknown', quantity: 1 }])).toBe(0);
  });

  it('charges the base fee plus every started 500 g', () => {
    expect(SHIPPING_RATES.SG).toEqual({ baseFee: 12, stepFee: 3, stepGrams: 500 });
    // roller: 1500 g = 3 steps
    expect(computeShippingFee('SG', [{ product_id: 2, quantity: 1 }])).toBe(12 + 3 * 3);
    expect(computeShippingFee('MY', [{ product_id: 2, quantity: 1 }])).toBe(25 + 6 * 3);
    expect(computeShippingFee('US', [{ product_id: 2, quantity: 1 }])).toBe(45 + 10 * 3);
    // paper 1800 g x 2 = 3600 g = 8 steps
    expect(computeShippingFee('SG', [{ key: 'perforated_paper', quantity: 2 }])).toBe(12 + 3 * 8);
  });

  it('ships the setup kit and ignores licence lines in the weight', () => {
    // the kit weighs 4500 g (9 steps of 500 g to Indonesia); the licences add nothing
    expect(computeShippingFee('ID', [{ name: 'one_time_setup', quantity: 1 }])).toBe(25 + 6 * 9);
    expect(
      computeShippingFee('ID', [
        { name: 'one_time_setup', quantity: 1 },
        { name: 'daily_license', quantity: 5 },
      ]),
    ).toBe(25 + 6 * 9);
  });

  it('names products by id, key or catalogue name', () => {
    const byId = computeShippingFee('SG', [{ product_id: 3, quantity: 1 }]);
    expect(computeShippingFee('SG', [{ key: 'luggage_tag_cutter', quantity: 1 }])).toBe(byId);
    expect(computeShippingFee('SG', [{ name: 'Luggage Tag Cutter', quantity: 1 }])).toBe(byId);
  });

  it('costs more further away and for heavier parcels', () => {
    const lines = [{ product_id: 1, quantity: 1 }];
    expect(computeShippingFee('SG', lines)).toBeLessThan(computeShippingFee('TH', lines));
    expect(computeShippingFee('TH', lines)).toBeLessThan(computeShippingFee('GB', lines));
    expect(computeShippingFee('SG', [{ product_id: 1, quantity: 3 }])).toBeGreaterThan(
      computeShippingFee('SG', lines),
    );
  });

  it('uses a rate table passed in place of the built-in one', () => {
    const rates = {
      SG: { baseFee: 1, stepFee: 1, stepGrams: 1000 },
      SEA: { baseFee: 2, stepFee: 2, stepGrams: 1000 },
      ROW: { baseFee: 3, stepFee: 3, stepGrams: 1000 },
    };
    // Adhesion roller: 1.5 kg, two started kilograms.
    expect(computeShippingFee('SG', [{ product_id: 2, quantity: 1 }], rates)).toBe(1 + 2);
    expect(computeShippingFee('VN', [{ product_id: 2, quantity: 1 }], rates)).toBe(2 + 4);
    expect(computeShippingFee('FR', [{ product_id: 12, quantity: 1 }], rates)).toBe(0);
  });
});

describe('ISO_COUNTRIES', () => {
  it('holds all 249 assigned alpha-2 codes once', () => {
    expect(ISO_COUNTRIES).toHaveLength(249);
    expect(new Set(ISO_COUNTRIES.map(([code]) => code)).size).toBe(249);
    for (const [code, name] of ISO_COUNTRIES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name.length).toBeGreaterThan(2);
    }
  });

  it('is sorted by name', () => {
    const names = ISO_COUNTRIES.map(([, name]) => name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('knows codes and names', () => {
    expect(isIsoCountry('SG')).toBe(true);
    expect(isIsoCountry('VU')).toBe(true);
    expect(isIsoCountry('UK')).toBe(false);
    expect(isIsoCountry('sg')).toBe(false);
    expect(countryName('ID')).toBe('Indonesia');
    expect(countryName('SG')).toBe('Singapore');
    expect(countryName('ZZ')).toBeUndefined();
  });
});

describe('postalCodeValid', () => {
  it('wants 6 digits in Singapore', () => {
    expect(postalCodeValid('SG', '018956')).toBe(true);
    expect(postalCodeValid('SG', ' 018956 ')).toBe(true);
    expect(postalCodeValid('SG', '18956')).toBe(false);
    expect(postalCodeValid('SG', '0189567')).toBe(false);
    expect(postalCodeValid('SG', '01895A')).toBe(false);
  });

  it('wants 5 digits in Indonesia', () => {
    expect(postalCodeValid('ID', '10110')).toBe(true);
    expect(postalCodeValid('id', '1011')).toBe(false);
    expect(postalCodeValid('ID', '101100')).toBe(false);
  });

  it('accepts 2-10 letters, digits, spaces and hyphens elsewhere', () => {
    expect(postalCodeValid('GB', 'SW1A 1AA')).toBe(true);
    expect(postalCodeValid('US', '94105-1234')).toBe(true);
    expect(postalCodeValid('NL', '1')).toBe(false);
    expect(postalCodeValid('US', '12345678901')).toBe(false);
    expect(postalCodeValid('US', '123_45')).toBe(false);
    expect(postalCodeValid('US', '-1234')).toBe(false);
  });
});
