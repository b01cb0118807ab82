import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_RATES } from '@lbs/domain/shipping';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { loadConfig } from '../../config';
import { rateTableProvider } from './rate-provider';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1' });
});
afterAll(() => t?.close());

const rates = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/shipping/rates', payload: body as object });
const roller = { name: 'adhesion_roller', quantity: 1 };

describe('POST /api/shipping/rates', () => {
  it('quotes the zone base fee plus every started 500 g', async () => {
    // Adhesion roller: 1.5 kg = three started 500 g steps.
    const sg = await rates({ recipient: { postalCode: '018956', countryCode: 'SG' }, products: [roller] });
    expect(sg.statusCode).toBe(200);
    expect(sg.json()).toEqual({ fee: 12 + 3 * 3 });
    const id = await rates({ recipient: { postalCode: '10110', countryCode: 'id' }, products: [roller] });
    expect(id.json()).toEqual({ fee: 25 + 6 * 3 });
    const us = await rates({ recipient: { postalCode: '94105', countryCode: 'US' }, products: [{ ...roller, quantity: 2 }] });
    expect(us.json()).toEqual({ fee: 45 + 10 * 6 });
  });

  it('charges nothing when nothing ships (licences only)', async () => {
    const res = await rates({
      recipient: { postalCode: '018956', countryCode: 'SG' },
      products: [{ name: 'yearly_license', quantity: 3 }],
    });
    expect(res.json()).toEqual({ fee: 0 });
  });

  it('refuses a country code that is not ISO 3166 alpha-2', async () => {
    for (const countryCode of ['XX', 'SGP', '', 'S']) {
      const res = await rates({ recipient: { postalCode: '018956', countryCode }, products: [roller] });
      expect(res.statusCode, countryCode).toBe(400);
      expect(res.json().detail).toMatch(/recipient\.countryCode/);
    }
  });

  it('checks the postal code format for Singapore and Indonesia', async () => {
    const sg = await rates({ recipient: { postalCode: '12345', countryCode: 'SG' }, products: [roller] });
    expect(sg.statusCode).toBe(400);
    expect(sg.json().detail).toBe('recipient.postalCode: Please enter a valid postal code');
    const id = await rates({ recipient: { postalCode: '123456', countryCode: 'ID' }, products: [roller] });
    expect(id.statusCode).toBe(400);
    const missing = await rates({ recipient: { postalCode: '  ', countryCode: 'SG' }, products: [roller] });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses unknown products, bad quantities and unknown fields', async () => {
    const recipient = { postalCode: '018956', countryCode: 'SG' };
    const unknown = await rates({ recipient, products: [{ name: 'gold_bar', quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('products.0.name: Unknown product');
    for (const quantity of [0, -1, 1.5, 'two']) {
      const res = await rates({ recipient, products: [{ ...roller, quantity }] });
      expect(res.statusCode, String(quantity)).toBe(400);
    }
    expect((await rates({ recipient, products: [roller], fee: 0 })).statusCode).toBe(400);
    expect((await rates({ products: [roller] })).statusCode).toBe(400);
  });

  it('reads its rate table from SHIPPING_RATES, and refuses to start on a malformed one', async () => {
    const table = { SG: { baseFee: 5, stepFee: 1, stepGrams: 1000 }, SEA: { baseFee: 9, stepFee: 2, stepGrams: 1000 }, ROW: { baseFee: 20, stepFee: 5, stepGrams: 1000 } };
    const config = loadConfig({ SHIPPING_RATES: JSON.stringify(table) });
    const fee = await rateTableProvider(config.SHIPPING_RATES).quote({ countryCode: 'SG', postalCode: '018956', lines: [roller] });
    expect(fee).toBe(5 + 1 * 2);
    expect(loadConfig({}).SHIPPING_RATES).toEqual(SHIPPING_RATES);
    expect(() => loadConfig({ SHIPPING_RATES: '{SG:' })).toThrow(/SHIPPING_RATES: must be JSON/);
    expect(() => loadConfig({ SHIPPING_RATES: JSON.stringify({ SG: table.SG }) })).toThrow(/SHIPPING_RATES/);
  });
});
