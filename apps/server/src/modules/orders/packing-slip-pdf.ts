import { formatDate } from '@lbs/domain/dates';
import { countryName } from '@lbs/domain/shipping';
import { CONTACT_INFO } from '@lbs/domain/contact-info';
import { BRAND, pdfSafe, streamPdf, type Pdf } from '../../integrations/pdf/pdf-document';

export interface PackingSlip {
  orderId: number;
  placedAt: Date;
  email: string;
  shipTo: { name: string; address: string; city: string; state: string; zip: string; country: string } | null;
  /** What goes in the box; no prices: a slip travels with the parcel, and gifts are shipped too. */
  lines: Array<{ name: string; quantity: number }>;
}

/**
 * Packing slips, one order a page (a long order runs on to the next): order number and day, ship-to
 * address, and each line with its quantity and a box to tick when packed. Dates in the business time
 * zone, the day the shop's reports give the order.
 */
export function streamPackingSlips(slips: readonly PackingSlip[], timeZone: string): Pdf {
  const title = slips.length === 1 ? `Packing slip #${slips[0]!.orderId}` : `Packing slips (${slips.length} orders)`;
  return streamPdf({ Title: title, Subject: slips.map((s) => `#${s.orderId}`).join(' ') }, (doc) => {
    slips.forEach((slip, i) => {
      if (i > 0) doc.addPage();
      drawSlip(doc, slip, timeZone);
    });
  });
}

function drawSlip(doc: Pdf, slip: PackingSlip, timeZone: string): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.rect(0, 0, doc.page.width, 90).fill(BRAND.ink);
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#ffffff').text('LentiBooth', left, 32);
  doc.font('Helvetica').fontSize(10).fillColor('#c7d2fe').text(`${CONTACT_INFO.email} · ${CONTACT_INFO.phone}`, left, 58);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#ffffff').text('PACKING SLIP', left, 36, { width, align: 'right' });

  const facts: Array<[string, string]> = [
    ['Order no.', `#${slip.orderId}`],
    ['Placed', formatDate(slip.placedAt, timeZone)],
  ];
  let y = 120;
  for (const [k, v] of facts) {
    doc.font('Helvetica').fillColor(BRAND.muted).fontSize(10).text(k, left + width - 220, y, { width: 90 });
    doc.font('Helvetica-Bold').fillColor(BRAND.ink).text(v, left + width - 130, y, { width: 130, align: 'right' });
    y += 16;
  }

  const s = slip.shipTo;
  const shipLines = s
    ? [s.name, s.address, [s.city, s.state, s.zip].filter(Boolean).join(', '), countryName(s.country) ?? s.country, slip.email]
    : ['No shipping address on this order', slip.email];
  doc.font('Helvetica-Bold').fontSize(9).fillColor(BRAND.muted).text('SHIP TO', left, 120, { width: 260, characterSpacing: 1 });
  doc.font('Helvetica').fontSize(11).fillColor(BRAND.ink);
  y = 138;
  for (const line of shipLines.filter(Boolean)) {
    doc.text(pdfSafe(line), left, y, { width: 260 });
    y = doc.y + 2;
  }

  y = Math.max(y, 170) + 24;
  const cols = { check: left + 8, item: left + 34, qty: left + width - 70 };
  doc.rect(left, y, width, 22).fill(BRAND.soft);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND.ink);
  doc.text('Packed', left + 4, y + 7, { width: 40 });
  doc.text('Item', cols.item + 16, y + 7);
  doc.text('Qty', cols.qty, y + 7, { width: 62, align: 'right' });
  y += 30;
  doc.font('Helvetica').fontSize(11);
  const itemWidth = cols.qty - cols.item - 28;
  for (const line of slip.lines) {
    const name = pdfSafe(line.name);
    const h = Math.max(14, doc.heightOfString(name, { width: itemWidth }));
    if (y + h > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.rect(cols.check + 4, y, 10, 10).strokeColor(BRAND.muted).lineWidth(0.8).stroke();
    doc.fillColor(BRAND.ink).text(name, cols.item + 16, y, { width: itemWidth });
    doc.font('Helvetica-Bold').text(String(line.quantity), cols.qty, y, { width: 62, align: 'right' }).font('Helvetica');
    y += h + 10;
    doc.moveTo(left, y - 5).lineTo(left + width, y - 5).strokeColor(BRAND.rule).lineWidth(0.5).stroke();
  }
  const units = slip.lines.reduce((sum, l) => sum + l.quantity, 0);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(BRAND.ink).text(`${units} ${units === 1 ? 'item' : 'items'} in all`, left, y + 6, { width, align: 'right' });
}
