import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/pdf-text';
import { DEFAULT_SELLER, loadConfig, sellerOf } from '../../config';
import { renderReceiptPdf, type ReceiptData } from './receipt-pdf';

const receipt = (over: Partial<ReceiptData> = {}): ReceiptData => ({
  invoiceNo: 4774,
  seller: { name: 'LentiBooth Pte. Ltd.', address: ['10 Anson Road #10-11', 'Singapore 079903'], uen: '201912345K' },
  orderId: 1042,
  issuedAt: new Date('2026-05-01T02:00:00Z'),
  paidAt: new Date('2026-05-01T02:00:00Z'),
  buyer: { name: 'Ana Putri', email: 'ana@booth.example', shipping: null },
  lines: [{ name: 'Yearly License', quantity: 1, unitPriceCents: 29_900, lineTotalCents: 29_900 }],
  subtotalCents: 29_900,
  discountCents: 0,
  promoCode: null,
  shippingCents: 0,
  totalCents: 29_900,
  currency: 'usd',
  timeZone: 'Asia/Singapore',
  ...over,
});

describe('the receipt PDF', () => {
  it("names the seller's registration details (name, address, UEN) and is not a tax invoice", async () => {
    const text = pdfTextLines(await renderReceiptPdf(receipt()));
    for (const line of ['LentiBooth Pte. Ltd.', '10 Anson Road #10-11', 'Singapore 079903', 'UEN 201912345K']) expect(text).toContain(line);
    expect(text.join('\n')).not.toMatch(/tax invoice/i);
    expect(text.join('\n')).toMatch(/no GST charged/);
  });

  it('writes the invoice number as INV-004774', async () => {
    const pdf = await renderReceiptPdf(receipt());
    const text = pdfTextLines(pdf);
    expect(text).toContain('INV-004774');
    expect(text).toContain('LentiBooth receipt INV-004774 · Page 1 of 1');
    expect(text).not.toContain('4774');
  });
});

describe('the seller of the configuration', () => {
  it('defaults to the embedded details and takes SELLER_NAME, SELLER_ADDRESS (lines by ;) and SELLER_UEN', () => {
    expect(sellerOf(loadConfig({}))).toEqual(DEFAULT_SELLER);
    expect(sellerOf(loadConfig({ SELLER_NAME: ' Booth Co Pte. Ltd. ', SELLER_ADDRESS: '1 Main St; #02-03 ;Singapore 123456', SELLER_UEN: '202400001A' }))).toEqual({
      name: 'Booth Co Pte. Ltd.',
      address: ['1 Main St', '#02-03', 'Singapore 123456'],
      uen: '202400001A',
    });
    expect(() => loadConfig({ SELLER_UEN: ' ' })).toThrow(/SELLER_UEN/);
  });
});
