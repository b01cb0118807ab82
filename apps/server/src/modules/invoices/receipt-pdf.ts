import { formatDate } from '@lbs/domain/dates';
import { formatInvoiceNo } from '@lbs/domain/invoice-number';
import { countryName } from '@lbs/domain/shipping';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { CONTACT_INFO } from '@lbs/domain/contact-info';
import { MSG } from '@lbs/domain/messages';
import { BRAND, footer, pdfSafe, renderPdf, type Pdf } from '../../integrations/pdf/pdf-document';
import { sellerLines, type Seller } from '../../integrations/pdf/seller';

export interface ReceiptData {
  invoiceNo: number;
  /** Who sells (config SELLER_*): the "From" block. */
  seller: Seller;
  orderId: number | null;
  issuedAt: Date;
  paidAt: Date | null;
  buyer: {
    name: string;
    email: string;
    shipping: { name: string; address: string; city: string; state: string; zip: string; country: string } | null;
  };
  /** `renewedUntil`: a renewal line, with the renewed key's expiry right after this payment. */
  lines: Array<{ name: string; quantity: number; unitPriceCents: number; lineTotalCents: number; renewedUntil?: Date | null }>;
  subtotalCents: number;
  discountCents: number;
  promoCode: string | null;
  shippingCents: number;
  totalCents: number;
  currency: string;
  /** The buyer's time zone (users.time_zone): the receipt's dates are the days they saw. */
  timeZone: string;
}

const money = (cents: number) => formatUsd(fromCents(cents));

/** Under a renewal line: the same key, and the date this payment renewed it until. */
const renewalNote = (until: Date, timeZone: string) => `Same key, renewed until ${formatDate(until, timeZone)}`;

function receiptTitle(invoiceNo: number): string {
  return `Receipt ${formatInvoiceNo(invoiceNo)}`;
}

/**
 * The customer's receipt, drawn from our own invoice data only. The shop charges no GST, so this is
 * a receipt naming its seller (name, address, UEN), never a tax invoice.
 */
