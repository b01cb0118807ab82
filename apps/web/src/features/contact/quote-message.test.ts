import { describe, expect, it } from 'vitest';
import { quoteRequestMessage } from './quote-message';

describe('quoteRequestMessage', () => {
  it('names the quantity and the tier price of a sheets quote', () => {
    expect(quoteRequestMessage(new URLSearchParams('quote=sheets&quantity=5000'))).toBe(
      'Hello, I would like a quote for 5,000 Lenticular Sheets (4x4”). The price list shows $0.30 each ($1,500.00) at this volume. Please include shipping to my address.',
    );
    expect(quoteRequestMessage(new URLSearchParams('quote=sheets&quantity=20001'))).toContain('$0.15 each ($3,000.15)');
  });

  it('asks without figures below the minimum or with a bad quantity', () => {
    for (const q of ['quote=sheets&quantity=999', 'quote=sheets&quantity=abc', 'quote=sheets']) {
      expect(quoteRequestMessage(new URLSearchParams(q))).toBe(
        'Hello, I would like a quote for Lenticular Sheets (4x4”). Please include shipping to my address.',
      );
    }
  });

  it('starts empty for any other link', () => {
    expect(quoteRequestMessage(new URLSearchParams(''))).toBe('');
    expect(quoteRequestMessage(new URLSearchParams('quote=roller&quantity=5'))).toBe('');
  });
});
