import PDFDocument from 'pdfkit';

export type Pdf = PDFKit.PDFDocument;

export const BRAND = { ink: '#1e1b4b', brand: '#4f46e5', muted: '#6b7280', rule: '#e5e7eb', soft: '#eef2ff' } as const;

/**
 * The standard PDF fonts only cover Latin-1 (WinAnsi); anything outside it would come out as
 * wrong glyphs, so it is shown as '?' instead. Names in other scripts need an embedded Unicode
 * font, which we do not ship yet.
 */
export function pdfSafe(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u2026\u20ac\n]/g, '?');
}

/** Renders with pdfkit and answers the finished file. */
export function renderPdf(info: { Title: string; Subject?: string }, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { ...info, Author: 'LentiBooth Pte. Ltd.', Creator: 'LentiBooth shop' },
      bufferPages: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}

/** "Page n of m" at the foot of every page but, with skipFirst, a cover (pages are buffered until the end). */
export function footer(doc: Pdf, text: string, opts: { skipFirst?: boolean } = {}): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start + (opts.skipFirst ? 1 : 0); i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    const saved = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(BRAND.muted)
      .text(`${text} · Page ${i + 1} of ${range.count}`, 56, bottom, { width: doc.page.width - 112, align: 'center', lineBreak: false });
    doc.page.margins.bottom = saved;
  }
}

/**
 * Draws with pdfkit and answers the document itself, a readable stream the reply pipes out as
 * pdfkit writes it, for files that grow with the request (a hundred packing slips) and need no
 * "Page n of m" (that needs every page buffered). Drawing errors throw here, before any byte is sent.
 */
export function streamPdf(info: { Title: string; Subject?: string }, draw: (doc: Pdf) => void): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { ...info, Author: 'LentiBooth Pte. Ltd.', Creator: 'LentiBooth shop' },
  });
  draw(doc);
  doc.end();
  return doc;
}
