import { describe, expect, it } from 'vitest';
import { formatInvoiceNo, parseInvoiceNo } from './invoice-number';

describe('formatInvoiceNo', () => {
  it('writes INV- and six digits, more when the number has more', () => {
    expect(formatInvoiceNo(4774)).toBe('INV-004774');
    expect(formatInvoiceNo(1)).toBe('INV-000001');
    expect(formatInvoiceNo(999_999)).toBe('INV-999999');
    expect(formatInvoiceNo(1_234_567)).toBe('INV-1234567');
  });
});

describe('parseInvoiceNo', () => {
  it('reads back every format ever shown, in any case', () => {
    for (const q of ['INV-004774', 'inv-004774', 'INV-4774', 'inv 4774', 'INV004774', 'Invoice no. 4774', 'Invoice #4774', 'invoice: 4774', 'Receipt 4774', 'receipt-4774.pdf', '#4774', '# 4774', '4774', ' 004774 ']) {
      expect(parseInvoiceNo(q), q).toBe(4774);
    }
    expect(parseInvoiceNo(formatInvoiceNo(4774))).toBe(4774);
  });

  it('refuses what is not an invoice number', () => {
    for (const q of ['', 'INV-', 'order 4774', 'CN-4774', '0', 'INV-000000', '99999999999', '4774x', 'ann']) expect(parseInvoiceNo(q), q).toBeUndefined();
  });
});