export function renderReceiptPdf(r: ReceiptData): Promise<Buffer> {
  return renderPdf({ Title: receiptTitle(r.invoiceNo), Subject: `Invoice ${formatInvoiceNo(r.invoiceNo)}` }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    documentHead(doc, 'RECEIPT', [
      ['Invoice no.', formatInvoiceNo(r.invoiceNo)],
      ['Order no.', r.orderId === null ? '--' : String(r.orderId)],
      ['Issued', formatDate(r.issuedAt, r.timeZone)],
      ['Paid', r.paidAt ? formatDate(r.paidAt, r.timeZone) : 'Not paid'],
    ]);

    let y = 120;
    const seller = sellerLines(r.seller);
    block(doc, 'From', seller, left, y, 200);
    const buyerLines = [r.buyer.name, r.buyer.email].filter(Boolean);
    const yBuyer = 120 + 18 + seller.length * 14 + 14;
    const s = r.buyer.shipping;
    block(doc, 'Billed to', buyerLines, left, yBuyer, 220);
    if (s) {
      const shipLines = [s.name, s.address, [s.city, s.state, s.zip].filter(Boolean).join(', '), countryName(s.country) ?? s.country];
      block(doc, 'Ship to', shipLines, left + 240, yBuyer, 220);
    }

    y = yBuyer + 18 + Math.max(buyerLines.length, s ? 4 : 0) * 14 + 24;
    const cols = { item: left, qty: left + width - 230, unit: left + width - 170, amount: left + width - 90 };
    doc.rect(left, y, width, 22).fill(BRAND.soft);
    doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND.ink);
    doc.text('Item', cols.item + 8, y + 7);
    doc.text('Qty', cols.qty, y + 7, { width: 40, align: 'right' });
    doc.text('Unit price', cols.unit, y + 7, { width: 70, align: 'right' });
    doc.text('Amount', cols.amount, y + 7, { width: 82, align: 'right' });
    y += 30;
    doc.font('Helvetica').fontSize(10);
    const lines = r.lines.length
      ? r.lines
      : [{ name: 'Purchase', quantity: 1, unitPriceCents: r.subtotalCents, lineTotalCents: r.subtotalCents }];
    for (const line of lines) {
      if (y > doc.page.height - 160) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const itemWidth = cols.qty - cols.item - 16;
      const h = Math.max(14, doc.heightOfString(pdfSafe(line.name), { width: itemWidth }));
      doc.fillColor(BRAND.ink).text(pdfSafe(line.name), cols.item + 8, y, { width: itemWidth });
      doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
      doc.text(money(line.unitPriceCents), cols.unit, y, { width: 70, align: 'right' });
      doc.text(money(line.lineTotalCents), cols.amount, y, { width: 82, align: 'right' });
      y += h + 8;
      if (line.renewedUntil) {
        const note = renewalNote(line.renewedUntil, r.timeZone);
        doc.fontSize(9).fillColor(BRAND.muted).text(note, cols.item + 8, y - 6, { width: itemWidth });
        y += doc.heightOfString(note, { width: itemWidth }) + 2;
        doc.fontSize(10);
      }
      doc.moveTo(left, y - 4).lineTo(left + width, y - 4).strokeColor(BRAND.rule).lineWidth(0.5).stroke();
    }

    y += 8;
    const totals: Array<[string, string, boolean]> = [
      ['Subtotal', money(r.subtotalCents), false],
      [r.promoCode ? `Discount (${pdfSafe(r.promoCode)})` : 'Discount', r.discountCents ? `-${money(r.discountCents)}` : money(0), false],
      ['Shipping', money(r.shippingCents), false],
      [`Total (${r.currency.toUpperCase()})`, money(r.totalCents), true],
    ];
    for (const [k, v, strong] of totals) {
      doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 12 : 10).fillColor(strong ? BRAND.ink : BRAND.muted);
      doc.text(k, cols.unit - 90, y, { width: 160, align: 'right' });
      doc.fillColor(BRAND.ink).text(v, cols.amount, y, { width: 82, align: 'right' });
      y += strong ? 20 : 16;
    }

    y += 20;
    doc.font('Helvetica').fontSize(10).fillColor(BRAND.muted);
    doc.text(
      r.paidAt
        ? `Paid in full on ${formatDate(r.paidAt, r.timeZone)}. ${MSG.pricesNett}`
        : MSG.pricesNett,
      left,
      y,
      { width },
    );
    doc.text(`Questions about this receipt? Write to ${CONTACT_INFO.email}.`, { width });
    footer(doc, `LentiBooth receipt ${formatInvoiceNo(r.invoiceNo)}`);
  });
}

/**
 * The head of the shop's documents (receipt, credit note): the brand band with the document's name
 * on the right, and its facts (number, dates) in the top right corner.
 */
export function documentHead(doc: Pdf, name: string, facts: ReadonlyArray<[string, string]>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.rect(0, 0, doc.page.width, 90).fill(BRAND.ink);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#ffffff').text('LentiBooth', left, 32);
  doc.font('Helvetica').fontSize(10).fillColor('#c7d2fe').text('3D lenticular photo-booth software', left, 58);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#ffffff').text(name, left, 36, { width, align: 'right' });
  let y = 120;
  for (const [k, v] of facts) {
    doc.font('Helvetica').fillColor(BRAND.muted).fontSize(10).text(k, left + width - 220, y, { width: 90 });
    doc.font('Helvetica-Bold').fillColor(BRAND.ink).text(v, left + width - 130, y, { width: 130, align: 'right' });
    y += 16;
  }
}

/** A headed block of lines (From, Billed to, Ship to). */
export function block(doc: Pdf, heading: string, lines: string[], x: number, y: number, width: number): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(BRAND.muted).text(heading.toUpperCase(), x, y, { width, characterSpacing: 1 });
  doc.font('Helvetica').fontSize(10).fillColor(BRAND.ink);
  let yy = y + 18;
  for (const line of lines) {
    doc.text(pdfSafe(line), x, yy, { width, lineBreak: false, ellipsis: true });
    yy += 14;
  }
}
