import { formatDate } from '@lbs/domain/dates';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { CONTACT_INFO } from '@lbs/domain/contact-info';
import { creditNoteLabel } from '@lbs/domain/refunds';
import { BRAND, footer, pdfSafe, renderPdf } from '../../integrations/pdf/pdf-document';
import { sellerLines, type Seller } from '../../integrations/pdf/seller';
import { block, documentHead } from '../invoices/receipt-pdf';

export interface CreditNoteData {
  creditNoteNo: number;
  /** Who sells (config SELLER_*): the "From" block. */
  seller: Seller;
  orderId: number;
  /** The invoice it corrects, null if the order had none. */
  invoiceNo: number | null;
  issuedAt: Date;
  buyer: { name: string; email: string };
  /**
   * The refunded lines: units (0 for an amount refund's share), their share of the amount, and how
   * much of that share is shipping (shippingInRefund), said under the line.
   */
  lines: Array<{ name: string; quantity: number; amountCents: number; shippingCents?: number }>;
  amountCents: number;
  currency: string;
  reason: string;
  /** The customer's time zone (users.time_zone). */
  timeZone: string;
}

const money = (cents: number) => formatUsd(fromCents(cents));

/** Under a line whose refund carries part of the order's shipping. */
export const shippingNote = (cents: number) => `Includes shipping of ${money(cents)}`;

/** The credit note of a succeeded refund, in the receipt's look: "Credit note CN-n", correcting its invoice. */
export function renderCreditNotePdf(c: CreditNoteData): Promise<Buffer> {
  const label = creditNoteLabel(c.creditNoteNo);
  return renderPdf({ Title: `Credit note ${label}`, Subject: c.invoiceNo === null ? `Order ${c.orderId}` : `Corrects invoice ${formatInvoiceNo(c.invoiceNo)}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    documentHead(doc, 'CREDIT NOTE', [
      ['Credit note', label],
      ['Corrects invoice', c.invoiceNo === null ? '--' : formatInvoiceNo(c.invoiceNo)],
      ['Order no.', String(c.orderId)],
      ['Issued', formatDate(c.issuedAt, c.timeZone)],
    ]);
    const seller = sellerLines(c.seller);
    block(doc, 'From', seller, left, 120, 200);
    const yBuyer = 120 + 18 + seller.length * 14 + 14;
    block(doc, 'Credited to', [c.buyer.name, c.buyer.email].filter(Boolean), left, yBuyer, 260);

    let y = yBuyer + 18 + 2 * 14 + 24;
    doc.font('Helvetica-Bold').fontSize(14).fillColor(BRAND.ink).text(`Credit note ${label}`, left, y);
    y += 26;
    const cols = { item: left, qty: left + width - 170, amount: left + width - 90 };
    doc.rect(left, y, width, 22).fill(BRAND.soft);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND.ink);
    doc.text('Item', cols.item + 8, y + 7);
    doc.text('Qty refunded', cols.qty - 30, y + 7, { width: 70, align: 'right' });
    doc.text('Amount', cols.amount, y + 7, { width: 82, align: 'right' });
    y += 30;
    doc.font('Helvetica').fontSize(10);
    const lines = c.lines.length ? c.lines : [{ name: 'Refund', quantity: 0, amountCents: c.amountCents }];
    for (const line of lines) {
      if (y > doc.page.height - 160) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const itemWidth = cols.qty - cols.item - 40;
      const h = Math.max(14, doc.heightOfString(pdfSafe(line.name), { width: itemWidth }));
      doc.fillColor(BRAND.ink).text(pdfSafe(line.name), cols.item + 8, y, { width: itemWidth });
      doc.text(line.quantity ? String(line.quantity) : '--', cols.qty - 30, y, { width: 70, align: 'right' });
      doc.text(`-${money(line.amountCents)}`, cols.amount, y, { width: 82, align: 'right' });
      y += h + 8;
      if (line.shippingCents) {
        const note = shippingNote(line.shippingCents);
        doc.fontSize(9).fillColor(BRAND.muted).text(note, cols.item + 8, y - 6, { width: itemWidth });
        y += doc.heightOfString(note, { width: itemWidth }) + 2;
        doc.fontSize(10);
      }
      doc.moveTo(left, y - 4).lineTo(left + width, y - 4).strokeColor(BRAND.rule).lineWidth(0.5).stroke();
    }
    y += 8;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND.ink);
    doc.text(`Total credited (${c.currency.toUpperCase()})`, cols.qty - 130, y, { width: 200, align: 'right' });
    doc.text(`-${money(c.amountCents)}`, cols.amount, y, { width: 82, align: 'right' });
    y += 34;
    doc.font('Helvetica').fontSize(10).fillColor(BRAND.muted);
    doc.text(`Reason: ${pdfSafe(c.reason)}`, left, y, { width });
    doc.text(
      `Refunded on ${formatDate(c.issuedAt, c.timeZone)} to the payment method used for order ${c.orderId}. Questions? Write to ${CONTACT_INFO.email}.`,
      { width },
    );
    footer(doc, `LentiBooth credit note ${label}`);
  });
}
