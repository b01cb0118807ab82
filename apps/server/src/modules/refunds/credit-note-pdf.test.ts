import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../../test/pdf-text';
import { renderCreditNotePdf, type CreditNoteData } from './credit-note-pdf';

const note = (over: Partial<CreditNoteData> = {}): CreditNoteData => ({
  creditNoteNo: 7,
  seller: { name: 'LentiBooth Pte. Ltd.', address: ['10 Anson Road #10-11', 'Singapore 079903'], uen: '201912345K' },
  orderId: 1042,
  invoiceNo: 4774,
  issuedAt: new Date('2026-05-02T02:00:00Z'),
  buyer: { name: 'Ana Putri', email: 'ana@booth.example' },
  lines: [
    { name: 'Setup Kit', quantity: 1, amountCents: 152_404, shippingCents: 2_404 },
    { name: 'Yearly License', quantity: 1, amountCents: 29_900 },
  ],
  amountCents: 182_304,
  currency: 'usd',
  reason: 'Returned',
  timeZone: 'Asia/Singapore',
  ...over,
});

describe('the credit note PDF', () => {
  it("names the seller's registration details and the invoice it corrects as INV-004774", async () => {
    const text = pdfTextLines(await renderCreditNotePdf(note()));
    for (const line of ['LentiBooth Pte. Ltd.', '10 Anson Road #10-11', 'Singapore 079903', 'UEN 201912345K', 'INV-004774']) expect(text).toContain(line);
    expect(text.join('\n')).not.toMatch(/tax invoice/i);
  });

  it("says when shipping is part of a line's refund, and only then", async () => {
    const text = pdfTextLines(await renderCreditNotePdf(note()));
    expect(text).toContain('Includes shipping of $24.04');
    expect(text.filter((l) => /shipping/i.test(l))).toHaveLength(1);
    const none = pdfTextLines(await renderCreditNotePdf(note({ lines: [{ name: 'Yearly License', quantity: 1, amountCents: 29_900 }], amountCents: 29_900 })));
    expect(none.filter((l) => /shipping/i.test(l))).toEqual([]);
  });
});
