import { describe, expect, it } from 'vitest';

import {
  ACCESSORY_DISPLAY,
  CATALOGUE,
  findProduct,
  findProductByKey,
  isLicenseProductId,
  LICENSE_ID_THRESHOLD,
  SHEET_MINIMUM,
  SHEET_TIERS,
  sheetQuote,
} from './catalogue';

describe('CATALOGUE', () => {
  it('holds the seven products with DESIGN §4 prices', () => {
    expect(CATALOGUE.map((p) => [p.id, p.key, p.price])).toEqual([
      [1, 'perforated_paper', 220],
      [2, 'adhesion_roller', 300],
      [3, 'luggage_tag_cutter', 220],
      [10, 'daily_license', 40],
      [11, 'monthly_license', 150],
      [12, 'yearly_license', 1500],
      [13, 'one_time_setup', 990],
    ]);
  });

  it('uses the spec names', () => {
    expect(findProduct(1)?.name).toBe('Perforated Paper (4x6”)');
    expect(findProduct(2)?.name).toBe('Adhesion Roller');
    expect(findProduct(3)?.name).toBe('Luggage Tag Cutter');
    expect(findProduct(10)?.name).toBe('Daily License');
    expect(findProduct(13)?.name).toBe('One Time Setup');
  });

  it('gives licences their type and ships accessories and the setup kit only', () => {
    expect(CATALOGUE.filter((p) => p.kind === 'license').map((p) => p.licenseType)).toEqual([
      'day',
      'month',
      'year',
      'onetime',
    ]);
    expect(CATALOGUE.filter((p) => p.shippable).map((p) => p.id)).toEqual([1, 2, 3, 13]);
    for (const product of CATALOGUE) {
      if (product.shippable) expect(product.weightGrams).toBeGreaterThan(0);
      else expect(product.weightGrams).toBe(0);
      expect(product.kind === 'license').toBe(product.id >= LICENSE_ID_THRESHOLD);
    }
  });

  it('has unique ids and keys and cannot be changed at run time', () => {
    expect(new Set(CATALOGUE.map((p) => p.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((p) => p.key)).size).toBe(CATALOGUE.length);
    expect(() => {
      (CATALOGUE[0] as { price: number }).price = 1;
    }).toThrow();
  });

  it('finds by id and key', () => {
    expect(findProduct(12)?.key).toBe('yearly_license');
    expect(findProduct(4)).toBeUndefined();
    expect(findProductByKey('adhesion_roller')?.id).toBe(2);
    expect(findProductByKey('nope')).toBeUndefined();
  });

  it('treats ids from 10 as licences', () => {
    expect(LICENSE_ID_THRESHOLD).toBe(10);
    expect(isLicenseProductId(9)).toBe(false);
    expect(isLicenseProductId(10)).toBe(true);
    expect(isLicenseProductId(13)).toBe(true);
    expect(isLicenseProductId(10.5)).toBe(false);
  });
});

describe('lenticular sheets', () => {
  it('has the DESIGN §4 tiers', () => {
    expect(SHEET_MINIMUM).toBe(1000);
    expect(SHEET_TIERS).toEqual([
      { min: 1000, max: 5000, unitPrice: 0.3 },
      { min: 5001, max: 20000, unitPrice: 0.2 },
      { min: 20001, max: null, unitPrice: 0.15 },
    ]);
  });

  it('prices each tier at its bounds', () => {
    expect(sheetQuote(999)).toBeNull();
    expect(sheetQuote(1000)?.unitPrice).toBe(0.3);
    expect(sheetQuote(5000)?.unitPrice).toBe(0.3);
    expect(sheetQuote(5001)?.unitPrice).toBe(0.2);
    expect(sheetQuote(20000)?.unitPrice).toBe(0.2);
    expect(sheetQuote(20001)?.unitPrice).toBe(0.15);
    expect(sheetQuote(1_000_000)?.unitPrice).toBe(0.15);
    expect(sheetQuote(1500.5)).toBeNull();
    expect(sheetQuote(Number.NaN)).toBeNull();
  });

  it('quotes totals rounded to cents', () => {
    expect(sheetQuote(1000)).toEqual({ unitPrice: 0.3, total: 300 });
    expect(sheetQuote(5001)).toEqual({ unitPrice: 0.2, total: 1000.2 });
    expect(sheetQuote(20001)).toEqual({ unitPrice: 0.15, total: 3000.15 });
    expect(sheetQuote(10)).toBeNull();
  });

  it('labels tiers from the tier data', () => {
    expect(ACCESSORY_DISPLAY.find((item) => item.key === 'lenticular_sheets')?.details.slice(1)).toEqual([
      '1,000 - 5,000 pcs: $0.30 each',
      '5,001 - 20,000 pcs: $0.20 each',
      '20,001 pcs and above: $0.15 each',
    ]);
  });
});

describe('ACCESSORY_DISPLAY', () => {
  it('lists the four accessories in screen order', () => {
    expect(ACCESSORY_DISPLAY.map((item) => [item.title, item.productId])).toEqual([
      ['Lenticular Sheets (4x4”)', null],
      ['Perforated Paper (4x6”)', 1],
      ['Adhesion Roller', 2],
      ['Luggage Tag Cutter', 3],
    ]);
  });

  it('makes the sheets quote only and prices the rest from the catalogue', () => {
    const [sheets, ...rest] = ACCESSORY_DISPLAY;
    expect(sheets?.quoteOnly).toBe(true);
    expect(sheets?.price).toBeNull();
    expect(sheets?.details).toContain('20,001 pcs and above: $0.15 each');
    for (const item of rest) {
      expect(item.quoteOnly).toBe(false);
      expect(item.price).toBe(findProduct(item.productId ?? -1)?.price);
      expect(item.details.length).toBeGreaterThan(0);
    }
  });

  it('carries the size details', () => {
    expect(ACCESSORY_DISPLAY[1]?.details).toEqual(['Box of 2 rolls', '4x6 inch']);
    expect(ACCESSORY_DISPLAY[2]?.details).toEqual(['20 cm wide', '15 cm high']);
    expect(ACCESSORY_DISPLAY[3]?.details).toEqual(['16 cm wide', '35 cm high']);
  });

  it('uses the carousel index as product id for the cart items', () => {
    ACCESSORY_DISPLAY.forEach((item, index) => {
      if (item.productId !== null) expect(item.productId).toBe(index);
    });
  });
});
